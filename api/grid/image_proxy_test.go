package grid

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/httperr"
	"pricelens/api/session"
	"pricelens/deploy/testenv"
	"pricelens/engine"
	"pricelens/report"
)

// GET /tooltip/getImg: an image of the account's data comes back scaled to fit
// 145×145 (aspect kept, never enlarged); an address the account does not have,
// another account's or competitor's is refused without fetching anything; a host
// that is slow, too large, sends no image or is private gets the placeholder
// picture; the demo's .example addresses are drawn, not fetched.
func TestImageProxy(t *testing.T) {
	w, _ := testenv.ClickHouse(t)
	ctx := context.Background()
	encode := func(wd, ht int, jpg bool) []byte {
		img := image.NewNRGBA(image.Rect(0, 0, wd, ht))
		for y := 0; y < ht; y++ {
			for x := 0; x < wd; x++ {
				img.SetNRGBA(x, y, color.NRGBA{R: uint8(x), G: 200, B: uint8(y), A: 255})
			}
		}
		var b bytes.Buffer
		if jpg {
			require.NoError(t, jpeg.Encode(&b, img, nil))
		} else {
			require.NoError(t, png.Encode(&b, img))
		}
		return b.Bytes()
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/wide.png", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(encode(600, 300, false)) })
	mux.HandleFunc("/tall.jpg", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(encode(200, 400, true)) })
	mux.HandleFunc("/small.png", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(encode(40, 30, false)) })
	mux.HandleFunc("/text", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("not an image")) })
	mux.HandleFunc("/huge", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(make([]byte, MaxImageBytes+10)) })
	mux.HandleFunc("/gone.png", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(404) })
	release := make(chan struct{})
	mux.HandleFunc("/slow.png", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	host := httptest.NewServer(mux)
	defer host.Close()
	defer close(release)

	// The catalogue: account 1 has a product image per path and competitor 11 an
	// offer image; account 2 has an image of its own.
	b, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, img_url, updated_at)")
	require.NoError(t, err)
	for i, p := range []string{"/wide.png", "/tall.jpg", "/small.png", "/text", "/huge", "/gone.png", "/slow.png"} {
		require.NoError(t, b.Append(uint32(1), "P"+string(rune('a'+i)), host.URL+p, time.Now()))
	}
	// The demo's addresses: hosts under the reserved .example domain.
	for i, p := range []string{demoA, demoB} {
		require.NoError(t, b.Append(uint32(1), "D"+string(rune('a'+i)), p, time.Now()))
	}
	require.NoError(t, b.Append(uint32(2), "Q1", host.URL+"/small.png?acc=2", time.Now()))
	require.NoError(t, b.Send())
	b, err = w.Conn.PrepareBatch(ctx, "INSERT INTO offers (account_id, product_id, competitor_id, scanned_at, price, img_url)")
	require.NoError(t, err)
	require.NoError(t, b.Append(uint32(1), "Pa", uint32(11), time.Now(), nil, host.URL+"/wide.png?comp=11"))
	require.NoError(t, b.Send())

	s := report.NewService(w, nil)
	accounts := map[int64]engine.Account{
		1: {AccountID: 1, Competitors: []engine.Competitor{{ID: 11, Name: "Alpha"}, {ID: 12, Name: "Beta"}}},
		2: {AccountID: 2},
	}
	s.Load = func(_ context.Context, id int64) (engine.Account, error) { return accounts[id], nil }
	x := NewImageProxy(s, true)
	x.Timeout = 300 * time.Millisecond

	var getFull func(px *ImageProxy, acc int64, addr, site string) (int, image.Image, string, http.Header)
	get := func(px *ImageProxy, acc int64, addr, site string) (int, image.Image, string) {
		st, img, msg, _ := getFull(px, acc, addr, site)
		return st, img, msg
	}
	getFull = func(px *ImageProxy, acc int64, addr, site string) (int, image.Image, string, http.Header) {
		q := url.Values{"i": {addr}}
		if site != "" {
			q.Set("siteId", site)
		}
		rec := httptest.NewRecorder()
		c := echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/?"+q.Encode(), nil), rec)
		session.Set(c, session.Principal{UserID: 1, AccountID: acc})
		if err := px.Get(c); err != nil {
			var he *httperr.Error
			if errors.As(err, &he) {
				return he.Status, nil, he.Message, nil
			}
			if MapError(err) != nil {
				return MapError(err).Status, nil, err.Error(), nil
			}
			return 500, nil, err.Error(), nil
		}
		img, format, err := image.Decode(rec.Body)
		require.NoError(t, err)
		return rec.Code, img, format + " " + rec.Header().Get("Content-Type"), rec.Header()
	}

	for _, tc := range []struct {
		path, site string
		w, h       int
		format     string
	}{
		{"/wide.png", "", 145, 72, "png image/png"},
		{"/tall.jpg", "0", 72, 145, "jpeg image/jpeg"},
		{"/small.png", "", 40, 30, "png image/png"}, // never enlarged
		{"/wide.png?comp=11", "11", 145, 72, "png image/png"},
	} {
		st, img, format := get(x, 1, host.URL+tc.path, tc.site)
		require.Equal(t, 200, st, "%s: %s", tc.path, format)
		assert.Equal(t, image.Pt(tc.w, tc.h), img.Bounds().Size(), tc.path)
		assert.Equal(t, tc.format, format, tc.path)
	}
	for name, tc := range map[string]struct {
		acc        int64
		addr, site string
		status     int
		msg        string
	}{
		"not in the catalogue":        {1, host.URL + "/other.png", "", 404, "Image not found"},
		"another account's image":     {1, host.URL + "/small.png?acc=2", "", 404, "Image not found"},
		"an offer image as a product": {1, host.URL + "/wide.png?comp=11", "", 404, "Image not found"},
		"another competitor's offer":  {1, host.URL + "/wide.png?comp=11", "12", 404, "Image not found"},
		"not a competitor":            {1, host.URL + "/wide.png?comp=11", "99", 400, "99 is not a competitor of this account"},
		"no address":                  {1, "", "", 400, "i must be the http(s) address of an image"},
		"not http":                    {1, "file:///etc/passwd", "", 400, "i must be the http(s) address of an image"},
	} {
		st, _, msg := get(x, tc.acc, tc.addr, tc.site)
		assert.Equal(t, tc.status, st, name)
		assert.True(t, strings.Contains(msg, tc.msg), "%s: %s", name, msg)
	}
	// A host that fails gets the placeholder picture, not a broken image: 200, a
	// 145 px PNG, marked and cached only briefly (the host may come back).
	placeholder := func(px *ImageProxy, addr string) {
		t.Helper()
		st, img, format, hdr := getFull(px, 1, addr, "")
		require.Equal(t, 200, st, "%s: %s", addr, format)
		assert.Equal(t, image.Pt(report.ThumbnailSize, report.ThumbnailSize), img.Bounds().Size(), addr)
		assert.Equal(t, "png image/png", format, addr)
		assert.Equal(t, "unavailable", hdr.Get("X-Image-Placeholder"), addr)
		assert.Equal(t, "private, max-age=300", hdr.Get("Cache-Control"), addr)
	}
	for _, p := range []string{"/text", "/huge", "/gone.png", "/slow.png"} {
		placeholder(x, host.URL+p)
	}
	// The production client refuses the loopback host even for a catalogued image.
	placeholder(NewImageProxy(s, false), host.URL+"/wide.png")

	// The demo's images are drawn by the proxy, never fetched (.example never
	// resolves): a 145 px picture per address, the same each time, another for
	// another product; a client that would fetch fails the test.
	drawn := NewImageProxy(s, false)
	drawn.Client = &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		t.Errorf("the proxy fetched %s", r.URL)
		return nil, errors.New("no fetch")
	})}
	stA, imgA, formatA, hdrA := getFull(drawn, 1, demoA, "")
	require.Equal(t, 200, stA, formatA)
	assert.Equal(t, image.Pt(report.ThumbnailSize, report.ThumbnailSize), imgA.Bounds().Size())
	assert.Equal(t, "png image/png", formatA)
	assert.Empty(t, hdrA.Get("X-Image-Placeholder"))
	_, imgA2, _, _ := getFull(drawn, 1, demoA, "")
	_, imgB, _, _ := getFull(drawn, 1, demoB, "")
	assert.Equal(t, imgA, imgA2, "the same address, the same picture")
	assert.NotEqual(t, imgA, imgB, "another product, another picture")
	// Still only the account's own addresses.
	st, _, msg := get(drawn, 2, demoA, "")
	assert.Equal(t, 404, st, msg)
}

const (
	demoA = "https://img.northwind-electronics.example/NW000001.jpg"
	demoB = "https://img.northwind-electronics.example/NW000002.jpg"
)

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

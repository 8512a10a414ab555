package grid

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif" // decoders of the formats product images come in
	"image/jpeg"
	"image/png"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"syscall"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/session"
	"pricelens/report"
)

// GET /tooltip/getImg?i={image}&siteId={id} (docs/product.md §7): the tooltips' and
// cards' product images, fetched by the server and scaled to the thumbnail size
// cap (report.ThumbnailSize, 145 px). The browser then never calls the retailers' image
// hosts itself, and a slow or huge image costs at most ImageTimeout and
// MaxImageBytes. Only addresses of the account's own data are fetched (a product's
// image, siteId 0 or the account's site, or an offer's image of the competitor
// siteId), and never one that resolves to a loopback, private or link-local
// address: the proxy cannot be used to reach other URLs or the internal network.
// The demo's addresses (the reserved .example domain) are drawn, not fetched.

const (
	// ImageTimeout bounds fetching one image, redirects included.
	ImageTimeout = 5 * time.Second
	// MaxImageBytes bounds an image's size before it is scaled.
	MaxImageBytes = 5 << 20
	// MaxImagePixels bounds the decoded size (a small file can claim a huge canvas).
	MaxImagePixels = 40_000_000
)

// ImageProxy serves GET /tooltip/getImg.
type ImageProxy struct {
	S      *report.Service
	Client *http.Client
	// Timeout bounds one fetch (ImageTimeout; shorter in tests).
	Timeout time.Duration
}

// NewImageProxy is the proxy with its guarded client. allowPrivate lets it fetch
// from loopback and private addresses: tests only.
func NewImageProxy(s *report.Service, allowPrivate bool) *ImageProxy {
	d := &net.Dialer{Timeout: ImageTimeout}
	if !allowPrivate {
		d.Control = publicOnly
	}
	tr := &http.Transport{DialContext: d.DialContext, TLSHandshakeTimeout: ImageTimeout, ResponseHeaderTimeout: ImageTimeout,
		MaxIdleConns: 16, IdleConnTimeout: 30 * time.Second}
	return &ImageProxy{S: s, Timeout: ImageTimeout, Client: &http.Client{Transport: tr, Timeout: ImageTimeout,
		CheckRedirect: func(_ *http.Request, via []*http.Request) error {
			if len(via) >= 3 {
				return errors.New("too many redirects")
			}
			return nil
		}}}
}

// publicOnly refuses connections to loopback, private, link-local and unspecified
// addresses (checked on the resolved address, so DNS cannot smuggle one in).
func publicOnly(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	ip := net.ParseIP(host)
	if ip == nil || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsUnspecified() || ip.IsMulticast() {
		return fmt.Errorf("image host %s is not a public address", host)
	}
	return nil
}

// Get is the route's handler: the scaled image, or 400 (bad address), 404 (not
// an image of the account); a host that failed, timed out or sent no image gets the
// placeholder picture (image_drawn.go), and the demo's .example addresses a drawn one.
func (x *ImageProxy) Get(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	raw := c.QueryParam("i")
	u, err := url.Parse(raw)
	if raw == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return httperr.BadRequest("i", "i must be the http(s) address of an image")
	}
	var comp int64
	if n, err := strconv.ParseInt(c.QueryParam("siteId"), 10, 64); err == nil && n > 0 {
		comp = n // a competitor; anything else (empty, the account's site) is the account's own products
	}
	ctx := c.Request().Context()
	a, err := x.S.AccountPlain(ctx, p)
	if err != nil {
		return err
	}
	known, err := x.S.ImageKnown(ctx, a, comp, raw)
	if err != nil {
		return err
	}
	if !known {
		return httperr.NotFound("Image not found")
	}
	if isDemoImage(raw) {
		c.Response().Header().Set("Cache-Control", "private, max-age=86400")
		return c.Blob(http.StatusOK, "image/png", demoImage(raw))
	}
	body, ctype, err := x.thumbnail(ctx, raw)
	if err != nil {
		// The host failed: the placeholder picture, cached briefly (the host may come back).
		c.Response().Header().Set("Cache-Control", "private, max-age=300")
		c.Response().Header().Set("X-Image-Placeholder", "unavailable")
		return c.Blob(http.StatusOK, "image/png", placeholder())
	}
	c.Response().Header().Set("Cache-Control", "private, max-age=86400")
	return c.Blob(http.StatusOK, ctype, body)
}

// thumbnail fetches the image and scales it to fit report.ThumbnailSize (JPEG stays
// JPEG, anything else becomes PNG).
func (x *ImageProxy) thumbnail(ctx context.Context, addr string) ([]byte, string, error) {
	ctx, cancel := context.WithTimeout(ctx, x.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr, nil)
	if err != nil {
		return nil, "", err
	}
	resp, err := x.Client.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, "", fmt.Errorf("image host answered %d", resp.StatusCode)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxImageBytes+1))
	if err != nil {
		return nil, "", err
	}
	if len(data) > MaxImageBytes {
		return nil, "", errors.New("image too large")
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width*cfg.Height > MaxImagePixels {
		return nil, "", errors.New("not an image, or too many pixels")
	}
	img, format, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, "", err
	}
	img = fit(img, report.ThumbnailSize)
	var out bytes.Buffer
	if format == "jpeg" {
		err = jpeg.Encode(&out, img, &jpeg.Options{Quality: 85})
		return out.Bytes(), "image/jpeg", err
	}
	err = png.Encode(&out, img)
	return out.Bytes(), "image/png", err
}

// fit scales img down (never up) to fit a size×size box, keeping its aspect: each
// pixel is the mean of up to 4×4 samples of its source area.
func fit(img image.Image, size int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= size && h <= size {
		return img
	}
	nw, nh := size, size
	if w > h {
		nh = max(h*size/w, 1)
	} else {
		nw = max(w*size/h, 1)
	}
	dst := image.NewNRGBA(image.Rect(0, 0, nw, nh))
	for y := 0; y < nh; y++ {
		y0, y1 := b.Min.Y+y*h/nh, b.Min.Y+(y+1)*h/nh
		for x := 0; x < nw; x++ {
			x0, x1 := b.Min.X+x*w/nw, b.Min.X+(x+1)*w/nw
			var r, g, bl, al, n uint32
			for sy := y0; sy < max(y1, y0+1); sy += max((y1-y0)/4, 1) {
				for sx := x0; sx < max(x1, x0+1); sx += max((x1-x0)/4, 1) {
					cr, cg, cb, ca := img.At(sx, sy).RGBA()
					r, g, bl, al, n = r+cr, g+cg, bl+cb, al+ca, n+1
				}
			}
			// The sums are premultiplied (RGBA()); NRGBA wants straight alpha.
			if al == 0 {
				continue
			}
			dst.SetNRGBA(x, y, color.NRGBA{R: uint8(r * 255 / al), G: uint8(g * 255 / al), B: uint8(bl * 255 / al), A: uint8(al / n >> 8)})
		}
	}
	return dst
}

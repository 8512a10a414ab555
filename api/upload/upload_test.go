package upload_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"pricelens/api/httperr"
	"pricelens/api/session"
	"pricelens/api/upload"
	"pricelens/deploy/testenv"
	"pricelens/ingest"
	"pricelens/warehouse"
)

type fx struct {
	e       *echo.Echo
	w       *warehouse.Warehouse
	account int64
	comp    int64
}

// newFx serves the upload route the way the API does: a principal set by the access
// middleware (here: from the X-Test-Account header) and errors rendered as docs/api-contract.md#conventions.
func newFx(t *testing.T) *fx {
	w, _ := testenv.ClickHouse(t)
	db, _ := testenv.Postgres(t)
	f := &fx{w: w}
	ctx := context.Background()
	require.NoError(t, db.QueryRow(ctx, "INSERT INTO accounts (name) VALUES ('Shop') RETURNING id").Scan(&f.account))
	require.NoError(t, db.QueryRow(ctx, "INSERT INTO competitors (account_id, name) VALUES ($1, 'Amazon') RETURNING id", f.account).Scan(&f.comp))
	e := echo.New()
	e.HTTPErrorHandler = func(err error, c echo.Context) {
		var he *httperr.Error
		if !errors.As(err, &he) {
			he = upload.MapError(err)
		}
		if he == nil {
			he = &httperr.Error{Status: 500, Code: "internal", Message: err.Error()}
		}
		_ = c.JSON(he.Status, map[string]any{"error": he})
	}
	g := e.Group("/api", func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if a := c.Request().Header.Get("X-Test-Account"); a != "" {
				var id int64
				fmt.Sscan(a, &id)
				session.Set(c, session.Principal{UserID: 1, AccountID: id})
			}
			return next(c)
		}
	})
	for _, r := range upload.Routes(w, db) {
		g.Add(r.Method, r.Path, r.Handler.Func())
	}
	f.e = e
	return f
}

func (f *fx) post(t *testing.T, kind, name string, content []byte, account int64) (int, map[string]any) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	part, err := mw.CreateFormFile("UploadCsv", name)
	require.NoError(t, err)
	_, _ = part.Write(content)
	require.NoError(t, mw.Close())
	req := httptest.NewRequest(http.MethodPost, "/api/upload/upload?kind="+kind, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if account != 0 {
		req.Header.Set("X-Test-Account", fmt.Sprint(account))
	}
	rec := httptest.NewRecorder()
	f.e.ServeHTTP(rec, req)
	var out map[string]any
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out), rec.Body.String())
	return rec.Code, out
}

func (f *fx) offers(t *testing.T) uint64 {
	var n uint64
	require.NoError(t, f.w.Conn.QueryRow(context.Background(), "SELECT count() FROM offers").Scan(&n))
	return n
}

func errMsg(out map[string]any) string {
	e, _ := out["error"].(map[string]any)
	s, _ := e["message"].(string)
	return s
}

func TestUploadLoadsIntoTheSessionAccountOnly(t *testing.T) {
	f := newFx(t)
	ts := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
	var b strings.Builder
	b.WriteString("product_id,competitor_id,scanned_at,price\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, "P%d,%d,%s,%d.5\n", i, f.comp, ts, i)
	}
	code, out := f.post(t, "scans", "scans.csv", []byte(b.String()), f.account)
	require.Equal(t, http.StatusOK, code, out)
	require.EqualValues(t, 200, out["loaded"])
	require.EqualValues(t, 0, out["rejected"])
	require.Equal(t, []any{float64(f.account)}, out["accounts"])
	require.EqualValues(t, 200, f.offers(t))

	// The same file again: a conflict that says so; nothing changes.
	code, out = f.post(t, "scans", "scans.csv", []byte(b.String()), f.account)
	require.Equal(t, http.StatusConflict, code)
	require.Contains(t, errMsg(out), "already loaded")
	require.EqualValues(t, 200, f.offers(t))

	// Rows naming another account are rejected, and above 1% nothing is written.
	other := fmt.Sprintf("account_id,product_id,competitor_id,scanned_at,price\n%d,X1,%d,%s,1\n%d,X2,%d,%s,1\n",
		f.account, f.comp, ts, f.account+1000, f.comp, ts)
	code, out = f.post(t, "scans", "other.csv", []byte(other), f.account)
	require.Equal(t, http.StatusBadRequest, code)
	require.Contains(t, errMsg(out), "1 of 2 rows rejected")
	require.Contains(t, errMsg(out), "but this load is for account")
	require.EqualValues(t, 200, f.offers(t))
}

func TestUploadParquetAndArrowToo(t *testing.T) {
	f := newFx(t)
	g := ingest.Gen{Account: f.account, Competitors: []int64{f.comp}, Products: 30, Start: time.Now().UTC().Add(-48 * time.Hour).Truncate(time.Hour)}
	for i, fm := range []ingest.Format{ingest.Parquet, ingest.Arrow} {
		g.Start = g.Start.Add(-time.Duration(i+1) * 24 * time.Hour)
		var b bytes.Buffer
		require.NoError(t, g.Scans(90).Write(&b, fm, 0))
		code, out := f.post(t, "scans", "scans."+string(fm), b.Bytes(), f.account)
		require.Equal(t, http.StatusOK, code, out)
		require.EqualValues(t, 90, out["loaded"])
	}
	require.EqualValues(t, 180, f.offers(t))
}

func TestUploadRefusesBadRequestsWithTheSpecMessages(t *testing.T) {
	f := newFx(t)
	csv := []byte("product_id,competitor_id,scanned_at,price\n")

	code, out := f.post(t, "scans", "scans.csv", csv, 0)
	require.Equal(t, http.StatusUnauthorized, code, out)

	code, out = f.post(t, "scans", "scans.xlsx", csv, f.account)
	require.Equal(t, http.StatusBadRequest, code)
	require.Equal(t, "File type is incorrect. Please upload csv file.", errMsg(out))

	code, out = f.post(t, "scans", strings.Repeat("n", 101)+".csv", csv, f.account)
	require.Equal(t, http.StatusBadRequest, code)
	require.Equal(t, "File name is too long. Please enter a max of 100 characters", errMsg(out))

	code, out = f.post(t, "prices", "scans.csv", csv, f.account)
	require.Equal(t, http.StatusBadRequest, code)
	require.Contains(t, errMsg(out), "kind must be scans, products or metrics")

	code, out = f.post(t, "scans", "scans.csv", []byte("product_id,scanned_at\nP1,2026-01-01\n"), f.account)
	require.Equal(t, http.StatusBadRequest, code)
	require.Equal(t, "The file does not contain the required columns (lowercase): product_id, competitor_id, scanned_at, price (missing: competitor_id, price)", errMsg(out))

	// Over 200 MB: refused from the declared length, before the body is read.
	req := httptest.NewRequest(http.MethodPost, "/api/upload/upload?kind=scans", strings.NewReader("x"))
	req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	req.Header.Set("X-Test-Account", fmt.Sprint(f.account))
	req.ContentLength = upload.MaxBytes + 2<<20
	rec := httptest.NewRecorder()
	f.e.ServeHTTP(rec, req)
	require.Equal(t, http.StatusRequestEntityTooLarge, rec.Code)
	require.Contains(t, rec.Body.String(), "File size can't be bigger than 200M")
	require.Zero(t, f.offers(t))
}

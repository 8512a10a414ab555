package ingest_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"pricelens/ingest"
)

func ingestErr(t *testing.T, err error) *ingest.Error {
	t.Helper()
	var ie *ingest.Error
	require.True(t, errors.As(err, &ie), "want *ingest.Error, got %T: %v", err, err)
	return ie
}

// TestValidationRulesRejectRowsWithRowColumnAndReason feeds one bad row per rule and
// checks that exactly the good rows are loaded and each bad one is reported.
func TestValidationRulesRejectRowsWithRowColumnAndReason(t *testing.T) {
	e := newEnv(t)
	now := time.Now().UTC()
	ts := now.Add(-2 * time.Hour).Format(time.RFC3339)
	a, c1, c2 := e.account, e.comps[0], e.comps[1]
	row := func(acc, pid, comp, at, price, inStock, name string) string {
		return strings.Join([]string{acc, pid, comp, at, price, inStock, name}, ",")
	}
	id := func(n int64) string { return fmt.Sprint(n) }
	lines := []string{
		"account_id,product_id,competitor_id,scanned_at,price,in_stock,name",
		row(id(a), "P1", id(c1), ts, "10.5", "1", "good"),                                         // 1 ok
		row(id(a), "", id(c1), ts, "10", "1", "empty product"),                                    // 2 product_id empty
		row(id(a), "P3", "abc", ts, "10", "1", "bad competitor type"),                             // 3 competitor_id type
		row(id(a), "P4", id(e.otherCmp), ts, "10", "1", "other account's competitor"),             // 4 unknown competitor for account
		row("99999", "P5", id(c1), ts, "10", "1", "unknown account"),                              // 5 unknown account
		row(id(a), "P6", id(c1), ts, "-5", "1", "negative price"),                                 // 6 price < 0
		row(id(a), "P7", id(c2), ts, "", "0", "not found"),                                        // 7 ok: empty price = not found
		row(id(a), "P8", id(c1), now.Add(24*time.Hour).Format(time.RFC3339), "10", "1", "future"), // 8 future
		row(id(a), "P9", id(c1), "yesterday", "10", "1", "bad time"),                              // 9 timestamp type
		row(id(a), "P10", id(c1), ts, "10", "maybe", "bad flag"),                                  // 10 flag
		row(id(a), "P11", id(c1), ts, "10", "1", strings.Repeat("x", 1001)),                       // 11 text length
		id(a) + ",P12," + id(c1),                                              // 12 field count
		row(id(a), "P13", id(c2), ts, "12,5", "1", "comma decimal"),           // 13 field count (unquoted comma)
		row(id(a), "P14", id(c2), ts, "abc", "1", "price type"),               // 14 price type
		row(id(a), "P15", id(c2), "1999-12-31 23:00:00", "3", "1", "too old"), // 15 before 2000
		row(id(a), "P16", id(c2), ts, "7", "true", "good too"),                // 16 ok
	}
	path := writeRaw(t, e, "scans.csv", strings.Join(lines, "\n")+"\n")
	var streamed []ingest.Reject
	sum, err := e.load(t, ingest.Scans, path, func(r *ingest.Request) {
		r.MaxRejectRatio = 1
		r.Rejects = func(rj ingest.Reject) { streamed = append(streamed, rj) }
	})
	require.NoError(t, err)
	require.EqualValues(t, 16, sum.Rows)
	require.EqualValues(t, 3, sum.Loaded)
	require.EqualValues(t, 13, sum.Rejected)
	require.Equal(t, sum.Rejects, streamed)

	want := []struct {
		row    int64
		column string
		reason string
	}{
		{2, "product_id", "is empty"},
		{3, "competitor_id", "expected a whole number"},
		{4, "competitor_id", "is not a competitor of account"},
		{5, "account_id", "unknown account 99999"},
		{6, "price", "must be ≥ 0"},
		{8, "scanned_at", "in the future"},
		{9, "scanned_at", "expected a timestamp"},
		{10, "in_stock", "expected 0/1 or true/false"},
		{11, "name", "longer than 1000 bytes"},
		{12, "", "has 3 fields, the header has 7"},
		{13, "", "has 8 fields, the header has 7"},
		{14, "price", "expected a number"},
		{15, "scanned_at", "before 2000-01-01"},
	}
	require.Len(t, sum.Rejects, len(want))
	for i, w := range want {
		got := sum.Rejects[i]
		require.Equal(t, w.row, got.Row, "reject %d", i)
		require.Equal(t, w.column, got.Column, "row %d", w.row)
		require.Contains(t, got.Reason, w.reason, "row %d", w.row)
	}
	require.EqualValues(t, 3, e.count(t, "SELECT count() FROM offers"))
	require.EqualValues(t, 1, e.count(t, "SELECT count() FROM offers WHERE product_id = 'P7' AND price IS NULL AND in_stock = 0"))
	require.EqualValues(t, 3, e.count(t, "SELECT count() FROM latest_offers"))
}

func TestRejectRatioAboveThresholdFails(t *testing.T) {
	e := newEnv(t)
	ts := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
	var b strings.Builder
	b.WriteString("account_id,product_id,competitor_id,scanned_at,price\n")
	for i := 0; i < 98; i++ {
		fmt.Fprintf(&b, "%d,P%d,%d,%s,%d\n", e.account, i, e.comps[0], ts, 10+i)
	}
	fmt.Fprintf(&b, "%d,BAD1,%d,%s,-1\n", e.account, e.comps[0], ts)
	fmt.Fprintf(&b, "%d,BAD2,%d,%s,x\n", e.account, e.comps[0], ts)
	path := writeRaw(t, e, "two-percent.csv", b.String())

	// All or nothing (the upload endpoint): 2% > 1% and nothing is written.
	sum, err := e.load(t, ingest.Scans, path, func(r *ingest.Request) { r.AllOrNothing = true })
	require.Equal(t, ingest.CodeTooManyRejects, ingestErr(t, err).Code)
	require.Contains(t, err.Error(), "2 of 100 rows rejected")
	require.EqualValues(t, 2, sum.Rejected)
	require.Zero(t, e.count(t, "SELECT count() FROM offers"))

	// Streaming (the CLI's default): the valid rows load, the load fails and says so.
	sum, err = e.load(t, ingest.Scans, path)
	require.Equal(t, ingest.CodeTooManyRejects, ingestErr(t, err).Code)
	require.EqualValues(t, 98, sum.Loaded)
	require.EqualValues(t, 98, e.count(t, "SELECT count() FROM offers"))
	var status string
	require.NoError(t, e.db.QueryRow(context.Background(), "SELECT status FROM ingest_loads WHERE id = $1", sum.LoadID).Scan(&status))
	require.Equal(t, "failed", status)

	// A higher threshold accepts the same file; the failed load is resumed, not duplicated.
	sum, err = e.load(t, ingest.Scans, path, func(r *ingest.Request) { r.MaxRejectRatio = 0.05 })
	require.NoError(t, err)
	require.True(t, sum.Resumed)
	require.EqualValues(t, 98, e.count(t, "SELECT count() FROM offers"))
}

func TestMissingColumnIsOneErrorBeforeAnythingIsWritten(t *testing.T) {
	e := newEnv(t)
	for _, f := range ingest.Formats {
		t.Run(string(f), func(t *testing.T) {
			tb := e.gen(10).Scans(20)
			// Drop competitor_id and price from the table.
			var cols []ingest.Col
			keep := []int{}
			for i, c := range tb.Cols {
				if c.Name != "competitor_id" && c.Name != "price" {
					cols = append(cols, c)
					keep = append(keep, i)
				}
			}
			full := tb.Row
			tb.Cols = cols
			tb.Row = func(i int, d []any) {
				all := make([]any, 13)
				full(i, all)
				for j, k := range keep {
					d[j] = all[k]
				}
			}
			path := e.file(t, "missing."+string(f), tb, f, 0)
			_, err := e.load(t, ingest.Scans, path)
			ie := ingestErr(t, err)
			require.Equal(t, ingest.CodeMissingColumn, ie.Code)
			require.Equal(t, "competitor_id", ie.Column)
			require.Contains(t, err.Error(), "the file has no competitor_id, price columns")
			require.Zero(t, e.count(t, "SELECT count() FROM offers"))
			var n int
			require.NoError(t, e.db.QueryRow(context.Background(), "SELECT count(*) FROM ingest_loads").Scan(&n))
			require.Zero(t, n)
		})
	}
	// With the account forced (upload, --account) account_id may be left out.
	t.Run("account forced", func(t *testing.T) {
		ts := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
		path := writeRaw(t, e, "noaccount.csv", fmt.Sprintf("product_id,competitor_id,scanned_at,price\nP1,%d,%s,5\n", e.comps[0], ts))
		_, err := e.load(t, ingest.Scans, path)
		require.Equal(t, "account_id", ingestErr(t, err).Column)
		sum, err := e.load(t, ingest.Scans, path, func(r *ingest.Request) { r.Account = uint32(e.account) })
		require.NoError(t, err)
		require.EqualValues(t, 1, sum.Loaded)
		require.Equal(t, []uint32{uint32(e.account)}, sum.Accounts)
	})
}

func TestTruncatedAndCorruptFilesAreRefused(t *testing.T) {
	e := newEnv(t)
	for _, f := range []ingest.Format{ingest.Parquet, ingest.Arrow} {
		t.Run(string(f), func(t *testing.T) {
			path := e.file(t, "whole."+string(f), e.gen(100).Scans(5000), f, 1000)
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			cut := writeRaw(t, e, "cut."+string(f), string(data[:len(data)/2]))
			_, err = e.load(t, ingest.Scans, cut)
			ie := ingestErr(t, err)
			require.Equal(t, ingest.CodeBadRequest, ie.Code)
			require.Contains(t, err.Error(), string(f)+":")
		})
	}
	// A truncated Parquet file is refused before anything is written (its footer is gone).
	require.Zero(t, e.count(t, "SELECT count() FROM offers"))
	// Not a Parquet file at all.
	path := writeRaw(t, e, "fake.parquet", "this is not parquet")
	_, err := e.load(t, ingest.Scans, path)
	require.Contains(t, err.Error(), "parquet: cannot read the file")
}

func TestCSVWithWrongTypesRejectsThoseRows(t *testing.T) {
	e := newEnv(t)
	day := time.Now().UTC().AddDate(0, 0, -3).Format("2006-01-02")
	products := fmt.Sprintf("account_id,product_id,name,my_price,cost,in_stock,updated_at\n"+
		"%[1]d,A,Alpha,10.5,7,1,\n"+
		"%[1]d,B,Beta,ten,7,1,\n"+
		"%[1]d,C,Gamma,12,-3,1,\n"+
		"x,D,Delta,12,3,1,\n"+
		"%[1]d,E,Epsilon,,3,1,\n"+
		"%[1]d,F,Phi,9,3,2,\n"+
		"%[1]d,G,Gee,9,3,yes,2026-13-45\n", e.account)
	sum, err := e.load(t, ingest.Products, writeRaw(t, e, "products.csv", products), func(r *ingest.Request) { r.MaxRejectRatio = 1 })
	require.NoError(t, err)
	require.EqualValues(t, 1, sum.Loaded)
	cols := []string{}
	for _, r := range sum.Rejects {
		cols = append(cols, r.Column)
	}
	require.Equal(t, []string{"my_price", "cost", "account_id", "my_price", "in_stock", "updated_at"}, cols)
	require.EqualValues(t, 1, e.count(t, "SELECT count() FROM products WHERE product_id = 'A' AND my_price = 10.5 AND in_stock = 1"))

	metrics := fmt.Sprintf("account_id,product_id,date,units_sold,revenue\n"+
		"%[1]d,A,%[2]s,3,30\n"+
		"%[1]d,A,20/11/2026,3,30\n"+
		"%[1]d,A,%[3]s,3,30\n"+
		"%[1]d,A,%[2]s,three,30\n", e.account, day, time.Now().UTC().AddDate(0, 0, 2).Format("2006-01-02"))
	sum, err = e.load(t, ingest.Metrics, writeRaw(t, e, "metrics.csv", metrics), func(r *ingest.Request) { r.MaxRejectRatio = 1 })
	require.NoError(t, err)
	require.EqualValues(t, 1, sum.Loaded)
	require.Len(t, sum.Rejects, 3)
	require.Contains(t, sum.Rejects[0].Reason, "expected a date like 2026-11-20")
	require.Contains(t, sum.Rejects[1].Reason, "in the future")
	require.Equal(t, "units_sold", sum.Rejects[2].Column)
	require.EqualValues(t, 1, e.count(t, "SELECT count() FROM product_daily WHERE date = toDate(?) AND units_sold = 3", day))
}

func TestCSVWithBOMAndCRLFLoads(t *testing.T) {
	e := newEnv(t)
	ts := time.Now().UTC().Add(-time.Hour).Format("2006-01-02 15:04:05")
	content := "\ufeffAccount_ID,product_id,competitor_id,scanned_at,price,extra\r\n" +
		fmt.Sprintf("%d,P1,%d,%s,5.5,x\r\n", e.account, e.comps[0], ts) +
		fmt.Sprintf("%d,\"P2, with comma\",%d,%s,,y\r\n", e.account, e.comps[1], ts)
	sum, err := e.load(t, ingest.Scans, writeRaw(t, e, "bom.csv", content))
	require.NoError(t, err)
	require.EqualValues(t, 2, sum.Loaded)
	require.Equal(t, []string{"extra"}, sum.IgnoredColumns)
	require.EqualValues(t, 1, e.count(t, "SELECT count() FROM offers WHERE product_id = 'P2, with comma' AND price IS NULL"))
}

// Package feed writes the price feed (docs/pricer.md, issue 16 part 5): the approved
// prices of the dynamic pricer, for the store's systems, as a CSV and a Parquet
// file per batch in the account's drop folder (<drop root>/account-<id>/price-feed,
// config PRICELENS_DROP_ROOT), from `pricelens export --price-feed` and the River
// job price_feed; for an account with the setting "apply_approved_prices", also
// as the catalogue's my_price (apply.go).
//
// Each approved price is fed exactly once. A batch is claimed first: one
// PostgreSQL transaction creates it and stamps the approved records not yet fed
// with its id (store.ClaimFeedBatch). Its files, named after the batch id, are
// written under hidden temporary names, synced and renamed into place, the
// manifest last; then the batch is marked written. A run that stops in between
// (a crash, a full disk) leaves the batch open, and the next run finishes it
// before it claims anything new: the same records under the same names, a file
// already in place kept as it is. So a record is in one batch, and a batch's
// files are either absent or complete (the manifest is there when all are). A
// consumer that moves files away and sees a batch id again (a crash after the
// rename but before the mark, the file then taken away) recognises it by the
// batch id in the name and in every row: batch ids are never reused, and a
// batch's rows never change.
package feed

import (
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/parquet-go/parquet-go"

	"pricelens/csvcell"
	"pricelens/store"
	"pricelens/warehouse"
)

// Columns are the feed files' columns, in order.
var Columns = []string{"batch_id", "approval_id", "product_id", "old_price", "new_price", "change_pct", "run_id", "approver", "approved_at"}

// Row is one approved price as the Parquet file holds it.
type Row struct {
	BatchID    int64     `parquet:"batch_id"`
	ApprovalID int64     `parquet:"approval_id"`
	ProductID  string    `parquet:"product_id"`
	OldPrice   float64   `parquet:"old_price"`
	NewPrice   float64   `parquet:"new_price"`
	ChangePct  float64   `parquet:"change_pct"`
	RunID      int64     `parquet:"run_id"`
	Approver   string    `parquet:"approver"`
	ApprovedAt time.Time `parquet:"approved_at,timestamp(millisecond)"`
}

// Manifest is written next to a batch's files (<name>.manifest.json), last.
type Manifest struct {
	BatchID   int64       `json:"batch_id"`
	AccountID int64       `json:"account_id"`
	Rows      int64       `json:"rows"`
	ClaimedAt time.Time   `json:"claimed_at"`
	Files     []FileEntry `json:"files"`
	Columns   []string    `json:"columns"`
}

// FileEntry is one data file of a batch.
type FileEntry struct {
	File   string `json:"file"`
	Format string `json:"format"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// Feeder writes the price feed of accounts.
type Feeder struct {
	Store *store.Store
	Root  string               // the drop root (config PRICELENS_DROP_ROOT)
	W     *warehouse.Warehouse // the catalogue, for accounts that apply approved prices (apply.go)
	// AfterFiles, when set, runs after a batch's files are in place and before the
	// batch is marked written: tests stop a run there, as a crash would.
	AfterFiles func(ctx context.Context, batch int64) error
}

// Dir is account accountID's price feed folder under the drop root (inside the
// account's drop folder of package drops: account-<id>).
func Dir(root string, accountID int64) string {
	return filepath.Join(root, "account-"+strconv.FormatInt(accountID, 10), "price-feed")
}

// BaseName is the name of a batch's files without extension.
func BaseName(batchID int64) string { return fmt.Sprintf("price-feed-%012d", batchID) }

// Written is one batch a run wrote (or applied: a batch written by an earlier
// run whose prices are applied now has no Files).
type Written struct {
	AccountID, BatchID int64
	Rows               int64
	Dir                string
	Files              []string
	Applied            int // products whose my_price was set (the account setting)
}

// RunAll feeds every account with something to feed.
func (f Feeder) RunAll(ctx context.Context) ([]Written, error) {
	accounts, err := f.Store.FeedAccounts(ctx)
	if err != nil {
		return nil, err
	}
	var out []Written
	for _, a := range accounts {
		w, err := f.Run(ctx, a)
		out = append(out, w...)
		if err != nil {
			return out, fmt.Errorf("price feed of account %d: %w", a, err)
		}
	}
	return out, nil
}

// Run feeds one account: it finishes the batches a stopped run left open, then
// claims and writes the approved prices not yet fed (none: nothing is written).
func (f Feeder) Run(ctx context.Context, accountID int64) ([]Written, error) {
	if f.Root == "" {
		return nil, errors.New("no drop root: set PRICELENS_DROP_ROOT")
	}
	var out []Written
	err := f.Store.WithFeedLock(ctx, accountID, func() error {
		// Batches written but not yet applied (a stop after the files) go first,
		// so that the catalogue takes approved prices in order.
		unapplied, err := f.Store.FeedBatchesToApply(ctx, accountID)
		if err != nil {
			return err
		}
		for _, b := range unapplied {
			n, err := f.applyBatch(ctx, b)
			if err != nil {
				return err
			}
			out = append(out, Written{AccountID: b.AccountID, BatchID: b.ID, Dir: Dir(f.Root, b.AccountID), Applied: n})
		}
		open, err := f.Store.OpenFeedBatches(ctx, accountID)
		if err != nil {
			return err
		}
		b, found, err := f.Store.ClaimFeedBatch(ctx, accountID)
		if err != nil {
			return err
		}
		if found {
			open = append(open, b)
		}
		for _, b := range open {
			w, err := f.write(ctx, b)
			if err != nil {
				return err
			}
			out = append(out, w)
		}
		return nil
	})
	return out, err
}

// write writes batch b's files (those not in place yet), then marks it written.
func (f Feeder) write(ctx context.Context, b store.FeedBatch) (Written, error) {
	dir := Dir(f.Root, b.AccountID)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return Written{}, err
	}
	removeTemps(dir, b.ID)
	rows, err := f.Store.FeedBatchRows(ctx, b.AccountID, b.ID)
	if err != nil {
		return Written{}, err
	}
	base := BaseName(b.ID)
	m := Manifest{BatchID: b.ID, AccountID: b.AccountID, Rows: int64(len(rows)), ClaimedAt: b.CreatedAt.UTC(), Columns: Columns}
	for _, format := range []string{"csv", "parquet"} {
		name := base + "." + format
		e, err := place(dir, name, func(w io.Writer) error {
			if format == "csv" {
				return writeCSV(w, b.ID, rows)
			}
			return writeParquet(w, b.ID, rows)
		})
		if err != nil {
			return Written{}, err
		}
		e.Format = format
		m.Files = append(m.Files, e)
	}
	if _, err := place(dir, base+".manifest.json", func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(m)
	}); err != nil {
		return Written{}, err
	}
	files := []string{m.Files[0].File, m.Files[1].File, base + ".manifest.json"}
	if f.AfterFiles != nil {
		if err := f.AfterFiles(ctx, b.ID); err != nil {
			return Written{}, err
		}
	}
	if err := f.Store.MarkFeedBatchWritten(ctx, b.AccountID, b.ID, m.Rows, files); err != nil {
		return Written{}, err
	}
	w := Written{AccountID: b.AccountID, BatchID: b.ID, Rows: m.Rows, Dir: dir, Files: files}
	if b.Apply {
		if w.Applied, err = f.applyBatch(ctx, b); err != nil {
			return w, err
		}
	}
	return w, nil
}

// applyBatch applies a written batch's prices and marks it applied.
func (f Feeder) applyBatch(ctx context.Context, b store.FeedBatch) (int, error) {
	n, err := f.apply(ctx, b.AccountID, b.ID)
	if err != nil {
		return 0, err
	}
	return n, f.Store.MarkFeedBatchApplied(ctx, b.AccountID, b.ID)
}

// place writes dir/name through fill unless it is already there (a batch
// finished after a stop keeps what it had written): into a hidden temporary
// file, synced, then renamed into place. It returns the file's size and sha256.
func place(dir, name string, fill func(w io.Writer) error) (FileEntry, error) {
	e := FileEntry{File: name}
	final := filepath.Join(dir, name)
	if data, err := os.ReadFile(final); err == nil {
		sum := sha256.Sum256(data)
		e.Bytes, e.SHA256 = int64(len(data)), hex.EncodeToString(sum[:])
		return e, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return e, err
	}
	tmp, err := os.CreateTemp(dir, "."+name+".*.tmp")
	if err != nil {
		return e, err
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // a no-op after the rename
	h := sha256.New()
	cw := &counter{w: io.MultiWriter(tmp, h)}
	err = fill(cw)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o640)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), final)
	}
	e.Bytes, e.SHA256 = cw.n, hex.EncodeToString(h.Sum(nil))
	return e, err
}

// removeTemps removes the temporary files a stopped run left for the batch.
func removeTemps(dir string, batchID int64) {
	matches, _ := filepath.Glob(filepath.Join(dir, "."+BaseName(batchID)+".*.tmp"))
	for _, m := range matches {
		_ = os.Remove(m)
	}
}

func writeCSV(w io.Writer, batchID int64, rows []store.FeedRow) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(Columns); err != nil {
		return err
	}
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	for _, r := range rows {
		if err := cw.Write([]string{strconv.FormatInt(batchID, 10), strconv.FormatInt(r.ApprovalID, 10), csvcell.Text(r.ProductID),
			num(r.OldPrice), num(r.NewPrice), strconv.FormatFloat(r.ChangePct, 'f', 4, 64), strconv.FormatInt(r.RunID, 10),
			csvcell.Text(r.Approver), r.ApprovedAt.UTC().Format(time.RFC3339Nano)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func writeParquet(w io.Writer, batchID int64, rows []store.FeedRow) error {
	pw := parquet.NewGenericWriter[Row](w, parquet.Compression(&parquet.Zstd))
	batch := make([]Row, 0, 1000)
	flush := func() error {
		_, err := pw.Write(batch)
		batch = batch[:0]
		return err
	}
	for _, r := range rows {
		batch = append(batch, Row{BatchID: batchID, ApprovalID: r.ApprovalID, ProductID: r.ProductID, OldPrice: r.OldPrice,
			NewPrice: r.NewPrice, ChangePct: r.ChangePct, RunID: r.RunID, Approver: r.Approver, ApprovedAt: r.ApprovedAt.UTC()})
		if len(batch) == cap(batch) {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	return pw.Close()
}

type counter struct {
	w io.Writer
	n int64
}

func (c *counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

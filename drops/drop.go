// Package drops writes downstream drops (docs/exports.md): a saved report's rows as a CSV
// or Parquet file in a directory, for the data team's tools, once from the command
// line (`pricelens export`) or on an export schedule (a cron expression, run by the
// River jobs drop_schedules and drop). The rows and columns are the asynchronous
// CSV export's (report.WriteCSV): a CSV drop is the file the export dialog
// downloads. Each drop is a data file and a manifest (rows, sha256, generated_at,
// columns), both written under a temporary name and renamed into place, the
// manifest last: a reader that sees the manifest sees a complete file.
package drops

import (
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"pricelens/report"
	"pricelens/store"
	"pricelens/store/authz"
)

// Drops writes drops over the report service's databases.
type Drops struct {
	S   *report.Service
	Now func() time.Time
	// Progress, when set, is told the rows written so far after each batch (the
	// benchmark's time to first progress).
	Progress func(rows int64)
}

// New returns the drops of s.
func New(s *report.Service) *Drops { return &Drops{S: s, Now: time.Now} }

// Formats are the file formats of a drop.
var Formats = []string{"csv", "parquet"}

// CheckFormat refuses a format that is not one of Formats.
func CheckFormat(f string) error {
	for _, ok := range Formats {
		if f == ok {
			return nil
		}
	}
	return store.Invalid("format", fmt.Sprintf("format %q is not known: use csv or parquet", f))
}

// Manifest describes a drop's data file; it is written next to it as
// <file>.manifest.json.
type Manifest struct {
	File        string         `json:"file"`
	Format      string         `json:"format"`
	Rows        int64          `json:"rows"`
	Bytes       int64          `json:"bytes"`
	SHA256      string         `json:"sha256"`
	GeneratedAt time.Time      `json:"generated_at"`
	Report      ManifestReport `json:"report"`
	Columns     []string       `json:"columns"`
}

// ManifestReport names the saved report a drop was written from.
type ManifestReport struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	AccountID int64  `json:"account_id"`
}

// FileName is the data file of a drop of report r stamped at: report-<id>-<UTC
// time>.<format>; a scheduled drop is stamped with its due time, so a repeated
// run replaces its own file instead of adding one.
func FileName(r store.DropReport, format string, at time.Time) string {
	return fmt.Sprintf("report-%d-%s.%s", r.ID, at.UTC().Format("20060102T150405Z"), format)
}

// Write writes report r as format into dir under the name FileName(r, format,
// stamp), with its manifest, and returns the manifest. Nothing is left under the
// final names unless both files are complete.
func (d *Drops) Write(ctx context.Context, r store.DropReport, format, dir string, stamp time.Time) (Manifest, error) {
	if err := CheckFormat(format); err != nil {
		return Manifest{}, err
	}
	p := authz.Principal{AccountID: r.AccountID, UserID: r.UserID, Categories: r.Categories}
	e, err := d.S.CompileExport(ctx, p, r.Condition, report.ExportSelection(nil))
	if err != nil {
		return Manifest{}, err
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return Manifest{}, dirError(dir, err)
	}
	name := FileName(r, format, stamp)
	m := Manifest{File: name, Format: format, Report: ManifestReport{ID: r.ID, Name: r.Name, AccountID: r.AccountID}, Columns: e.Header}
	err = atomicWrite(dir, name, func(f *os.File) error {
		h := sha256.New()
		cw := &CountingWriter{W: io.MultiWriter(f, h)}
		rows, err := d.rows(ctx, cw, format, e)
		if err != nil {
			return err
		}
		m.Rows, m.Bytes, m.SHA256 = rows, cw.N, hex.EncodeToString(h.Sum(nil))
		return nil
	})
	if err != nil {
		return Manifest{}, err
	}
	m.GeneratedAt = d.Now().UTC()
	err = atomicWrite(dir, name+".manifest.json", func(f *os.File) error {
		enc := json.NewEncoder(f)
		enc.SetIndent("", "  ")
		return enc.Encode(m)
	})
	if err != nil {
		_ = os.Remove(filepath.Join(dir, name))
		return Manifest{}, err
	}
	return m, nil
}

// rows writes the export's rows to w in format and counts them: CSV as the export
// job writes it; Parquet from the same CSV, read back a batch at a time.
func (d *Drops) rows(ctx context.Context, w io.Writer, format string, e report.ExportPlan) (int64, error) {
	queryID := fmt.Sprintf("drop-%d-%d", e.Account.AccountID, d.Now().UnixNano())
	var progress func(int64) error
	if d.Progress != nil {
		progress = func(n int64) error { d.Progress(n); return nil }
	}
	if format == "csv" {
		return d.S.WriteCSV(ctx, queryID, e, w, progress)
	}
	pr, pw := io.Pipe()
	streamed := make(chan error, 1)
	go func() {
		_, err := d.S.ExportRows(ctx, queryID, e, pw, progress)
		_ = pw.CloseWithError(err)
		streamed <- err
	}()
	n, err := writeParquet(w, e.Header, csv.NewReader(pr))
	_ = pr.CloseWithError(err) // stops the stream (and its query) if the file failed first
	if serr := <-streamed; err == nil {
		err = serr
	}
	return n, err
}

// writeParquet writes the records of r as a Parquet file with the given header.
func writeParquet(w io.Writer, header []string, r *csv.Reader) (int64, error) {
	out := newParquetWriter(w, header)
	r.FieldsPerRecord = len(header)
	batch := make([][]string, 0, 1000)
	var n int64
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return n, err
		}
		if batch = append(batch, rec); len(batch) == cap(batch) {
			if err := out.Write(batch); err != nil {
				return n, err
			}
			n += int64(len(batch))
			batch = batch[:0]
		}
	}
	if err := out.Write(batch); err != nil {
		return n, err
	}
	return n + int64(len(batch)), out.Flush()
}

// atomicWrite writes dir/name through fill into a hidden temporary file in dir,
// syncs it and renames it into place; on any failure the temporary file is gone.
func atomicWrite(dir, name string, fill func(f *os.File) error) error {
	f, err := os.CreateTemp(dir, "."+name+".*.tmp")
	if err != nil {
		return dirError(dir, err)
	}
	tmp := f.Name()
	defer func() { _ = os.Remove(tmp) }() // a no-op after the rename
	err = fill(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o640)
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, name))
}

// dirError names the directory a drop cannot be written into.
func dirError(dir string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot write into %s: %w", dir, err)
}

// CountingWriter counts the bytes written through it to W.
type CountingWriter struct {
	W io.Writer
	N int64
}

func (c *CountingWriter) Write(p []byte) (int, error) {
	n, err := c.W.Write(p)
	c.N += int64(n)
	return n, err
}

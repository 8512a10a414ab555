package grid

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"

	"pricelens/api/session"
	"pricelens/engine"
)

// The rows of an export, shared by the asynchronous CSV export (export_job.go) and
// the downstream drops (package drops): the same plan, columns, shaping and CSV
// text, so a drop of a report is the file the export dialog downloads.

// ExportPlan is a compiled export: the account it runs for, its condition (with
// the report's default columns when it names none), the rows' plan and the count's.
type ExportPlan struct {
	Account engine.Account
	Cond    engine.Condition
	Rows    engine.Plan
	Count   engine.Plan
	cols    []csvColumn
}

// ExportSelection parses an export's stored selection ({"selectAll",
// "toggledNodes"}); an empty or unreadable one is every row.
func ExportSelection(selJSON []byte) engine.Selection {
	var sj struct {
		SelectAll    bool     `json:"selectAll"`
		ToggledNodes []string `json:"toggledNodes"`
	}
	_ = json.Unmarshal(selJSON, &sj)
	return engine.Selection{All: sj.SelectAll, Toggled: sj.ToggledNodes}
}

// CompileExport compiles a stored condition for principal p exactly as the export
// job does: the condition checked as getConditionsData checks it, the default
// columns when it has no visible ones, product rows only.
func (s *Service) CompileExport(ctx context.Context, p session.Principal, condJSON []byte, sel engine.Selection) (ExportPlan, error) {
	cond, err := engine.ParseCondition(condJSON)
	if err != nil {
		return ExportPlan{}, err
	}
	a, err := s.AccountFor(ctx, p, cond, false)
	if err != nil {
		return ExportPlan{}, err
	}
	cond = exportColumns(a, cond)
	rows, count, err := engine.CompileExport(a, cond, sel)
	if err != nil {
		return ExportPlan{}, err
	}
	return ExportPlan{Account: a, Cond: cond, Rows: rows, Count: count, cols: csvColumns(a, cond)}, nil
}

// Header is the file's column headers, in grid order.
func (e ExportPlan) Header() []string {
	h := make([]string, len(e.cols))
	for i, c := range e.cols {
		h[i] = c.header
	}
	return h
}

// ExportRows streams the plan's rows under ClickHouse query id queryID and hands
// them to fn a batch at a time (exportBatch rows), each row shaped as the grid
// shapes it (per-competitor keys, labels, currency) and written as export text in
// Header's order. The batch is reused between calls; fn copies what it keeps. An
// error from fn stops the query.
func (s *Service) ExportRows(ctx context.Context, queryID string, e ExportPlan, fn func(records [][]string) error) error {
	batch := make([]map[string]any, 0, exportBatch)
	records := make([][]string, exportBatch)
	for i := range records {
		records[i] = make([]string, len(e.cols))
	}
	flush := func() error {
		for _, r := range batch {
			e.Rows.Expand(r)
		}
		if err := s.fillLabels(ctx, e.Account, batch); err != nil {
			return err
		}
		for n, r := range batch {
			r["currency_symbol"] = e.Account.Settings.CurrencySymbol
			for i, c := range e.cols {
				records[n][i] = FormatCSVValue(c.format, r[c.key], e.Account.Settings.CurrencySymbol)
			}
		}
		n := len(batch)
		batch = batch[:0]
		return fn(records[:n])
	}
	err := s.W.Stream(ctx, queryID, e.Rows.Statement, func(columns []string, row []any) error {
		m := make(map[string]any, len(row)+len(e.cols))
		for i, v := range row {
			m[columns[i]] = v
		}
		batch = append(batch, m)
		if len(batch) < exportBatch {
			return nil
		}
		return flush()
	})
	if err == nil && len(batch) > 0 {
		err = flush()
	}
	return err
}

// CSVWriter writes an export's CSV text: UTF-8 with a BOM for spreadsheet tools
// (DESIGN §9), the header, then the records.
type CSVWriter struct {
	bw *bufio.Writer
	cw *csv.Writer
}

// NewCSVWriter starts a CSV export on w with its header.
func NewCSVWriter(w io.Writer, header []string) (*CSVWriter, error) {
	bw := bufio.NewWriterSize(w, 256<<10)
	if _, err := bw.WriteString("\uFEFF"); err != nil {
		return nil, err
	}
	c := &CSVWriter{bw: bw, cw: csv.NewWriter(bw)}
	return c, c.cw.Write(header)
}

// Write writes records.
func (c *CSVWriter) Write(records [][]string) error { return c.cw.WriteAll(records) }

// Flush writes what is buffered to the underlying writer.
func (c *CSVWriter) Flush() error {
	c.cw.Flush()
	if err := c.cw.Error(); err != nil {
		return err
	}
	return c.bw.Flush()
}

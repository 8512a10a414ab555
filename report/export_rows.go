package report

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"slices"
	"sync"
	"time"

	"pricelens/csvcell"
	"pricelens/engine"
	"pricelens/store/authz"
)

// The file of an export, shared by the asynchronous CSV export (export_job.go),
// the scheduled reports' attachments and the downstream drops (package drops):
// the same compiled export and the same bytes, so a CSV drop of a report is the
// file the export dialog downloads.

// ExportPlan is a compiled export and the account it runs for.
type ExportPlan struct {
	Account engine.Account
	engine.Export
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
// job does: the condition checked as getConditionsData checks it (the account,
// its categories), then engine.CompileExport, or for the repricing results
// (report type engine.RepricingReport) engine.CompileResultExport over the run
// the condition names.
func (s *Service) CompileExport(ctx context.Context, p authz.Principal, condJSON []byte, sel engine.Selection) (ExportPlan, error) {
	cond, err := engine.ParseCondition(condJSON)
	if err != nil {
		return ExportPlan{}, err
	}
	a, err := s.AccountFor(ctx, p, cond, false)
	if err != nil {
		return ExportPlan{}, err
	}
	if cond.ReportType == engine.RepricingReport {
		run, err := s.resultRun(ctx, p.AccountID, condJSON)
		if err != nil {
			return ExportPlan{}, err
		}
		e, err := engine.CompileResultExport(a, cond, sel, run)
		return ExportPlan{Account: a, Export: e}, err
	}
	e, err := engine.CompileExport(a, cond, sel)
	if err != nil {
		return ExportPlan{}, err
	}
	return ExportPlan{Account: a, Export: e}, nil
}

// WriteCSV writes the export's CSV to w: UTF-8 with a BOM for spreadsheet tools
// (docs/exports.md), the header, then the rows, every text cell safe to open in a
// spreadsheet (csvcell). It returns the rows written.
func (s *Service) WriteCSV(ctx context.Context, queryID string, e ExportPlan, w io.Writer, progress func(rows int64) error) (int64, error) {
	bw := bufio.NewWriterSize(w, 256<<10)
	if _, err := bw.WriteString("\uFEFF"); err != nil {
		return 0, err
	}
	cw := csv.NewWriter(bw)
	if err := cw.Write(csvcell.Texts(slices.Clone(e.Header))); err != nil {
		return 0, err
	}
	if cw.Flush(); cw.Error() != nil {
		return 0, cw.Error()
	}
	n, err := s.exportRows(ctx, queryID, e, bw, true, progress)
	if err != nil {
		return n, err
	}
	return n, bw.Flush()
}

// ExportRows streams the export's rows as CSV to w under ClickHouse query id
// queryID, their text as it is: the rows a Parquet drop is made from, whose
// strings programs read (WriteCSV writes the file a person opens). ClickHouse
// computes them and sends them as Native blocks, which are written as the grid
// shows them (nativeCSV); progress, when set, is told the rows written so far
// after each block, and an error from it stops the query. It returns the rows
// written.
func (s *Service) ExportRows(ctx context.Context, queryID string, e ExportPlan, w io.Writer, progress func(rows int64) error) (int64, error) {
	return s.exportRows(ctx, queryID, e, w, false, progress)
}

func (s *Service) exportRows(ctx context.Context, queryID string, e ExportPlan, w io.Writer, safe bool, progress func(rows int64) error) (int64, error) {
	n := exportCSV(w, e.Export, e.Account.Settings.CurrencySymbol, safe, progress)
	err := s.W.Native(ctx, queryID, e.Statement, n.read)
	return n.rows, err
}

// readingPoll is how often WatchReading asks the server how far a query has read:
// well under the one second within which an export's dialog should show a percent.
const readingPoll = 200 * time.Millisecond

// WatchReading reports, from now until stop is called, how far ClickHouse has read
// the sources of query queryID (warehouse.Reading): fn gets the rows read and about
// how many it will read, whenever the server knows both and the count moved. An
// export's query reads and sorts every row before it sends the first block (about
// a third of a 1M-row export at L), so this is its only progress until rows flow;
// the caller stops it then. stop waits for a call of fn under way and may be called
// more than once. A failed look is skipped: the stream reports a database gone.
func (s *Service) WatchReading(ctx context.Context, queryID string, fn func(read, total int64)) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(readingPoll)
		defer t.Stop()
		var last int64
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			read, total, running, err := s.W.Reading(ctx, queryID)
			if err != nil || !running || read <= last || total <= 0 || ctx.Err() != nil {
				continue
			}
			last = read
			fn(read, total)
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			cancel()
			<-done
		})
	}
}

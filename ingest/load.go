package ingest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"

	"pricelens/engine"
	"pricelens/store"
	"pricelens/warehouse"
)

// Request is one file to load.
type Request struct {
	Kind   Kind
	Name   string      // file name: picks the format by extension and is recorded
	File   io.ReaderAt // the content; read twice (hash, then load), never held in memory
	Size   int64
	Format Format // "" = from the name's extension, else from the first bytes

	// Account forces every row into one account (the upload session's, or --account):
	// the account_id column becomes optional and, when present, must equal it.
	Account uint32

	// MaxRejectRatio is the share of rejected rows above which the load fails (0.01 = 1%).
	MaxRejectRatio float64
	// AllOrNothing validates the whole file first and writes nothing when the rejects
	// are above the ratio (the upload endpoint uses it). Otherwise the valid rows of a
	// file with too many rejects are loaded and the load is recorded as failed.
	AllOrNothing bool

	// Rejects receives every rejected row (the CLI writes them to the rejects file).
	Rejects func(Reject)
	// Progress is called after each chunk.
	Progress func(Progress)

	ChunkRows int // rows per chunk (default 65536)
	FlushRows int // rows per block sent to ClickHouse (default 65536)
	Writers   int // parallel INSERTs (default 3: one INSERT keeps one server thread busy)
	// BlockRows is the server-side block (and so part) size: the server squashes the
	// blocks it receives up to this many rows before writing them (min_insert_block_size_rows,
	// default 1 Mi). Rows of an interrupted INSERT not yet squashed into a block are lost,
	// which a resumed load makes good.
	BlockRows int
	Now       func() time.Time

	afterInsert func() // the benchmark's hook: the rows are in, the snapshot rebuild is next
}

// Progress is how far a load is.
type Progress struct {
	Rows     int64         // rows read
	Loaded   int64         // rows sent to the warehouse
	Rejected int64         // rows rejected
	Fraction float64       // of the file consumed, 0..1; -1 unknown
	Elapsed  time.Duration // since the load started
}

// Summary is the outcome of a load, the same for the CLI and the upload endpoint.
type Summary struct {
	LoadID         string        `json:"loadId"`
	Kind           Kind          `json:"kind"`
	File           string        `json:"file"`
	Format         Format        `json:"format"`
	Rows           int64         `json:"rows"`
	Loaded         int64         `json:"loaded"`
	Rejected       int64         `json:"rejected"`
	AlreadyLoaded  bool          `json:"alreadyLoaded"`
	Resumed        bool          `json:"resumed"`
	Accounts       []uint32      `json:"accounts"`
	IgnoredColumns []string      `json:"ignoredColumns,omitempty"`
	Rejects        []Reject      `json:"rejects,omitempty"` // the first MaxRejectsInSummary
	Duration       time.Duration `json:"-"`
	refreshed      bool
	Seconds        float64 `json:"seconds"`
	InsertSeconds  float64 `json:"insertSeconds"`  // until the rows were in ClickHouse
	RefreshSeconds float64 `json:"refreshSeconds"` // rebuilding the report snapshots after

	RowsPerSecond float64 `json:"rowsPerSecond"`
}

// MaxRejectsInSummary bounds the rejects carried in a Summary (the rest go to Rejects).
const MaxRejectsInSummary = 100

// RejectRatio is rejected / rows (0 for an empty file).
func (s Summary) RejectRatio() float64 {
	if s.Rows == 0 {
		return 0
	}
	return float64(s.Rejected) / float64(s.Rows)
}

// OffersLoadID is the load id as stored in offers.load_id: its first 16 hex digits
// (64 bits) identify the load among all loads and cost a quarter of the full id per row.
// A shorter id (not one of LoadID's) is stored whole.
func OffersLoadID(loadID string) string { return loadID[:min(16, len(loadID))] }

// ScanLoads lists the scan loads into an account since a time as their scans carry
// them (OffersLoadID), from the loads' records in db (store.ScanLoadsSince): what
// the trend rollup's refresh and reads need to know of what a load wrote.
func ScanLoads(db *pgxpool.Pool) warehouse.ScanLoads {
	return func(ctx context.Context, account uint32, since time.Time) ([]string, error) {
		ids, err := store.New(db).ScanLoadsSince(ctx, int64(account), since)
		for i, id := range ids {
			ids[i] = OffersLoadID(id)
		}
		return ids, err
	}
}

// LoadID is the id of a file's load: SHA-256 of the kind, the forced account and the
// bytes. A file larger than one hashSegment is hashed as segments on every core (the
// id is then the SHA-256 of the segments' digests): a 1.5 GB file takes 0.7 s instead
// of 1.3 s, and the load cannot start before its id is known.
func LoadID(kind Kind, account uint32, ra io.ReaderAt, size int64) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "pricelens-ingest\x00%s\x00%d\x00", kind, account)
	if size <= hashSegment {
		if _, err := io.Copy(h, io.NewSectionReader(ra, 0, size)); err != nil {
			return "", err
		}
		return hex.EncodeToString(h.Sum(nil)), nil
	}
	sums := make([][sha256.Size]byte, (size+hashSegment-1)/hashSegment)
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range sums {
		g.Go(func() error {
			sh := sha256.New()
			off := int64(i) * hashSegment
			if _, err := io.Copy(sh, io.NewSectionReader(ra, off, min(hashSegment, size-off))); err != nil {
				return err
			}
			sh.Sum(sums[i][:0])
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return "", err
	}
	fmt.Fprintf(h, "segments\x00%d\x00%d\x00", hashSegment, size)
	for i := range sums {
		h.Write(sums[i][:])
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// hashSegment is the unit of LoadID's parallel hash (files up to it keep the plain
// SHA-256 id).
var hashSegment int64 = 64 << 20 // a variable only so that a test can use small segments

// Load loads one file. Errors that a person can fix are *Error; a file that was loaded
// before returns a Summary with AlreadyLoaded and an *Error with CodeAlreadyLoaded.
func Load(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, req Request) (Summary, error) {
	start := time.Now()
	if req.Now == nil {
		req.Now = time.Now
	}
	if req.ChunkRows <= 0 {
		req.ChunkRows = defaultChunkRows
	}
	if req.FlushRows <= 0 {
		req.FlushRows = 1 << 16
	}
	if req.BlockRows <= 0 {
		req.BlockRows = 1 << 20
	}
	if req.Writers <= 0 {
		req.Writers = 3
	}
	if _, ok := contracts[req.Kind]; !ok {
		return Summary{}, &Error{Code: CodeBadRequest, Message: fmt.Sprintf("kind must be scans, products or metrics, not %q", req.Kind)}
	}
	format := req.Format
	if format == "" {
		format = FormatOf(req.Name)
	}
	if format == "" {
		format = sniff(req.File)
	}
	sum := Summary{Kind: req.Kind, File: req.Name, Format: format, Accounts: []uint32{}}

	// Everything that can be wrong with the file as a whole is found before anything is written.
	src, ignored, err := openBound(req, format)
	if err != nil {
		return sum, err
	}
	defer func() { _ = src.close() }()
	sum.IgnoredColumns = ignored

	id, err := LoadID(req.Kind, req.Account, req.File, req.Size)
	if err != nil {
		return sum, fmt.Errorf("read %s: %w", req.Name, err)
	}
	sum.LoadID = id

	k, err := loadKnown(ctx, db, req.Account)
	if err != nil {
		return sum, err
	}
	if _, ok := k.accounts[req.Account]; req.Account != 0 && !ok {
		return sum, &Error{Code: CodeBadRequest, Column: "account_id", Message: fmt.Sprintf("account %d does not exist", req.Account)}
	}

	cl, rec, err := claimLoad(ctx, db, id, &req, format, req.Size)
	if err != nil {
		if rec != nil {
			sum.AlreadyLoaded = true
			sum.Rows, sum.Loaded, sum.Rejected = rec.Read, rec.Loaded, rec.Rejected
		}
		return sum, err
	}
	defer cl.release()
	if rec != nil {
		// Done earlier, but its snapshot rebuild failed: retry that, write nothing else.
		sum.AlreadyLoaded = true
		sum.Rows, sum.Loaded, sum.Rejected = rec.Read, rec.Loaded, rec.Rejected
		for _, a := range rec.Accounts {
			sum.Accounts = append(sum.Accounts, uint32(a))
		}
		// What the load changed was not kept: refresh everything of its accounts.
		if err := Refresh(ctx, w, db, warehouse.Everything(sum.Accounts...)); err != nil {
			return sum, refreshFailed(err)
		}
		if err := cl.markRefreshed(); err != nil {
			return sum, fmt.Errorf("postgres: record the load: %w", err)
		}
		return sum, &Error{Code: CodeAlreadyLoaded, Message: fmt.Sprintf(
			"this file was already loaded (%d rows loaded, %d rejected); its report snapshot, which had failed, is rebuilt now", rec.Loaded, rec.Rejected)}
	}
	sum.Resumed = cl.resumed

	run := &loadRun{req: &req, w: w, id: id, known: k, versionTime: cl.firstStartedAt, start: start, sum: &sum}
	if req.AllOrNothing {
		pre, _, err := openBound(req, format)
		if err != nil {
			_ = cl.finish(&sum, "failed", err)
			return sum, err
		}
		err = run.check(ctx, pre)
		_ = pre.close()
		if err != nil {
			_ = cl.finish(&sum, "failed", err)
			return sum, err
		}
	}
	if cl.resumed {
		// The interrupted attempt's INSERT may still be running on the server (its
		// client died with blocks in flight): end it first, so no block of it lands
		// after this attempt's OPTIMIZE.
		err = endOrphanInserts(ctx, w, id)
	}
	if err == nil {
		err = run.insert(ctx, src)
	}
	if err == nil && cl.resumed {
		err = run.optimize(ctx)
	}
	sum.InsertSeconds = time.Since(start).Seconds()
	if req.afterInsert != nil {
		req.afterInsert()
	}
	var refreshErr error
	if err == nil {
		t0 := time.Now()
		if refreshErr = Refresh(ctx, w, db, run.change()); refreshErr == nil {
			sum.refreshed = true
		}
		sum.RefreshSeconds = time.Since(t0).Seconds()
	}
	sum.Duration = time.Since(start)
	sum.Seconds = sum.Duration.Seconds()
	if sum.Seconds > 0 {
		sum.RowsPerSecond = float64(sum.Rows) / sum.Seconds
	}
	if err == nil && sum.RejectRatio() > req.MaxRejectRatio {
		err = tooManyRejects(&sum, req.MaxRejectRatio)
	}
	status := "done"
	if err != nil {
		status = "failed"
	}
	recorded := err
	if err == nil && refreshErr != nil {
		// The rows are in and the load is done; only the snapshot is stale.
		err = refreshFailed(refreshErr)
		recorded = err
	}
	if ferr := cl.finish(&sum, status, recorded); ferr != nil && err == nil {
		err = fmt.Errorf("postgres: record the load: %w", ferr)
	}
	return sum, err
}

func refreshFailed(err error) error {
	return &Error{Code: CodeRefreshFailed, Message: "the rows are loaded, but the report snapshot could not be rebuilt (" +
		err.Error() + "); reports show them after the next rebuild; load the same file again to retry it"}
}

func tooManyRejects(s *Summary, max float64) error {
	msg := fmt.Sprintf("%d of %d rows rejected (%.2f%%), more than the allowed %.2f%%",
		s.Rejected, s.Rows, 100*s.RejectRatio(), 100*max)
	for i, rj := range s.Rejects {
		if i == 3 {
			msg += "; …"
			break
		}
		sep := "; first: "
		if i > 0 {
			sep = "; "
		}
		col := ""
		if rj.Column != "" {
			col = " " + rj.Column
		}
		msg += fmt.Sprintf("%srow %d%s %s", sep, rj.Row, col, rj.Reason)
	}
	return &Error{Code: CodeTooManyRejects, Message: msg}
}

// openBound opens the file and binds the kind's columns to it. A missing required
// column is one error naming every missing column.
func openBound(req Request, format Format) (source, []string, error) {
	src, err := openSource(format, req.File, req.Size, req.ChunkRows)
	if err != nil {
		return nil, nil, err
	}
	fields := contracts[req.Kind]
	pos := map[string]int{}
	for i, h := range src.header() {
		if _, dup := pos[h]; dup {
			_ = src.close()
			return nil, nil, &Error{Code: CodeBadRequest, Column: h, Message: fmt.Sprintf("column %q appears twice in the header", h)}
		}
		pos[h] = i
	}
	idx := make([]int, len(fields))
	var missing []string
	known := map[string]bool{}
	for i, f := range fields {
		known[f.Name] = true
		j, ok := pos[f.Name]
		if !ok {
			j = -1
			if f.Required && !(f.Name == "account_id" && req.Account != 0) {
				missing = append(missing, f.Name)
			}
		}
		idx[i] = j
	}
	if len(missing) > 0 {
		_ = src.close()
		return nil, nil, &Error{Code: CodeMissingColumn, Column: missing[0], Missing: missing, Required: requiredNames(req.Kind, req.Account != 0),
			Message: fmt.Sprintf("the file has no %s column%s (a %s file needs: %s); nothing was loaded",
				strings.Join(missing, ", "), plural(len(missing)), req.Kind, strings.Join(requiredNames(req.Kind, req.Account != 0), ", "))}
	}
	var ignored []string
	for _, h := range src.header() {
		if !known[h] {
			ignored = append(ignored, h)
		}
	}
	if err := src.bind(fields, idx); err != nil {
		_ = src.close()
		return nil, nil, err
	}
	return src, ignored, nil
}

func requiredNames(k Kind, accountForced bool) []string {
	var out []string
	for _, f := range contracts[k] {
		if f.Required && !(f.Name == "account_id" && accountForced) {
			out = append(out, f.Name)
		}
	}
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// loadRun is the state of one load while it runs.
type loadRun struct {
	req         *Request
	w           *warehouse.Warehouse
	id          string
	known       *known
	versionTime time.Time
	start       time.Time
	sum         *Summary
	partitions  map[uint32]struct{}
	changed     map[uint32]*changed // the valid rows' products and days, per account
	// rejectsReported: the all-or-nothing pass already gave every reject to req.Rejects.
	rejectsReported bool
}

func (r *loadRun) newConverter(record bool, mu *sync.Mutex) *converter {
	onReject := func(rj Reject) {}
	if record {
		onReject = func(rj Reject) {
			mu.Lock()
			defer mu.Unlock()
			if len(r.sum.Rejects) < MaxRejectsInSummary {
				r.sum.Rejects = append(r.sum.Rejects, rj)
			}
			if r.req.Rejects != nil && !r.rejectsReported {
				r.req.Rejects(rj)
			}
		}
	}
	return newConverter(r.req.Kind, r.req.Account, r.known, r.req.Now(), r.versionTime, onReject)
}

// check is the all-or-nothing first pass: validate every row, write nothing.
func (r *loadRun) check(ctx context.Context, src source) error {
	cv := r.newConverter(true, &sync.Mutex{})
	var rows, rejected int64
	for {
		ch, err := src.next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		_, rj := cv.convert(ch)
		rows += int64(ch.rows)
		rejected += int64(rj)
	}
	if rows > 0 && float64(rejected)/float64(rows) > r.req.MaxRejectRatio {
		r.sum.Rows, r.sum.Rejected = rows, rejected
		return tooManyRejects(r.sum, r.req.MaxRejectRatio)
	}
	// The rejects are reported already; the insert pass finds the same ones.
	r.sum.Rejects = nil
	r.rejectsReported = true
	return nil
}

// insert streams the file into ClickHouse: a reader goroutine decodes chunks, and
// Writers goroutines each validate chunks and append them column by column to their
// own INSERT, sending a block every FlushRows rows (so a writer holds about one block).
// Several INSERTs let the server process blocks in parallel: on 18.16 a single INSERT
// into offers (with its materialized view) is bound by one server thread.
func (r *loadRun) insert(ctx context.Context, src source) error {
	fields := contracts[r.req.Kind]
	cols := make([]string, 0, len(fields)+1)
	for _, f := range fields {
		cols = append(cols, f.Name)
	}
	var extra []string
	if r.req.Kind == Scans {
		cols = append(cols, "load_id")
		extra = []string{OffersLoadID(r.id)}
	}
	query := "INSERT INTO " + r.req.Kind.table() + " (" + strings.Join(cols, ", ") + ")"

	ictx, stop := context.WithCancel(ctx)
	defer stop()
	chunks := make(chan *chunk, 1)
	errs := make(chan error, r.req.Writers+1)
	go func() {
		defer close(chunks)
		for {
			ch, err := src.next(ictx)
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				errs <- err
				stop()
				return
			}
			select {
			case chunks <- ch:
			case <-ictx.Done():
				return
			}
		}
	}()

	var mu sync.Mutex // guards r.sum and the progress callback
	convs := make([]*converter, r.req.Writers)
	var wg sync.WaitGroup
	for i := range convs {
		cv := r.newConverter(true, &mu)
		convs[i] = cv
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := r.write(ictx, query, cv, chunks, extra, src, &mu); err != nil {
				errs <- err
				stop()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil && ctx.Err() == nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	r.partitions = map[uint32]struct{}{}
	r.changed = map[uint32]*changed{}
	accounts := map[uint32]struct{}{}
	for _, cv := range convs {
		for a, c := range cv.changed {
			if r.changed[a] == nil {
				r.changed[a] = newChanged()
			}
			r.changed[a].merge(c)
		}
		for p := range cv.partitions {
			r.partitions[p] = struct{}{}
		}
		for a := range cv.accounts {
			accounts[a] = struct{}{}
		}
	}
	r.sum.Accounts = r.sum.Accounts[:0]
	for a := range accounts {
		r.sum.Accounts = append(r.sum.Accounts, a)
	}
	sort.Slice(r.sum.Accounts, func(i, j int) bool { return r.sum.Accounts[i] < r.sum.Accounts[j] })
	sort.Slice(r.sum.Rejects, func(i, j int) bool { return r.sum.Rejects[i].Row < r.sum.Rejects[j].Row })
	return nil
}

// change is what the load wrote, for the refresh steps.
func (r *loadRun) change() warehouse.Change {
	ch := warehouse.Change{Kind: string(r.req.Kind), Accounts: map[uint32]*warehouse.AccountChange{}}
	for a, c := range r.changed {
		ch.Accounts[a] = c.accountChange()
	}
	return ch
}

// write is one writer: its own INSERT, fed from the shared chunk channel.
func (r *loadRun) write(ctx context.Context, query string, cv *converter, chunks <-chan *chunk, extra []string, src source, mu *sync.Mutex) error {
	ictx := clickhouse.Context(ctx, clickhouse.WithSettings(clickhouse.Settings{"min_insert_block_size_rows": r.req.BlockRows}),
		clickhouse.WithQueryID(queryIDPrefix(r.id)+strconv.FormatInt(time.Now().UnixNano(), 36)))
	batch, err := r.w.Conn.PrepareBatch(ictx, query)
	if err != nil {
		return r.sendErr(ctx, err)
	}
	sent := false
	defer func() {
		if !sent {
			_ = batch.Abort()
		}
	}()
	pending := 0
	for ch := range chunks {
		loaded, rejected := cv.convert(ch)
		if err := cv.appendTo(batch, extra...); err != nil {
			return fmt.Errorf("clickhouse: %w", err)
		}
		rows := int64(ch.rows)
		if rc, ok := src.(recycler); ok {
			rc.recycle(ch) // ch is not used below: the reader may be refilling it
		}
		pending += loaded
		if pending >= r.req.FlushRows {
			if r.w.FlushIsNoOp() {
				// Over HTTP a batch's rows leave only at Send: send this one and go on
				// in a new one, so that memory stays a flush's worth and a stopped load
				// has written what it flushed, as over the native protocol.
				sent = true
				if err := batch.Send(); err != nil {
					return r.sendErr(ctx, err)
				}
				if batch, err = r.w.Conn.PrepareBatch(ictx, query); err != nil {
					return r.sendErr(ctx, err)
				}
				sent = false
			} else if err := batch.Flush(); err != nil {
				return r.sendErr(ctx, err)
			}
			pending = 0
		}
		mu.Lock()
		r.sum.Rows += rows
		r.sum.Loaded += int64(loaded)
		r.sum.Rejected += int64(rejected)
		if r.req.Progress != nil {
			r.req.Progress(Progress{Rows: r.sum.Rows, Loaded: r.sum.Loaded, Rejected: r.sum.Rejected,
				Fraction: src.fraction(), Elapsed: time.Since(r.start)})
		}
		mu.Unlock()
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	sent = true
	if err := batch.Send(); err != nil {
		return r.sendErr(ctx, err)
	}
	return nil
}

func (r *loadRun) sendErr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return fmt.Errorf("clickhouse: insert into %s: %w", r.req.Kind.table(), err)
}

// optimize makes a resumed load's counts exact: rows the interrupted attempt already
// wrote were inserted again, and OPTIMIZE ... FINAL collapses them now instead of at
// some later merge. Only the month partitions the file touched are rewritten.
// optimize_throw_if_noop turns "another merge is running" into an error we retry.
func (r *loadRun) optimize(ctx context.Context) error {
	type stmt struct {
		table     engine.Table
		partition string // "" is the whole table
	}
	var stmts []stmt
	table := engine.Table(r.req.Kind.table())
	switch r.req.Kind {
	case Scans:
		for _, p := range sortedParts(r.partitions) {
			stmts = append(stmts, stmt{table, p})
		}
		stmts = append(stmts, stmt{engine.TableLatestOffers, ""})
	case Metrics:
		for _, p := range sortedParts(r.partitions) {
			stmts = append(stmts, stmt{table, p})
		}
	case Products:
		stmts = append(stmts, stmt{table, ""})
	}
	for _, s := range stmts {
		if err := r.w.OptimizeFinal(ctx, s.table, s.partition); err != nil {
			return err
		}
	}
	return nil
}

// queryIDPrefix names the INSERTs of a load on the server (system.processes).
func queryIDPrefix(loadID string) string { return "ingest-" + loadID[:32] + "-" }

// endOrphanInserts waits until the server-side INSERTs of an earlier attempt of this
// load are gone (18.16 cannot KILL an INSERT: "it consists of unkillable stages"; it
// ends by itself once the server has read what its dead client sent).
func endOrphanInserts(ctx context.Context, w *warehouse.Warehouse, loadID string) error {
	like := queryIDPrefix(loadID) + "%"
	for i := 0; i < 600; i++ {
		var n uint64
		if err := w.Conn.QueryRow(ctx, "SELECT count() FROM system.processes WHERE query_id LIKE ?", like).Scan(&n); err != nil {
			return fmt.Errorf("clickhouse: %w", err)
		}
		if n == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return fmt.Errorf("clickhouse: the interrupted load's insert is still running after 60 s; try again later")
}

func sortedParts(m map[uint32]struct{}) []string {
	ps := make([]uint32, 0, len(m))
	for p := range m {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i] < ps[j] })
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = strconv.FormatUint(uint64(p), 10)
	}
	return out
}

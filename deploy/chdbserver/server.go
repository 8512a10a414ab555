// Package chdbserver serves ClickHouse's HTTP interface over an in-process
// ClickHouse engine (chDB: a current ClickHouse, 26.7, as a library), so that the
// product's own code — the warehouse over clickhouse-go's HTTP protocol, the
// export stream, ingest, the workers, the CLI and the tests — runs against a
// current ClickHouse on a machine where no current server can be installed. The
// binary is cmd/chdb-server; `pricelens stack up --current` starts it.
//
// What it implements of the interface, as the product and clickhouse-go use it:
// the query in the URL or the body; settings and `database` as URL parameters;
// `default_format`; `query_id`; an INSERT whose data is the body (any format);
// external data as multipart/form-data (`<name>_structure`, `<name>_format`);
// errors as `Code: N. DB::Exception: …` with X-ClickHouse-Exception-Code; and
// Native results in the block layout of the client's `client_protocol_version`
// (the engine writes the plain layout of revision 0).
//
// What it is not: a server. The engine runs in this process, on a few connections
// of its own (each with its current database and settings, set per statement);
// a statement waits for a free one. Statements are tagged with their query id
// (a leading comment) so that KILL QUERY and system.processes find them by the
// product's id. There is no native protocol, no users and no cluster.
// docs/clickhouse-versions.md says how the rest is covered.
package chdbserver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	chproto "github.com/ClickHouse/ch-go/proto"
	"github.com/ClickHouse/clickhouse-go/v2/lib/column"
	"github.com/ClickHouse/clickhouse-go/v2/lib/proto"
)

// Conn is one connection of the engine. Query runs a statement and returns its
// whole output in format (the statement's own FORMAT clause wins); Stream starts a
// SELECT and hands its rows over a chunk at a time.
type Conn interface {
	Query(sql, format string) ([]byte, error)
	Stream(sql, format string) (Stream, error)
}

// Stream is a statement under way. Next returns the next chunk of its output and
// false after the last; Cancel stops it (KILL QUERY, a client that went away).
type Stream interface {
	Next() ([]byte, bool, error)
	Cancel()
}

// Server is the HTTP interface over the engine's connections.
type Server struct {
	Version string // the engine's version(), for error texts
	TempDir string // request bodies, removed after each request
	Log     *slog.Logger

	free    chan *conn
	aside   *conn      // KILL QUERY and progress reads, which must not wait behind the statements they watch
	asideMu sync.Mutex // aside runs one at a time
	seq     atomic.Int64
	running sync.Map // query id → Stream, for KILL QUERY
}

// conn is a connection and the session state it has been given.
type conn struct {
	Conn
	database string
	settings map[string]string
}

// New serves conns (each used by one statement at a time; the first is kept for
// KILL QUERY and progress reads). It needs two at least.
func New(version, tempDir string, log *slog.Logger, conns ...Conn) *Server {
	s := &Server{Version: version, TempDir: tempDir, Log: log, free: make(chan *conn, len(conns)-1),
		aside: &conn{Conn: conns[0], settings: map[string]string{}}}
	for _, c := range conns[1:] {
		s.free <- &conn{Conn: c, settings: map[string]string{}}
	}
	return s
}

// kill stops the statement of query id wherever it runs: the engine finds it by
// its tag (a SELECT's stream also stops at its next chunk).
func (s *Server) kill(id string) error {
	if st, found := s.running.Load(id); found {
		st.(Stream).Cancel()
	}
	s.asideMu.Lock()
	defer s.asideMu.Unlock()
	_, err := query(s.aside, "KILL QUERY WHERE startsWith(query, "+quote(tag(id))+") ASYNC FORMAT Null", "TabSeparated")
	return err
}

// reserved are the URL parameters of the interface that are not settings.
var reserved = map[string]bool{"query": true, "database": true, "default_format": true, "query_id": true,
	"client_protocol_version": true, "compress": true, "decompress": true, "enable_http_compression": true,
	"user": true, "password": true, "quota_key": true, "session_id": true, "session_timeout": true,
	"session_check": true, "wait_end_of_query": true, "buffer_size": true, "http_native_compression_disable_checksumming_on_decompress": true}

// DBMS_MIN_REVISION_WITH_CUSTOM_SERIALIZATION: from this client revision on,
// Native blocks carry block info and a serialization flag per column.
const revisionWithBlockInfo = 54454

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/ping" {
		_, _ = io.WriteString(w, "Ok.\n")
		return
	}
	start := time.Now()
	q, cleanup, err := s.parse(r)
	defer cleanup()
	if err != nil {
		s.fail(w, fmt.Errorf("Code: 27. DB::Exception: %v", err))
		return
	}
	w.Header().Set("X-ClickHouse-Query-Id", q.id)
	w.Header().Set("X-ClickHouse-Format", q.format)
	if id, ok := killTarget(q.sql); ok {
		if err := s.kill(id); err != nil {
			s.fail(w, err)
		}
		return
	}
	if q.progress {
		s.asideMu.Lock()
		out, err := s.run(s.aside, q)
		s.asideMu.Unlock()
		if err == nil && q.format == "Native" && q.revision >= revisionWithBlockInfo && len(out) > 0 {
			out, err = reencode(out, q.revision)
		}
		if err != nil {
			s.fail(w, err)
			return
		}
		_, _ = w.Write(out)
		return
	}
	c := <-s.free
	if !q.rows {
		out, err := s.run(c, q)
		s.free <- c
		if err == nil && q.format == "Native" && q.revision >= revisionWithBlockInfo && len(out) > 0 {
			out, err = reencode(out, q.revision) // DESCRIBE, SHOW: the client reads them as Native too
		}
		if err != nil {
			s.Log.Debug("statement failed", "query_id", q.id, "sql", clip(q.sql), "err", err)
			s.fail(w, err)
			return
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		_, _ = w.Write(out)
		s.Log.Debug("statement", "query_id", q.id, "ms", time.Since(start).Milliseconds(), "sql", clip(q.sql))
		return
	}
	defer func() { s.free <- c }()
	st, err := s.start(c, q)
	if err != nil {
		s.Log.Debug("statement failed", "query_id", q.id, "sql", clip(q.sql), "err", err)
		s.fail(w, err)
		return
	}
	s.running.Store(q.id, st)
	defer s.running.Delete(q.id)
	stop := context.AfterFunc(r.Context(), func() { _ = s.kill(q.id) }) // the client went away: stop the statement
	defer stop()
	n, err := s.send(w, q, st)
	if err != nil {
		st.Cancel()
		s.Log.Debug("statement failed", "query_id", q.id, "sql", clip(q.sql), "err", err)
	}
	s.Log.Debug("statement", "query_id", q.id, "ms", time.Since(start).Milliseconds(), "bytes", n, "sql", clip(q.sql))
}

// send writes a statement's rows as they come. An error before the first chunk
// is an error answer; after it, its text follows the rows, as a server writes it.
func (s *Server) send(w http.ResponseWriter, q request, st Stream) (int, error) {
	n := 0
	for {
		chunk, more, err := st.Next()
		if err == nil && q.format == "Native" && q.revision >= revisionWithBlockInfo && len(chunk) > 0 {
			chunk, err = reencode(chunk, q.revision)
		}
		if err != nil {
			if n == 0 {
				s.fail(w, cleanError(err))
			} else {
				_, _ = fmt.Fprintf(w, "\n%s (version %s)\n", cleanError(err), s.Version)
			}
			return n, err
		}
		if n == 0 {
			w.Header().Set("Content-Type", "application/octet-stream")
			w.WriteHeader(http.StatusOK)
		}
		if len(chunk) > 0 {
			if _, err := w.Write(chunk); err != nil {
				return n, err
			}
			n += len(chunk)
			if f, ok := w.(http.Flusher); ok {
				f.Flush()
			}
		}
		if !more {
			if n == 0 {
				w.Header().Set("Content-Type", "application/octet-stream")
				w.WriteHeader(http.StatusOK)
			}
			return n, nil
		}
	}
}

// request is one statement as the engine will run it.
type request struct {
	id, sql, format, database string
	settings                  map[string]string
	revision                  uint64
	rows                      bool // a SELECT: streamed (the engine streams nothing else)
	progress                  bool // a read of system.processes by query id
}

var (
	insertFormat  = regexp.MustCompile(`(?is)^\s*(INSERT\s+INTO\s+.+?)\s+FORMAT\s+(\w+)\s*;?\s*$`)
	formatClause  = regexp.MustCompile(`(?is)\bFORMAT\s+(\w+)\s*;?\s*$`)
	rowsQuery     = regexp.MustCompile(`(?is)^[\s(]*(SELECT|WITH)\b`)
	processesByID = regexp.MustCompile(`(?is)FROM\s+system\.processes\s+WHERE\s+query_id\s*=\s*'((?:[^'\\]|\\.)*)'`)
	killQuery     = regexp.MustCompile(`(?is)^\s*KILL\s+QUERY\s+WHERE\s+query_id\s*=\s*'((?:[^'\\]|\\.)*)'`)
	codeRe        = regexp.MustCompile(`Code: (\d+)\.`)
)

// parse reads the statement of r: its text, data, external tables and settings.
func (s *Server) parse(r *http.Request) (request, func(), error) {
	var files []string
	cleanup := func() {
		for _, f := range files {
			_ = os.Remove(f)
		}
	}
	p := r.URL.Query()
	q := request{id: p.Get("query_id"), database: p.Get("database"), format: p.Get("default_format"), settings: map[string]string{}}
	if q.id == "" {
		q.id = fmt.Sprintf("chdb-%d-%d", time.Now().UnixNano(), s.seq.Add(1))
	}
	if q.format == "" {
		q.format = "TabSeparated"
	}
	q.revision, _ = strconv.ParseUint(p.Get("client_protocol_version"), 10, 64)
	save := func(src io.Reader) (string, error) {
		f, err := os.CreateTemp(s.TempDir, "body-*")
		if err != nil {
			return "", err
		}
		files = append(files, f.Name())
		_, err = io.Copy(f, src)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return f.Name(), err
	}
	external := map[string]string{} // table name → its file
	sql := p.Get("query")
	var data string // the file of an INSERT's data
	if mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "multipart/form-data" {
		mr := multipart.NewReader(r.Body, params["boundary"])
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return q, cleanup, err
			}
			if part.FileName() == "" && part.FormName() == "query" {
				b, err := io.ReadAll(part)
				if err != nil {
					return q, cleanup, err
				}
				sql += string(b)
				continue
			}
			path, err := save(part)
			if err != nil {
				return q, cleanup, err
			}
			external[part.FormName()] = path
		}
	} else {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return q, cleanup, err
		}
		if sql == "" {
			sql = string(body)
		} else if len(body) > 0 {
			if data, err = save(bytes.NewReader(body)); err != nil {
				return q, cleanup, err
			}
		}
	}
	for k, v := range p {
		if !reserved[k] && !strings.HasPrefix(k, "param_") && external[strings.TrimSuffix(strings.TrimSuffix(k, "_structure"), "_format")] == "" {
			q.settings[k] = v[len(v)-1]
		}
	}
	// External data: each table's name in the statement reads its file.
	names := make([]string, 0, len(external))
	for n := range external {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	for _, n := range names {
		format := p.Get(n + "_format")
		if format == "" {
			format = "TabSeparated"
		}
		fn := fmt.Sprintf("file(%s, %s, %s)", quote(external[n]), quote(format), quote(p.Get(n+"_structure")))
		sql = replaceTable(sql, n, fn)
	}
	if data != "" {
		m := insertFormat.FindStringSubmatch(sql)
		if m == nil {
			return q, cleanup, errors.New("data was sent with a statement that is not INSERT … FORMAT")
		}
		sql = m[1] + " FROM INFILE " + quote(data) + " FORMAT " + m[2]
	} else if m := formatClause.FindStringSubmatch(sql); m != nil && !insertFormat.MatchString(sql) {
		q.format = m[1]
	}
	// A statement's progress by the product's query id: the engine has its own ids.
	q.progress = processesByID.MatchString(sql)
	sql = processesByID.ReplaceAllStringFunc(sql, func(m string) string {
		id := processesByID.FindStringSubmatch(m)[1]
		return "FROM system.processes WHERE startsWith(query, " + quote(tag(unquote(id))) + ")"
	})
	q.sql = sql
	q.rows = data == "" && rowsQuery.MatchString(sql)
	return q, cleanup, nil
}

// run runs q, a statement without rows, on c set up for it.
func (s *Server) run(c *conn, q request) ([]byte, error) {
	if err := setUp(c, q); err != nil {
		return nil, err
	}
	return query(c, tag(q.id)+" "+q.sql, q.format)
}

// start starts q, a SELECT, on c set up for it.
func (s *Server) start(c *conn, q request) (Stream, error) {
	if err := setUp(c, q); err != nil {
		return nil, err
	}
	st, err := c.Stream(tag(q.id)+" "+q.sql, q.format)
	if err != nil {
		return nil, cleanError(err)
	}
	return st, nil
}

// setUp gives c q's database and settings.
func setUp(c *conn, q request) error {
	if q.database != "" && q.database != c.database {
		if _, err := query(c, "USE "+ident(q.database), "TabSeparated"); err != nil {
			return err
		}
		c.database = q.database
	}
	for k := range c.settings {
		if _, ok := q.settings[k]; !ok {
			if _, err := query(c, "SET "+ident(k)+" = DEFAULT", "TabSeparated"); err != nil {
				return err
			}
			delete(c.settings, k)
		}
	}
	for k, v := range q.settings {
		if cur, ok := c.settings[k]; ok && cur == v {
			continue
		}
		if _, err := query(c, "SET "+ident(k)+" = "+quote(v), "TabSeparated"); err != nil {
			return err
		}
		c.settings[k] = v
	}
	return nil
}

// tag is the comment that starts every statement of query id: the engine keeps it
// in system.processes' query, where KILL QUERY and a progress read find it.
func tag(id string) string { return "/*qid:" + strings.ReplaceAll(id, "*/", "") + "*/" }

// killTarget is the query id of KILL QUERY WHERE query_id = '…'.
func killTarget(sql string) (string, bool) {
	m := killQuery.FindStringSubmatch(sql)
	if m == nil {
		return "", false
	}
	return unquote(m[1]), true
}

// unquote is the text of a quoted string's inside.
func unquote(s string) string { return strings.NewReplacer(`\'`, `'`, `\\`, `\`).Replace(s) }

func query(c *conn, sql, format string) ([]byte, error) {
	out, err := c.Query(sql, format)
	if err != nil {
		return nil, cleanError(err)
	}
	return out, nil
}

// cleanError drops the engine's repeated prefix ("Code: 115. DB::Exception:
// Code: 115. DB::Exception: …").
func cleanError(err error) error {
	msg := err.Error()
	if m := codeRe.FindString(msg); m != "" {
		msg = strings.Replace(msg, m+" DB::Exception: "+m+" ", m+" ", 1)
	}
	return errors.New(msg)
}

// fail answers an error as ClickHouse does: the text, its code in a header.
func (s *Server) fail(w http.ResponseWriter, err error) {
	msg := strings.TrimSpace(err.Error())
	code := "1001"
	if m := codeRe.FindStringSubmatch(msg); m != nil {
		code = m[1]
	}
	w.Header().Set("X-ClickHouse-Exception-Code", code)
	w.Header().Set("Content-Type", "text/plain; charset=UTF-8")
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = fmt.Fprintf(w, "%s (version %s)\n", msg, s.Version)
}

// reencode rewrites the engine's Native result (the layout of revision 0) in the
// layout of a client of revision rev, as a server does for client_protocol_version.
func reencode(in []byte, rev uint64) ([]byte, error) {
	rd := chproto.NewReader(bytes.NewReader(in))
	var out chproto.Buffer
	for {
		b := proto.Block{ServerContext: &column.ServerContext{Timezone: time.UTC}}
		if err := b.Decode(rd, 0); err != nil {
			if errors.Is(err, io.EOF) {
				return out.Buf, nil
			}
			return nil, err
		}
		if err := b.Encode(&out, rev); err != nil {
			return nil, err
		}
	}
}

// replaceTable makes sql read fn where it names table n (an external table):
// the name as a whole word, not part of another name, a string or a column of a
// qualified name.
func replaceTable(sql, n, fn string) string {
	re := regexp.MustCompile(`(^|[^\w.'` + "`" + `])` + regexp.QuoteMeta(n) + `\b`)
	return re.ReplaceAllString(sql, "${1}"+strings.ReplaceAll(fn, "$", "$$"))
}

func quote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

func ident(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }

func clip(s string) string {
	if len(s) > 100_000 {
		return s[:100_000] + "…"
	}
	return s
}

// TempDirUnder makes the folder for request data under dir.
func TempDirUnder(dir string) (string, error) {
	p := filepath.Join(dir, "requests")
	if err := os.RemoveAll(p); err != nil {
		return "", err
	}
	return p, os.MkdirAll(p, 0o755)
}

package warehouse

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"pricelens/engine"
)

// streamIdle is how long the stream may go without a byte before the server is
// taken for gone. ClickHouse sends body bytes once it writes; before that a sort
// of a huge result is silent (18.16 as Debian builds it sends no progress headers:
// Reading), and max_execution_time bounds a query anyway.
const streamIdle = 60 * time.Second

// streamClient is the HTTP client of Native: no overall timeout (an export runs as long
// as it has rows), a read timeout per connection read instead (idleConn).
var streamClient = &http.Client{Transport: &http.Transport{
	DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{Timeout: 5 * time.Second}).DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return idleConn{c}, nil
	},
	MaxIdleConnsPerHost: 4,
	IdleConnTimeout:     2 * time.Second, // below the server's keep-alive (3 s)
}}

// idleConn fails a read that waits longer than streamIdle.
type idleConn struct{ net.Conn }

func (c idleConn) Read(p []byte) (int, error) {
	_ = c.Conn.SetReadDeadline(time.Now().Add(streamIdle))
	return c.Conn.Read(p)
}

// ErrRefused is the error of a query the server refused.
var ErrRefused = errors.New("clickhouse refused the query")

// Native runs s under queryID over ClickHouse's HTTP interface with FORMAT Native
// (blocks of columns, as the native protocol sends them, at most nativeBlockRows
// rows each) and hands the response body to read as it arrives: the server only
// computes, and the caller writes what it reads, a block at a time, so memory
// stays flat whatever the row count. The body is the server's: after the blocks
// it has written, ClickHouse writes the text of an error that stops the query, so
// read must check each block's shape (the report service's CSV writer does). An error from
// read stops the query. Cancelling ctx kills the query (KILL QUERY: 18.16 goes on
// with an HTTP query whose client went away until it next writes), as Kill from
// elsewhere does.
func (w *Warehouse) Native(ctx context.Context, queryID string, s engine.Statement, read func(body io.Reader) error) error {
	sql, err := Render(s)
	if err != nil {
		return fmt.Errorf("query %s: %w", queryID, err)
	}
	req, err := w.streamRequest(ctx, queryID, sql+" FORMAT Native", s.Sets)
	if err != nil {
		return err
	}
	stop := context.AfterFunc(ctx, func() { _ = w.Kill(context.WithoutCancel(ctx), queryID) })
	defer stop()
	resp, err := streamClient.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("query %s: clickhouse at %s: %w", queryID, w.HTTPAddr, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return fmt.Errorf("query %s: %w: %s", queryID, ErrRefused, strings.TrimSpace(string(msg)))
	}
	if err := read(resp.Body); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return w.stopStream(queryID, fmt.Errorf("query %s: %w", queryID, err))
	}
	return nil
}

// exportMaxExecution is the server-side max_execution_time of a Native query: an
// export, which sorts every row of a report before it writes one, far longer than
// a report block's query (PRICELENS_CLICKHOUSE_MAX_EXECUTION_SECONDS); abortExport
// and the export job's own timeout end it sooner when asked.
const exportMaxExecution = 30 * time.Minute

// nativeBlockRows bounds the rows of a Native block (max_block_size): a block is
// what the reader holds at once.
const nativeBlockRows = 8192

// stopStream kills a query whose body is no longer read (closing the connection
// alone leaves it running until it next writes) and returns err. The kill waits
// a few seconds at most: when the server is gone, err is the news.
func (w *Warehouse) stopStream(queryID string, err error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = w.Kill(ctx, queryID)
	return err
}

// streamRequest is the POST of query: the text as the body, or, with external sets,
// a multipart form with the query and a tab-separated file per set (their
// structure goes in the URL, where 18.16 reads it).
func (w *Warehouse) streamRequest(ctx context.Context, queryID, query string, sets []engine.Set) (*http.Request, error) {
	params := url.Values{}
	params.Set("query_id", queryID)
	params.Set("database", w.Database)
	params.Set("max_execution_time", strconv.Itoa(int(exportMaxExecution.Seconds())))
	params.Set("max_memory_usage", "8000000000")
	params.Set("max_block_size", strconv.Itoa(nativeBlockRows))
	// A sign of life while the server reads (streamIdle), on builds that send
	// progress headers; 18.16 from Debian does not (Reading).
	params.Set("send_progress_in_http_headers", "1")
	params.Set("http_headers_progress_interval_ms", "1000")
	if n := len(query); n > defaultMaxQuerySize/2 {
		params.Set("max_query_size", strconv.Itoa(2*n+4096))
	}
	var body bytes.Buffer
	contentType := "text/plain; charset=UTF-8"
	if len(sets) == 0 {
		body.WriteString(query)
	} else {
		mw := multipart.NewWriter(&body)
		if err := mw.WriteField("query", query); err != nil {
			return nil, err
		}
		for _, s := range sets {
			params.Set(s.Name+"_structure", "v "+s.Type)
			fw, err := mw.CreateFormFile(s.Name, s.Name+".tsv")
			if err != nil {
				return nil, err
			}
			for _, v := range s.Values {
				if _, err := io.WriteString(fw, tsvValue(v)+"\n"); err != nil {
					return nil, err
				}
			}
		}
		if err := mw.Close(); err != nil {
			return nil, err
		}
		contentType = mw.FormDataContentType()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+w.HTTPAddr+"/?"+params.Encode(), &body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", contentType)
	req.SetBasicAuth(w.opts.Auth.Username, w.opts.Auth.Password)
	return req, nil
}

// tsvValue escapes a value of a set for TabSeparated input.
func tsvValue(v any) string {
	s := fmt.Sprint(v)
	return strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`).Replace(s)
}

package warehouse

import "context"

// Reading is how far the running query queryID has read its sources: the rows
// read so far and about how many it will read (system.processes' read_rows and
// total_rows_approx; total is 0 when the server cannot tell, e.g. for table
// functions). running is false when no such query runs (not yet, or no more).
//
// It is the progress of a query that has not sent a row yet: an export sorts
// every row of its report before the first block leaves the server. 18.16 as
// Debian builds it never sends the X-ClickHouse-Progress headers that
// send_progress_in_http_headers asks for (they need ClickHouse's patched Poco;
// measured: none in 53 s of a sorting query), so the server's own process list is
// the one place that says it while it reads.
func (w *Warehouse) Reading(ctx context.Context, queryID string) (read, total int64, running bool, err error) {
	rows, err := w.Conn.Query(ctx, "SELECT read_rows, total_rows_approx FROM system.processes WHERE query_id = ?", queryID)
	if err != nil {
		return 0, 0, false, err
	}
	defer rows.Close()
	if !rows.Next() {
		return 0, 0, false, rows.Err()
	}
	var r, t uint64
	if err := rows.Scan(&r, &t); err != nil {
		return 0, 0, false, err
	}
	return int64(r), int64(t), true, rows.Err()
}

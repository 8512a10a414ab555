package access_test

import (
	"bufio"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/api/access"
	"pricelens/deploy/testenv"
	"pricelens/jobs"
	"pricelens/store"
	"pricelens/uploads"
	"pricelens/warehouse"
)

// The Upload Files screen (issue 16 part 4) through the API on real servers: the
// file rules' messages, each kind's CSV contract and effect, per-row reports, all
// or nothing, 403 without each permission, tenancy, and a file surviving a restart
// between upload and processing.

type uploadEnv struct {
	e                *env
	w                *warehouse.Warehouse
	acc1, acc2       int64
	admin, analyst   *client
	viewer, admin2   *client
	clearance, match int64 // acc1's labels: an ordinary one and a CI label
}

// uploadToday is the processor's clock: dates in the files are around it.
var uploadToday = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func loadUploadEnv(t *testing.T) *uploadEnv {
	w, _ := testenv.ClickHouse(t)
	e := newEnv(t, w)
	u := &uploadEnv{e: e, w: w, acc1: e.account("Shop"), acc2: e.account("Other")}
	ctx := context.Background()
	b, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, my_price, updated_at)")
	require.NoError(t, err)
	for _, p := range []string{"P1", "P2", "P3", "P4", "P5"} {
		require.NoError(t, b.Append(uint32(u.acc1), p, "Product "+p, 20.0, uploadToday))
	}
	require.NoError(t, b.Append(uint32(u.acc2), "Q1", "Other product", 20.0, uploadToday))
	require.NoError(t, b.Send())
	require.NoError(t, e.db.QueryRow(ctx, `INSERT INTO labels (account_id, name, color) VALUES ($1, 'Clearance', 'ff0000') RETURNING id`, u.acc1).Scan(&u.clearance))
	require.NoError(t, e.db.QueryRow(ctx, `INSERT INTO labels (account_id, name, color, sso_user_read_only) VALUES ($1, 'Price match', '00ff00', true) RETURNING id`, u.acc1).Scan(&u.match))
	e.exec(`INSERT INTO labels (account_id, name, color) VALUES ($1, 'Clearance', 'ff0000')`, u.acc2)
	e.user("admin@up.test", "admin", u.acc1)
	e.user("analyst@up.test", "analyst", u.acc1)
	e.user("viewer@up.test", "viewer", u.acc1)
	e.user("admin2@up.test", "admin", u.acc2)
	u.admin, u.analyst = e.login("admin@up.test", u.acc1), e.login("analyst@up.test", u.acc1)
	u.viewer, u.admin2 = e.login("viewer@up.test", u.acc1), e.login("admin2@up.test", u.acc2)
	return u
}

// claimingSize sends an upload whose Content-Length claims size bytes (over a raw
// connection: net/http refuses to send a body shorter than its length) and returns
// the status and answer the server sends before reading the body.
func (c *client) claimingSize(path string, size int64) (int, string) {
	c.e.t.Helper()
	su, _ := url.Parse(c.e.srv.URL)
	conn, err := net.Dial("tcp", su.Host)
	require.NoError(c.e.t, err)
	defer conn.Close()
	var cookies []string
	for _, ck := range c.http.Jar.Cookies(su) {
		cookies = append(cookies, ck.Name+"="+ck.Value)
	}
	fmt.Fprintf(conn, "POST /api%s HTTP/1.1\r\nHost: %s\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: %d\r\n%s: %s\r\nCookie: %s\r\nConnection: close\r\n\r\n--x\r\n",
		path, su.Host, size, access.CSRFHeader, c.csrf, strings.Join(cookies, "; "))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(c.e.t, err)
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(raw)
}

// get reads a text answer (CSV downloads).
func (c *client) get(path string) (int, string) {
	c.e.t.Helper()
	resp, err := c.http.Get(c.e.srv.URL + path)
	require.NoError(c.e.t, err)
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(raw)
}

// process works every queued upload as the process_upload job does.
func (u *uploadEnv) process(t *testing.T) {
	t.Helper()
	rows, err := u.e.db.Query(context.Background(), `SELECT id FROM upload_files WHERE status = 'queued' ORDER BY id`)
	require.NoError(t, err)
	var ids []int64
	for rows.Next() {
		var id int64
		require.NoError(t, rows.Scan(&id))
		ids = append(ids, id)
	}
	p := jobs.UploadProcessor{Store: store.New(u.e.db), W: u.w, Now: func() time.Time { return uploadToday }}
	for _, id := range ids {
		require.NoError(t, p.Process(context.Background(), id))
	}
}

// send uploads a file of a kind, processes it and returns the finished upload.
func (u *uploadEnv) send(t *testing.T, c *client, kind, content string) obj {
	t.Helper()
	k, _ := uploads.Lookup(kind)
	st, body := c.upload("/api"+k.Path, kind+".csv", content, nil)
	require.Equal(t, 200, st, "%v", body)
	require.Equal(t, "queued", body["status"])
	u.process(t)
	st, body = c.call("GET", "/api/upload/getUploadFile?id="+itoa(num(body["id"])), nil)
	require.Equal(t, 200, st, "%v", body)
	return body
}

func refusals(body obj) []string {
	var out []string
	for _, r := range body["refused"].([]any) {
		m := r.(map[string]any)
		out = append(out, itoa(num(m["line"]))+" "+m["fsn"].(string)+": "+m["reason"].(string))
	}
	return out
}

func (u *uploadEnv) active(t *testing.T, c *client, kind string) []string {
	t.Helper()
	st, body := c.call("GET", "/api/upload/getUploadFiles?kind="+kind, nil)
	require.Equal(t, 200, st, "%v", body)
	var out []string
	for _, a := range body["active"].([]any) {
		var vals []string
		for _, v := range a.(map[string]any)["values"].([]any) {
			vals = append(vals, v.(string))
		}
		out = append(out, strings.Join(vals, ","))
	}
	return out
}

func TestUploadFiles(t *testing.T) {
	u := loadUploadEnv(t)
	e := u.e

	t.Run("file rules, verbatim, for every kind", func(t *testing.T) {
		for _, k := range uploads.Kinds {
			good := strings.Join(k.Columns, ",") + "\n"
			st, body := u.admin.upload("/api"+k.Path, "contracts.txt", good+"P1\n", nil)
			assert.Equal(t, 400, st, k.Name)
			assert.Equal(t, "File type is incorrect. Please upload csv file.", errMsg(body), k.Name)
			st, body = u.admin.upload("/api"+k.Path, strings.Repeat("n", 97)+".csv", good+"P1\n", nil)
			assert.Equal(t, 400, st, k.Name)
			assert.Equal(t, "File name is too long. Please enter a max of 100 characters", errMsg(body), k.Name)
			want := "The file does not contain the required columns (lowercase): " + strings.Join(k.Columns, ", ")
			for _, header := range []string{strings.ToUpper(good), "sku\n", strings.Join(append(k.Columns, "extra"), ",") + "\n"} {
				st, body = u.admin.upload("/api"+k.Path, "f.csv", header+"P1\n", nil)
				assert.Equal(t, 400, st, k.Name)
				assert.Equal(t, want, errMsg(body), k.Name)
			}
			st, body = u.admin.upload("/api"+k.Path, "f.csv", good, nil)
			assert.Equal(t, 400, st, k.Name)
			assert.Equal(t, "The file has no rows under its header.", errMsg(body), k.Name)

			st, answer := u.admin.claimingSize(k.Path, 200<<20+2<<20)
			assert.Equal(t, http.StatusRequestEntityTooLarge, st, k.Name)
			assert.Contains(t, answer, "File size can't be bigger than 200M", k.Name)
		}
		assert.Zero(t, e.count(`SELECT count(*) FROM upload_files`), "a refused file is not stored")
	})

	t.Run("403 without each permission", func(t *testing.T) {
		for _, k := range uploads.Kinds {
			content := strings.Join(k.Columns, ",") + "\nP1" + strings.Repeat(",x", len(k.Columns)-1) + "\n"
			st, body := u.viewer.upload("/api"+k.Path, "f.csv", content, nil)
			assert.Equal(t, 403, st, "viewer %s %v", k.Name, body)
			st, _ = u.viewer.call("GET", "/api/upload/getUploadFiles?kind="+k.Name, nil)
			assert.Equal(t, 403, st, "viewer reads %s", k.Name)
			if k.Name == uploads.LabelFSN { // the analyst's one upload permission
				continue
			}
			st, body = u.analyst.upload("/api"+k.Path, "f.csv", content, nil)
			assert.Equal(t, 403, st, "analyst %s %v", k.Name, body)
			st, _ = u.analyst.call("GET", "/api/upload/getUploadFiles?kind="+k.Name, nil)
			assert.Equal(t, 403, st, "analyst reads %s", k.Name)
		}
		assert.Zero(t, e.count(`SELECT count(*) FROM upload_files`))
		kindsOf := func(c *client) []string {
			st, body := c.call("GET", "/api/upload/getUploadKinds", nil)
			require.Equal(t, 200, st)
			var out []string
			for _, k := range body["kinds"].([]any) {
				out = append(out, k.(map[string]any)["kind"].(string))
			}
			return out
		}
		assert.Equal(t, []string{"contract", "reset_bau", "label_fsn", "manual_contract", "ci_label", "event_planning"}, kindsOf(u.admin))
		assert.Equal(t, []string{"label_fsn"}, kindsOf(u.analyst))
		assert.Nil(t, kindsOf(u.viewer))
	})

	t.Run("contract file: applied whole, or nothing with a reason per row", func(t *testing.T) {
		up := u.send(t, u.admin, "contract", "fsn,floor price,ceiling price,start date,end date\nP1,10,12.5,2026-11-01,2026-12-31\r\nP2,8,9,2026-12-01,2027-01-31\n")
		assert.Equal(t, "done", up["status"])
		assert.EqualValues(t, 2, num(up["rows_applied"]))
		assert.Equal(t, []string{"P1,10,12.5,2026-11-01,2026-12-31", "P2,8,9,2026-12-01,2027-01-31"}, u.active(t, u.admin, "contract"))

		up = u.send(t, u.admin, "contract", "fsn,floor price,ceiling price,start date,end date\n"+
			"P3,10,11,2026-11-01,2026-12-31\n"+ // good: not applied, another row is refused
			"NOPE,10,11,2026-11-01,2026-12-31\n"+
			"P4,12,11,2026-11-01,2026-12-31\n"+
			"P5,abc,11,2026-11-01,2026-12-31\n"+
			"P2,1,2,2026-31-01,2026-12-31\n"+
			"P1,1,2,2026-10-01,2026-10-31\n"+
			"P1,1,2,2026-12-01,2026-11-30\n"+
			"P3,1,2,2026-11-01,2026-12-31\n"+
			"P2,1,2\n"+
			",1,2,2026-11-01,2026-12-31\n")
		assert.Equal(t, "failed", up["status"])
		assert.Equal(t, "Nothing was applied: 9 of 10 rows were refused.", up["error"])
		assert.EqualValues(t, 0, num(up["rows_applied"]))
		assert.EqualValues(t, 10, num(up["rows_total"]))
		assert.Equal(t, []string{
			"3 NOPE: unknown FSN: not in the account's catalogue",
			"4 P4: the floor price is above the ceiling price",
			`5 P5: floor price "abc" is not a number`,
			`6 P2: start date "2026-31-01" is not a date (YYYY-MM-DD)`,
			"7 P1: the end date has passed",
			"8 P1: the end date is before the start date",
			"9 P3: repeats line 2",
			"10 P2: the row has 3 fields, the file's header 5",
			"11 : fsn is empty",
		}, refusals(up))
		assert.Equal(t, []string{"P1,10,12.5,2026-11-01,2026-12-31", "P2,8,9,2026-12-01,2027-01-31"}, u.active(t, u.admin, "contract"), "nothing changed")
		assert.Zero(t, e.count(`SELECT count(*) FROM price_contracts WHERE product_id = 'P3'`))

		st, report := u.admin.get("/api/upload/getUploadReport?id=" + itoa(num(up["id"])))
		require.Equal(t, 200, st)
		cr := csv.NewReader(strings.NewReader(report))
		cr.FieldsPerRecord = -1
		recs, err := cr.ReadAll()
		require.NoError(t, err)
		require.Len(t, recs, 11)
		assert.Equal(t, []string{"fsn", "floor price", "ceiling price", "start date", "end date", "result", "reason"}, recs[0])
		assert.Equal(t, []string{"P3", "10", "11", "2026-11-01", "2026-12-31", "not applied", "another row of the file was refused"}, recs[1])
		assert.Equal(t, []string{"NOPE", "10", "11", "2026-11-01", "2026-12-31", "refused", "unknown FSN: not in the account's catalogue"}, recs[2])
	})

	t.Run("manual contract pins one price with a required comment", func(t *testing.T) {
		up := u.send(t, u.admin, "manual_contract", "fsn,contract price,start date,end date,comment\nP1,11,2026-11-20,2026-12-24,\n")
		assert.Equal(t, []string{"2 P1: comment is empty"}, refusals(up))
		up = u.send(t, u.admin, "manual_contract", "fsn,contract price,start date,end date,comment\nP1,11,2026-11-20,2026-12-24,Agreed with the brand\n")
		assert.Equal(t, "done", up["status"])
		assert.Equal(t, []string{"P1,11,2026-11-20,2026-12-24,Agreed with the brand"}, u.active(t, u.admin, "manual_contract"))
		assert.Equal(t, []string{"P2,8,9,2026-12-01,2027-01-31"}, u.active(t, u.admin, "contract"), "the manual contract replaced P1's contract")
	})

	t.Run("event planning", func(t *testing.T) {
		up := u.send(t, u.admin, "event_planning", "fsn,event name,event price,start date,end date\nP1,Black Friday,9.99,2026-11-27,2026-11-30\nP1,black friday,8,2026-11-27,2026-11-30\n")
		assert.Equal(t, []string{"3 P1: repeats line 2"}, refusals(up))
		up = u.send(t, u.admin, "event_planning", "fsn,event name,event price,start date,end date\nP1,Black \"Friday,9.99,2026-11-27,2026-11-30\n")
		assert.Equal(t, "failed", up["status"])
		assert.Contains(t, up["error"], "Nothing was applied: the file is not a readable CSV file", "a broken quote fails the whole file")
		assert.Zero(t, e.count(`SELECT count(*) FROM price_events`))
		up = u.send(t, u.admin, "event_planning", "fsn,event name,event price,start date,end date\nP1,Black Friday,9.99,2026-11-27,2026-11-30\nP2,Black Friday,5,2026-11-27,2026-11-30\n")
		assert.Equal(t, "done", up["status"])
		assert.ElementsMatch(t, []string{"P1,Black Friday,9.99,2026-11-27,2026-11-30", "P2,Black Friday,5,2026-11-27,2026-11-30"}, u.active(t, u.admin, "event_planning"))
	})

	t.Run("label FSN and CI label files assign their own family of labels", func(t *testing.T) {
		up := u.send(t, u.analyst, "label_fsn", "fsn,label\nP1,clearance\nP2,Price match\nP3,Nope\n")
		assert.Equal(t, []string{
			`3 P2: "Price match" is a CI label: upload it in a CI label file`,
			`4 P3: the account has no label "Nope" (create it first)`,
		}, refusals(up))
		assert.Zero(t, e.count(`SELECT count(*) FROM label_assignments WHERE account_id = $1`, u.acc1))
		up = u.send(t, u.analyst, "label_fsn", "fsn,label\nP1,clearance\nP2,CLEARANCE\n")
		assert.Equal(t, "done", up["status"])
		assert.Equal(t, 2, e.count(`SELECT count(*) FROM label_assignments WHERE label_id = $1 AND product_id IN ('P1', 'P2')`, u.clearance))
		assert.Equal(t, []string{"P1,Clearance", "P2,Clearance"}, slices.Sorted(slices.Values(u.active(t, u.analyst, "label_fsn"))))
		assert.Positive(t, e.count(`SELECT count(*) FROM outbox WHERE topic = 'product_labels' AND account_id = $1`, u.acc1), "mirrored to ClickHouse")

		up = u.send(t, u.admin, "ci_label", "fsn,ci label\nP3,Clearance\n")
		assert.Equal(t, []string{`2 P3: "Clearance" is not a CI label: upload it in a label FSN file`}, refusals(up))
		up = u.send(t, u.admin, "ci_label", "fsn,ci label\nP3,price MATCH\n")
		assert.Equal(t, "done", up["status"])
		assert.Equal(t, []string{"P3,Price match"}, u.active(t, u.admin, "ci_label"))
	})

	t.Run("reset-BAU clears contracts and events, refusing products with neither", func(t *testing.T) {
		up := u.send(t, u.admin, "reset_bau", "fsn\nP1\nP5\n")
		assert.Equal(t, []string{"3 P5: this FSN has no contract or planned event to reset"}, refusals(up))
		assert.Equal(t, 1, e.count(`SELECT count(*) FROM price_contracts WHERE account_id = $1 AND product_id = 'P1'`, u.acc1), "nothing applied")
		up = u.send(t, u.admin, "reset_bau", "fsn\nP1\n")
		assert.Equal(t, "done", up["status"])
		assert.Zero(t, e.count(`SELECT count(*) FROM price_contracts WHERE account_id = $1 AND product_id = 'P1'`, u.acc1))
		assert.Zero(t, e.count(`SELECT count(*) FROM price_events WHERE account_id = $1 AND product_id = 'P1'`, u.acc1))
		assert.Equal(t, []string{"P2,Black Friday,5,2026-11-27,2026-11-30"}, u.active(t, u.admin, "event_planning"))
	})

	t.Run("tenancy", func(t *testing.T) {
		var id int64
		require.NoError(t, e.db.QueryRow(context.Background(), `SELECT max(id) FROM upload_files WHERE account_id = $1`, u.acc1).Scan(&id))
		st, _ := u.admin2.call("GET", "/api/upload/getUploadFile?id="+itoa(id), nil)
		assert.Equal(t, 404, st)
		st, _ = u.admin2.get("/api/upload/getUploadReport?id=" + itoa(id))
		assert.Equal(t, 404, st)
		for _, k := range []string{"contract", "manual_contract", "event_planning", "label_fsn", "ci_label"} {
			assert.Empty(t, u.active(t, u.admin2, k), k)
		}
		st, body := u.admin2.call("GET", "/api/upload/getUploadFiles?kind=contract", nil)
		require.Equal(t, 200, st)
		assert.Empty(t, body["uploads"])
		up := u.send(t, u.admin2, "label_fsn", "fsn,label\nP1,Clearance\nQ1,Clearance\n")
		assert.Equal(t, []string{"2 P1: unknown FSN: not in the account's catalogue"}, refusals(up), "another account's product is unknown here")
	})

	t.Run("example files carry the kind's header", func(t *testing.T) {
		for _, k := range uploads.Kinds {
			st, body := u.admin.get("/api/upload/getUploadExample?kind=" + k.Name)
			require.Equal(t, 200, st)
			assert.True(t, strings.HasPrefix(body, strings.Join(k.Columns, ",")+"\n"), k.Name)
		}
	})

	t.Run("a file survives a restart between upload and processing", func(t *testing.T) {
		k, _ := uploads.Lookup(uploads.LabelFSN)
		st, body := u.admin.upload("/api"+k.Path, "after-restart.csv", "fsn,label\nP4,Clearance\n", nil)
		require.Equal(t, 200, st, "%v", body)
		id := num(body["id"])
		// A worker took the file and died mid-way: the upload says processing, its
		// job is still in River's table. A fresh River client over the database
		// (a restarted server) applies it.
		e.exec(`UPDATE upload_files SET status = 'processing' WHERE id = $1`, id)
		workers, err := jobs.Start(context.Background(), jobs.Deps{DB: e.db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Warehouse: u.w,
			ClickHouse: func(context.Context) (driver.Conn, error) { return u.w.Conn, nil }})
		require.NoError(t, err)
		t.Cleanup(func() { require.NoError(t, workers.Stop()) })
		require.Eventually(t, func() bool {
			return e.text(`SELECT status FROM upload_files WHERE id = $1`, id) == "done"
		}, 60*time.Second, 50*time.Millisecond)
		assert.Equal(t, 1, e.count(`SELECT count(*) FROM label_assignments WHERE label_id = $1 AND product_id = 'P4'`, u.clearance))
		require.Eventually(t, func() bool {
			n, err := u.w.Count(context.Background(), warehouse.SQL(`SELECT count() FROM product_labels FINAL WHERE account_id = ? AND product_id = 'P4' AND assigned = 1`, uint32(u.acc1)))
			return err == nil && n == 1
		}, 60*time.Second, 50*time.Millisecond, "the label reaches ClickHouse")
	})
}

// BenchmarkUploadContractFile100k uploads a 100,000-row contract file and applies
// it (catalogue check in ClickHouse, one PostgreSQL transaction), as the job does.
func BenchmarkUploadContractFile100k(b *testing.B) {
	const n = 100_000
	w, _ := testenv.ClickHouse(b)
	e := newEnvTB(b, w)
	acc := e.account("Shop")
	ctx := context.Background()
	batch, err := w.Conn.PrepareBatch(ctx, "INSERT INTO products (account_id, product_id, name, my_price, updated_at)")
	require.NoError(b, err)
	var file strings.Builder
	file.WriteString("fsn,floor price,ceiling price,start date,end date\n")
	for i := range n {
		id := fmt.Sprintf("FSN%07d", i)
		require.NoError(b, batch.Append(uint32(acc), id, "Product", 20.0, uploadToday))
		fmt.Fprintf(&file, "%s,%d.5,%d.9,2026-11-01,2027-01-31\n", id, 10+i%50, 60+i%50)
	}
	require.NoError(b, batch.Send())
	e.user("admin@bench.test", "admin", acc)
	admin := e.login("admin@bench.test", acc)
	k, _ := uploads.Lookup(uploads.Contract)
	p := jobs.UploadProcessor{Store: store.New(e.db), W: w, Now: func() time.Time { return uploadToday }}
	b.ResetTimer()
	for range b.N {
		st, body := admin.upload("/api"+k.Path, "contracts.csv", file.String(), nil)
		require.Equal(b, 200, st, "%v", body)
		require.NoError(b, p.Process(ctx, num(body["id"])))
		require.Equal(b, "done", e.text(`SELECT status FROM upload_files WHERE id = $1`, num(body["id"])))
	}
	b.StopTimer()
	require.Equal(b, n, e.count(`SELECT count(*) FROM price_contracts WHERE account_id = $1`, acc))
}

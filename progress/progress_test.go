package progress

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// clock is a settable now for exact lines.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// lineOf renders b once as the ticker would.
func lineOf(r *Reporter, b *Bar) string {
	var out bytes.Buffer
	r.mu.Lock()
	defer r.mu.Unlock()
	saved := r.out
	r.out = &out
	r.render(b, false)
	r.out = saved
	return strings.TrimSpace(out.String())
}

func TestLines(t *testing.T) {
	c := &clock{t: time.Unix(1e9, 0)}
	var out bytes.Buffer
	r := New(&out)
	r.now = c.now

	for _, tc := range []struct {
		name string
		run  func(b *Bar)
		unit string
		tot  float64
		want string
	}{
		{"chunks of a known total: the share and the ETA from it", func(b *Bar) { b.Add(3) }, "chunks", 12,
			"snapshot: 25%, 3/12 chunks, 0.5 chunks/s, elapsed 6s, ETA 18s"},
		{"a file's consumed fraction and a note (ingest)", func(b *Bar) { b.Set(1.2e6, 0.4, "1.19M loaded, 3 rejected") }, "rows", 0,
			"snapshot: 40%, 1.20M rows (1.19M loaded, 3 rejected), 200.0k rows/s, elapsed 6s, ETA 9s"},
		{"nothing known yet", func(*Bar) {}, "chunks", 0,
			"snapshot: ?%, 0 chunks, 0 chunks/s, elapsed 6s, ETA ?"},
		{"a total learnt on the way", func(b *Bar) { b.AddTotal(4); b.AddTotal(4); b.Add(6) }, "parts", 0,
			"snapshot: 75%, 6/8 parts, 1 parts/s, elapsed 6s, ETA 2s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := r.Start("snapshot", tc.unit, tc.tot)
			defer b.Finish()
			tc.run(b)
			c.add(6 * time.Second)
			assert.Equal(t, tc.want, lineOf(r, b))
		})
	}
}

func TestFinishPrintsWhatTheStepDid(t *testing.T) {
	c := &clock{t: time.Unix(1e9, 0)}
	var out bytes.Buffer
	r := New(&out)
	r.now = c.now
	b := r.Start("trend rollup of account 1", "chunks", 12)
	b.Add(12)
	c.add(20 * time.Second)
	b.Finish()
	b.Finish() // once only
	assert.Equal(t, "trend rollup of account 1: done, 12/12 chunks in 20s\n", out.String())
}

// A long step prints a line every few seconds while it runs, the newest step only:
// the outer step is silent while an inner one runs, and speaks again after it.
func TestLongStepsSpeakWhileTheyRun(t *testing.T) {
	var out syncBuffer
	r := New(&out).WithEvery(5 * time.Millisecond)
	outer := r.Start("load a.csv", "rows", 0)
	outer.Set(10, 0.5, "")
	waitFor(t, &out, 0, "load a.csv: 50%")
	inner := r.Start("snapshot of account 1", "chunks", 4)
	inner.Add(1)
	waitFor(t, &out, 0, "snapshot of account 1: 25%")
	mark := out.Len()
	time.Sleep(30 * time.Millisecond)
	assert.NotContains(t, out.String()[mark:], "load a.csv", "the outer step waits while the inner one runs")
	inner.Finish()
	mark = out.Len()
	waitFor(t, &out, mark, "load a.csv: 50%")
	assert.Contains(t, out.String()[:mark], "snapshot of account 1: done, 1/4 chunks in")
	outer.Finish()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.True(t, strings.HasPrefix(lines[len(lines)-1], "load a.csv: done, 10 rows in "), "the last line is the outer step's end:\n%s", out.String())
	r.mu.Lock()
	assert.Nil(t, r.stop, "the ticker stops with the last bar")
	r.mu.Unlock()
}

func TestWithoutAReporterNothingIsPrinted(t *testing.T) {
	b := Start(context.Background(), "snapshot", "chunks", 3)
	require.Nil(t, b)
	b.Add(1)
	b.AddTotal(1)
	b.Set(1, 0.5, "x")
	b.Finish()

	var out bytes.Buffer
	ctx := NewContext(context.Background(), New(&out))
	Start(ctx, "snapshot", "chunks", 3).Finish()
	assert.Contains(t, out.String(), "snapshot: done, 0/3 chunks in")
}

func TestTerminalRedrawsInPlace(t *testing.T) {
	c := &clock{t: time.Unix(1e9, 0)}
	var out bytes.Buffer
	r := &Reporter{out: &out, tty: true, every: time.Hour, now: c.now}
	b := r.Start("a.parquet", "rows", 100)
	b.Add(50)
	c.add(10 * time.Second)
	r.mu.Lock()
	r.render(b, false)
	r.mu.Unlock()
	b.Finish()
	assert.Equal(t, "\ra.parquet: [===============               ] 50%, 50/100 rows, 5 rows/s, elapsed 10s, ETA 10s   "+
		"\ra.parquet: done, 50/100 rows in 10s   \n", out.String())
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }
func (s *syncBuffer) Len() int       { s.mu.Lock(); defer s.mu.Unlock(); return s.b.Len() }

// waitFor waits until out holds s after its first from bytes.
func waitFor(t *testing.T, out *syncBuffer, from int, s string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(out.String()[from:], s) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in:\n%s", s, out.String())
		}
		time.Sleep(time.Millisecond)
	}
}

// Package progress is the one progress reporter of the command line's long work:
// ingest's loads, the demo seeder's generating, and the warehouse's snapshot,
// trend-rollup and price-change builds. Each long step starts a Bar; on a terminal
// the newest unfinished bar is redrawn in place (done, rate, elapsed, ETA) a few
// times a second; otherwise it prints a plain line every few seconds, so the logs
// of scheduled loads and seeds stay readable and a 15-minute step is never silent.
// Every bar ends with one line saying what it did and how long it took.
//
// The warehouse does not know whether a person is watching: a command puts a
// Reporter in the context (NewContext) and the steps below start their bars from
// it (Start); without one they report nothing (the server's jobs).
package progress

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// Reporter writes the bars of one command to one writer.
type Reporter struct {
	out io.Writer
	tty bool
	// every is the time between two renders of the newest bar.
	every time.Duration
	now   func() time.Time

	mu     sync.Mutex
	active []*Bar // started, not finished; the last one is drawn
	drawn  *Bar   // the bar whose line a terminal shows unfinished
	stop   chan struct{}
	wg     sync.WaitGroup
}

// New reports to out: a redrawn bar when out is a terminal, else a line every 5 s.
func New(out io.Writer) *Reporter {
	r := &Reporter{out: out, every: 5 * time.Second, now: time.Now}
	if f, ok := out.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		r.tty, r.every = true, 250*time.Millisecond
	}
	return r
}

// WithEvery sets the time between two plain lines (not on a terminal).
func (r *Reporter) WithEvery(d time.Duration) *Reporter {
	if !r.tty && d > 0 {
		r.every = d
	}
	return r
}

type key struct{}

// NewContext carries r to the steps a command calls.
func NewContext(ctx context.Context, r *Reporter) context.Context {
	return context.WithValue(ctx, key{}, r)
}

// FromContext is the context's reporter, or nil (whose bars are nil).
func FromContext(ctx context.Context) *Reporter {
	r, _ := ctx.Value(key{}).(*Reporter)
	return r
}

// Start starts a bar of the context's reporter; without one it returns nil, and a
// nil *Bar's methods do nothing.
func Start(ctx context.Context, label, unit string, total float64) *Bar {
	return FromContext(ctx).Start(label, unit, total)
}

// Start starts a bar: label names the step, unit what it counts ("rows",
// "chunks"), total how many it expects (0: unknown; then the ETA comes from Set's
// fraction, or is "?").
func (r *Reporter) Start(label, unit string, total float64) *Bar {
	if r == nil {
		return nil
	}
	b := &Bar{r: r, label: label, unit: unit, total: total, fraction: -1, start: r.now()}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.active = append(r.active, b)
	if r.stop == nil {
		r.stop = make(chan struct{})
		r.wg.Add(1)
		go r.tick(r.stop)
	}
	return b
}

func (r *Reporter) tick(stop chan struct{}) {
	defer r.wg.Done()
	t := time.NewTicker(r.every)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			r.mu.Lock()
			if n := len(r.active); n > 0 {
				r.render(r.active[n-1], false)
			}
			r.mu.Unlock()
		}
	}
}

// Bar is the progress of one step.
type Bar struct {
	r           *Reporter
	label, unit string
	start       time.Time

	// guarded by r.mu
	total, done float64
	fraction    float64 // of the step done, 0..1, when the step knows it better than done/total; -1 otherwise
	note        string
	finished    bool
}

// Add counts n more units done.
func (b *Bar) Add(n float64) {
	if b == nil {
		return
	}
	b.r.mu.Lock()
	b.done += n
	b.r.mu.Unlock()
}

// AddTotal expects n more units (a step that learns its size on the way).
func (b *Bar) AddTotal(n float64) {
	if b == nil {
		return
	}
	b.r.mu.Lock()
	b.total += n
	b.r.mu.Unlock()
}

// Set says how far the step is: done units, the fraction done (0..1; -1 unknown,
// then done/total) and a note shown after the count.
func (b *Bar) Set(done, fraction float64, note string) {
	if b == nil {
		return
	}
	b.r.mu.Lock()
	b.done, b.fraction, b.note = done, fraction, note
	b.r.mu.Unlock()
}

// Finish prints the bar's last line; the bar started before it is drawn again.
func (b *Bar) Finish() {
	if b == nil {
		return
	}
	r := b.r
	r.mu.Lock()
	if b.finished {
		r.mu.Unlock()
		return
	}
	b.finished = true
	r.render(b, true)
	for i, a := range r.active {
		if a == b {
			r.active = append(r.active[:i], r.active[i+1:]...)
			break
		}
	}
	var stop chan struct{}
	if len(r.active) == 0 && r.stop != nil {
		stop, r.stop = r.stop, nil
	}
	r.mu.Unlock()
	if stop != nil {
		close(stop)
		r.wg.Wait()
	}
}

// render writes b's line; r.mu is held.
func (r *Reporter) render(b *Bar, final bool) {
	el := r.now().Sub(b.start)
	line := b.line(el, final)
	if !r.tty {
		fmt.Fprintln(r.out, line)
		return
	}
	if r.drawn != nil && r.drawn != b {
		fmt.Fprintln(r.out) // keep the other bar's last state on its own line
	}
	fmt.Fprintf(r.out, "\r%s   ", line)
	r.drawn = b
	if final {
		fmt.Fprintln(r.out)
		r.drawn = nil
	}
}

// line is "label: 42%, 5/12 chunks (note), 0.6 chunks/s, elapsed 8s, ETA 11s" while
// the step runs and "label: done, 12 chunks (note) in 20s" at its end.
func (b *Bar) line(el time.Duration, final bool) string {
	count := human(b.done)
	if b.total > 0 {
		count += "/" + human(b.total)
	}
	count += " " + b.unit
	if b.note != "" {
		count += " (" + b.note + ")"
	}
	if final {
		return fmt.Sprintf("%s: done, %s in %s", b.label, count, round(el))
	}
	frac := b.fraction
	if frac < 0 && b.total > 0 {
		frac = b.done / b.total
	}
	pct, eta := "?%", "?"
	if frac >= 0 {
		frac = min(frac, 1)
		pct = fmt.Sprintf("%.0f%%", 100*frac)
	}
	if frac > 0 {
		eta = round(time.Duration(float64(el) * (1 - frac) / frac)).String()
	}
	if b.r.tty {
		const width = 30
		n := int(max(frac, 0) * width)
		pct = "[" + strings.Repeat("=", n) + strings.Repeat(" ", width-n) + "] " + pct
	}
	rate := b.done / max(el.Seconds(), 0.001)
	return fmt.Sprintf("%s: %s, %s, %s %s/s, elapsed %s, ETA %s", b.label, pct, count, human(rate), b.unit, round(el), eta)
}

func round(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}

// human formats a count as 12.3M / 45.6k.
func human(v float64) string {
	switch {
	case v >= 1e9:
		return fmt.Sprintf("%.2fG", v/1e9)
	case v >= 1e6:
		return fmt.Sprintf("%.2fM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.1fk", v/1e3)
	case v == float64(int64(v)):
		return fmt.Sprintf("%d", int64(v))
	}
	return fmt.Sprintf("%.1f", v)
}

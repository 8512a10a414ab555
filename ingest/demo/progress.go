package demo

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// progress reports rows written against the planned total: a redrawn bar on a
// terminal, a plain line every few seconds otherwise (logs, CI). Row counts are the
// plan's expected counts of finished chunks (the exact counts come in the summary).
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	tty   bool
	total float64
	done  float64
	start time.Time
	stop  chan struct{}
	wg    sync.WaitGroup
}

func newProgress(w io.Writer, total float64) *progress {
	p := &progress{w: w, total: total, start: time.Now(), stop: make(chan struct{})}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.tty = true
	}
	every := 10 * time.Second
	if p.tty {
		every = 250 * time.Millisecond
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.render(false)
			}
		}
	}()
	return p
}

func (p *progress) add(rows float64) {
	p.mu.Lock()
	p.done += rows
	p.mu.Unlock()
}

// finish draws the final state and ends the line.
func (p *progress) finish() {
	close(p.stop)
	p.wg.Wait()
	p.render(true)
}

func (p *progress) render(final bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	el := time.Since(p.start)
	frac := 0.0
	if p.total > 0 {
		frac = min(p.done/p.total, 1)
	}
	rate := p.done / max(el.Seconds(), 0.001)
	eta := "-"
	if frac > 0 && !final {
		eta = (time.Duration(float64(el) * (1 - frac) / frac)).Round(time.Second).String()
	}
	line := fmt.Sprintf("%5.1f%%  %s rows  %s rows/s  elapsed %s  ETA %s",
		frac*100, human(p.done), human(rate), el.Round(time.Second), eta)
	if p.tty {
		const width = 30
		n := int(frac * width)
		bar := strings.Repeat("=", n) + strings.Repeat(" ", width-n)
		fmt.Fprintf(p.w, "\r[%s] %s   ", bar, line)
		if final {
			fmt.Fprintln(p.w)
		}
		return
	}
	fmt.Fprintf(p.w, "seed: %s\n", line)
}

// human formats a count as 12.3M / 45.6k.
func human(v float64) string {
	switch {
	case v >= 1e9:
		return fmt.Sprintf("%.2fG", v/1e9)
	case v >= 1e6:
		return fmt.Sprintf("%.1fM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.1fk", v/1e3)
	}
	return fmt.Sprintf("%.0f", v)
}

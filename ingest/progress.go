package ingest

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// ProgressPrinter renders a load's progress: on a terminal a bar redrawn in place
// (rows, rows/s, ETA) at most 10 times a second; otherwise a plain line every Every
// (default 5 s), so logs of scheduled loads stay readable.
type ProgressPrinter struct {
	Out   io.Writer
	TTY   bool
	Label string
	Every time.Duration

	mu   sync.Mutex
	last time.Time
	drew bool
}

// Update is the Request.Progress callback.
func (p *ProgressPrinter) Update(pr Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	every := p.Every
	if every <= 0 {
		every = 5 * time.Second
	}
	if p.TTY {
		every = 100 * time.Millisecond
	}
	now := time.Now()
	if now.Sub(p.last) < every {
		return
	}
	p.last = now
	rate := 0.0
	if s := pr.Elapsed.Seconds(); s > 0 {
		rate = float64(pr.Rows) / s
	}
	eta := "?"
	if pr.Fraction > 0 && pr.Fraction <= 1 {
		left := time.Duration(float64(pr.Elapsed) * (1 - pr.Fraction) / pr.Fraction)
		eta = left.Round(time.Second).String()
	}
	if !p.TTY {
		fmt.Fprintf(p.Out, "%s: %d rows (%d loaded, %d rejected), %s rows/s, %s, ETA %s\n",
			p.Label, pr.Rows, pr.Loaded, pr.Rejected, human(rate), percent(pr.Fraction), eta)
		return
	}
	const width = 30
	filled := 0
	if pr.Fraction > 0 {
		filled = int(min(pr.Fraction, 1) * width)
	}
	bar := strings.Repeat("=", filled) + strings.Repeat(" ", width-filled)
	fmt.Fprintf(p.Out, "\r%s [%s] %s %d rows, %s rows/s, ETA %s   ", p.Label, bar, percent(pr.Fraction), pr.Rows, human(rate), eta)
	p.drew = true
}

// Done ends the bar's line on a terminal.
func (p *ProgressPrinter) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.TTY && p.drew {
		fmt.Fprintln(p.Out)
		p.drew = false
	}
}

func percent(f float64) string {
	if f < 0 {
		return "?%"
	}
	return fmt.Sprintf("%3.0f%%", 100*min(f, 1))
}

func human(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%.2fM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.1fk", v/1e3)
	}
	return fmt.Sprintf("%.0f", v)
}

package testenv

import (
	"net"
	"strings"
	"sync"
	"testing"
)

// Proxy is a loopback TCP forwarder in front of a real server, so that a test can
// take a database away the way an outage does: Stop closes every connection and
// refuses new ones (a stopped server), Pause keeps connections open but stops
// moving bytes (a frozen or unreachable server). Both are reversible.
type Proxy struct {
	ln     net.Listener
	target string

	mu      sync.Mutex
	stopped bool
	paused  chan struct{} // closed while traffic flows
	conns   map[net.Conn]struct{}
}

// NewProxy starts a proxy to target; it is closed when the test ends.
func NewProxy(t testing.TB, target string) *Proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("proxy: %v", err)
	}
	p := &Proxy{ln: ln, target: target, paused: make(chan struct{}), conns: map[net.Conn]struct{}{}}
	close(p.paused)
	go p.accept()
	t.Cleanup(func() { _ = ln.Close(); p.Stop(); p.Resume() })
	return p
}

// Proxies stand in front of every node of a comma-separated address list (one
// server, or the nodes of a cluster that the binary tries in order), so that
// taking "the database" away cuts every node the service could fail over to.
type Proxies []*Proxy

// NewProxies starts a proxy to each host:port of the comma-separated targets.
func NewProxies(t testing.TB, targets string) Proxies {
	t.Helper()
	var ps Proxies
	for _, a := range strings.Split(targets, ",") {
		if a = strings.TrimSpace(a); a != "" {
			ps = append(ps, NewProxy(t, a))
		}
	}
	return ps
}

// Addr is the proxies' addresses in the order of the targets, comma-separated.
func (ps Proxies) Addr() string {
	addrs := make([]string, len(ps))
	for i, p := range ps {
		addrs[i] = p.Addr()
	}
	return strings.Join(addrs, ",")
}

// Stop stops every proxy (see Proxy.Stop).
func (ps Proxies) Stop() {
	for _, p := range ps {
		p.Stop()
	}
}

// Addr is host:port of the proxy.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Stop closes every connection and refuses new ones until Resume.
func (p *Proxy) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
	for c := range p.conns {
		_ = c.Close()
	}
	p.conns = map[net.Conn]struct{}{}
}

// Pause stops moving bytes on every connection, new ones included, until Resume.
func (p *Proxy) Pause() {
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-p.paused:
		p.paused = make(chan struct{})
	default:
	}
}

// Resume undoes Stop and Pause.
func (p *Proxy) Resume() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = false
	select {
	case <-p.paused:
	default:
		close(p.paused)
	}
}

func (p *Proxy) accept() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		stopped := p.stopped
		if !stopped {
			p.conns[c] = struct{}{}
		}
		p.mu.Unlock()
		if stopped {
			_ = c.Close()
			continue
		}
		go p.serve(c)
	}
}

func (p *Proxy) serve(c net.Conn) {
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		_ = c.Close()
		return
	}
	p.mu.Lock()
	p.conns[up] = struct{}{}
	p.mu.Unlock()
	go p.pipe(up, c)
	p.pipe(c, up)
}

// pipe copies src to dst in small steps, waiting while the proxy is paused.
func (p *Proxy) pipe(dst, src net.Conn) {
	defer func() { _ = dst.Close(); _ = src.Close() }()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			gate := p.paused
			p.mu.Unlock()
			<-gate
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

package contractfuzz

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
)

// Role is a caller: how its requests carry credentials and which operations it calls.
type Role struct {
	Name   string
	Weight int
	// Applies limits the role to some operations (a bearer token to the routes
	// that take one); nil: every operation.
	Applies func(*Operation) bool
	// Sign adds the role's credentials to a request: a session cookie and the CSRF
	// header, a bearer token, or nothing.
	Sign func(*http.Request)
	// Client sends the role's requests (nil: one without cookies that does not
	// follow redirects), e.g. from a loopback address of its own, so that the
	// sign-in throttle of one role's made-up passwords does not stop another's.
	Client *http.Client
}

// Call is one request made and its answer (Status 0: no answer), as hooks see it.
type Call struct {
	N       int
	Op      *Operation
	Role    string
	Request Request
	Status  int
}

// Config is one run.
type Config struct {
	BaseURL     string // the server's root; operations are under BaseURL + "/api"
	Doc         *openapi3.T
	Seed        int64
	Budget      time.Duration // stop after this long (but not before every operation was called once)
	MaxRequests int           // stop after this many requests (0: only the budget); replays a seed up to a failure
	Roles       []Role        // the first is the one with the widest access: the summary explains its refusals
	Seeds       Seeds
	Pool        *Pool    // values the caller knows before the first answer (nil: an empty pool)
	ExtraQuery  []string // see Generator.ExtraQuery
	Allowed5xx  map[string][]int
	Timeout     time.Duration // per request; default 2 minutes
	// AfterCall runs after every answer, before the next request: the caller
	// restores what the call may legitimately have broken (a session it ended, a
	// user it blocked), so that the rest of the run still reaches past sign-in.
	AfterCall func(Call) error
	// Invariant is checked every InvariantEvery and once at the end; an error is a
	// failure that lists the calls since the last check that may have changed rows.
	Invariant      func() error
	InvariantEvery time.Duration
	Progress       io.Writer // a line every ProgressEvery (nil: none)
	ProgressEvery  time.Duration
}

// Failure is one wrong answer, with what is needed to replay it.
type Failure struct {
	Kind    string // Server5xx, Schema, NoAnswer or "invariant"
	Seed    int64
	N       int // the request's number in the run (1-based)
	Op      string
	Role    string
	Status  int
	Request Request
	Detail  string
}

func (f Failure) String() string {
	if f.Kind == "invariant" {
		return fmt.Sprintf("invariant broken by request #%d or before (seed %d): %s", f.N, f.Seed, f.Detail)
	}
	return fmt.Sprintf("%s: %s /api%s (%s) as %s, request #%d of seed %d: %s\n    request (%s, Content-Type %q): %s",
		f.Kind, f.Request.Method, clipText(f.Request.Path, 400), f.Op, f.Role, f.N, f.Seed, f.Detail,
		f.Request.Shape, f.Request.ContentType, clip(f.Request.Body, 2000))
}

// Summary is what a run did and found.
type Summary struct {
	Seed        int64
	Elapsed     time.Duration
	Operations  int // in the document
	Covered     int // called at least once
	Reached     int // answered 2xx at least once
	Requests    int
	ByStatus    map[int]int
	ByRole      map[string]int
	ByShape     map[string]int
	Server5xx   int
	Schema      int
	NoAnswer    int
	Invariant   int
	Failures    []Failure         // the first of each kind, operation and status
	NotReached  []string          // operations never answered 2xx
	LastAnswer  map[string]string // an operation's last refusal of a valid request as FirstRole: why it was not reached
	FirstRole   string
	Unavailable []string // operations no role may call (no request made)
}

// Failed reports any failure.
func (s *Summary) Failed() bool {
	return s.Server5xx+s.Schema+s.NoAnswer+s.Invariant > 0
}

// maxFailures bounds the distinct failures kept for the report.
const maxFailures = 50

// Run calls the server until the budget is spent and returns what it found. An
// error is a run that could not go on (a hook failed), not a wrong answer.
func Run(ctx context.Context, c Config) (*Summary, error) {
	if c.Timeout == 0 {
		c.Timeout = 2 * time.Minute
	}
	r := rand.New(rand.NewSource(c.Seed))
	pool := c.Pool
	if pool == nil {
		pool = NewPool(c.Seed + 1)
	}
	gen := &Generator{R: r, Pool: pool, Seeds: c.Seeds, ExtraQuery: c.ExtraQuery}
	check := &Checker{Doc: c.Doc, Allowed5xx: c.Allowed5xx}
	client := &http.Client{Timeout: c.Timeout, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	ops := Operations(c.Doc)
	sum := &Summary{Seed: c.Seed, Operations: len(ops), ByStatus: map[int]int{}, ByRole: map[string]int{}, ByShape: map[string]int{},
		LastAnswer: map[string]string{}, FirstRole: c.Roles[0].Name}
	covered, reached := map[string]bool{}, map[string]bool{}
	distinct := map[string]bool{}
	fail := func(f Failure) {
		key := fmt.Sprint(f.Kind, f.Op, f.Status)
		if !distinct[key] && len(sum.Failures) < maxFailures {
			distinct[key] = true
			sum.Failures = append(sum.Failures, f)
		}
	}
	var since []Call // calls that may have written, since the last invariant check
	invariant := func(n int) {
		if c.Invariant == nil {
			return
		}
		if err := c.Invariant(); err != nil {
			sum.Invariant++
			var b strings.Builder
			fmt.Fprintf(&b, "%v\n    calls since the previous check that answered 2xx and may write (%d):", err, len(since))
			for i, w := range since {
				if i == 30 {
					b.WriteString("\n      …")
					break
				}
				fmt.Fprintf(&b, "\n      #%d %s /api%s as %s: %s", w.N, w.Request.Method, clipText(w.Request.Path, 200), w.Role, clip(w.Request.Body, 300))
			}
			sum.Failures = append(sum.Failures, Failure{Kind: "invariant", Seed: c.Seed, N: n, Detail: b.String()})
		}
		since = since[:0]
	}

	start := time.Now()
	lastInvariant, lastProgress := start, start
	n := 0
	// The first pass calls every operation once, in a seeded order, whatever the
	// budget: on a busy machine a short run still covers the whole document.
	first := r.Perm(len(ops))
	for ctx.Err() == nil && (c.MaxRequests == 0 || n < c.MaxRequests) {
		var op *Operation
		if len(first) > 0 {
			op, first = ops[first[0]], first[1:]
		} else if time.Since(start) < c.Budget {
			op = ops[r.Intn(len(ops))]
		} else {
			break
		}
		role, ok := pickRole(r, c.Roles, op)
		if !ok {
			continue
		}
		n++
		req := gen.Request(op)
		call := Call{N: n, Op: op, Role: role.Name, Request: req}
		hr, err := http.NewRequestWithContext(ctx, req.Method, c.BaseURL+"/api"+req.Path, bytes.NewReader(req.Body))
		if err != nil { // a path the generator escaped wrongly: the generator's bug
			return sum, fmt.Errorf("request #%d %s %s: %w", n, req.Method, req.Path, err)
		}
		if req.ContentType != "" {
			hr.Header.Set("Content-Type", req.ContentType)
		}
		role.Sign(hr)
		covered[op.ID] = true
		sum.Requests++
		sum.ByRole[role.Name]++
		sum.ByShape[req.Shape]++
		cl := client
		if role.Client != nil {
			cl = role.Client
		}
		resp, err := cl.Do(hr)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			sum.NoAnswer++
			fail(Failure{Kind: NoAnswer, Seed: c.Seed, N: n, Op: op.ID, Role: role.Name, Request: req, Detail: err.Error()})
		} else {
			body, rerr := readAll(resp.Body)
			resp.Body.Close()
			call.Status = resp.StatusCode
			sum.ByStatus[resp.StatusCode]++
			switch kind, detail := check.Check(op, hr, resp.StatusCode, resp.Header, body); {
			case rerr != nil:
				sum.NoAnswer++
				fail(Failure{Kind: NoAnswer, Seed: c.Seed, N: n, Op: op.ID, Role: role.Name, Status: resp.StatusCode, Request: req, Detail: "the body broke off: " + rerr.Error()})
			case kind == Server5xx:
				sum.Server5xx++
				fail(Failure{Kind: kind, Seed: c.Seed, N: n, Op: op.ID, Role: role.Name, Status: resp.StatusCode, Request: req, Detail: detail})
			case kind == Schema:
				sum.Schema++
				fail(Failure{Kind: kind, Seed: c.Seed, N: n, Op: op.ID, Role: role.Name, Status: resp.StatusCode, Request: req, Detail: detail})
			}
			if resp.StatusCode/100 != 2 && req.Shape == "valid" && role.Name == sum.FirstRole {
				sum.LastAnswer[op.ID] = fmt.Sprintf("%d %s", resp.StatusCode, clip(body, 160))
			}
			if resp.StatusCode/100 == 2 {
				reached[op.ID] = true
				if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") {
					pool.AddFile(string(body))
				} else {
					pool.Harvest(body)
				}
				if op.Method != http.MethodGet {
					since = append(since, call)
				}
			}
		}
		if c.AfterCall != nil {
			if err := c.AfterCall(call); err != nil {
				return sum, fmt.Errorf("after request #%d (%s as %s): %w", n, op.ID, role.Name, err)
			}
		}
		if c.InvariantEvery > 0 && time.Since(lastInvariant) >= c.InvariantEvery {
			invariant(n)
			lastInvariant = time.Now()
		}
		if c.Progress != nil && c.ProgressEvery > 0 && time.Since(lastProgress) >= c.ProgressEvery {
			lastProgress = time.Now()
			fmt.Fprintf(c.Progress, "contract fuzz: %s, %d requests, %d operations covered, 5xx %d, schema %d, no answer %d, invariant %d\n",
				time.Since(start).Round(time.Second), sum.Requests, len(covered), sum.Server5xx, sum.Schema, sum.NoAnswer, sum.Invariant)
		}
	}
	invariant(n)
	sum.Elapsed = time.Since(start)
	sum.Covered, sum.Reached = len(covered), len(reached)
	for _, op := range ops {
		if !reached[op.ID] {
			sum.NotReached = append(sum.NotReached, op.ID)
		}
		if _, ok := pickRole(rand.New(rand.NewSource(0)), c.Roles, op); !ok {
			sum.Unavailable = append(sum.Unavailable, op.ID)
		}
	}
	return sum, nil
}

// pickRole is a role that calls op, by weight.
func pickRole(r *rand.Rand, roles []Role, op *Operation) (Role, bool) {
	total := 0
	for _, ro := range roles {
		if ro.Applies == nil || ro.Applies(op) {
			total += ro.Weight
		}
	}
	if total == 0 {
		return Role{}, false
	}
	k := r.Intn(total)
	for _, ro := range roles {
		if ro.Applies == nil || ro.Applies(op) {
			if k < ro.Weight {
				return ro, true
			}
			k -= ro.Weight
		}
	}
	return Role{}, false
}

package load

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"time"
)

// The product's CSRF protection (docs/api-contract.md): the token comes with the sign-in
// answer and in this cookie, and goes back in this header on every write.
const (
	csrfCookie = "pricelens_csrf"
	csrfHeader = "X-CSRF-Token"
)

// requestTimeout bounds one request, so a hung server cannot hold a session past the run.
const requestTimeout = 60 * time.Second

// checkLoopback accepts only an http URL on this machine: the load must never leave it.
func checkLoopback(base string) (*url.URL, error) {
	u, err := url.Parse(base)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("the URL %q is not an http://host:port address", base)
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); (ip == nil || !ip.IsLoopback()) && host != "localhost" {
		return nil, fmt.Errorf("the URL %q is not on this machine: the load is only sent to a loopback address (127.0.0.1, ::1, localhost)", base)
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	return u, nil
}

// client is one browser session: its own cookie jar and the CSRF token it got at sign-in.
type client struct {
	http *http.Client
	api  string // base URL of /api
	base *url.URL
	csrf string
	rec  *recorder
}

func newClient(base *url.URL, rec *recorder, transport http.RoundTripper) *client {
	jar, _ := cookiejar.New(nil)
	return &client{
		http: &http.Client{Jar: jar, Transport: transport, Timeout: requestTimeout,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		api:  base.String() + "/api",
		base: base,
		rec:  rec,
	}
}

// statusError is a non-2xx answer.
type statusError struct {
	status  int
	message string
}

func (e statusError) Error() string { return fmt.Sprintf("status %d: %s", e.status, e.message) }

// call sends one JSON request, records it under name and decodes a 2xx answer into out
// (when out is not nil). Any other answer is an error, so the session can skip the
// steps that depended on it.
func (c *client) call(ctx context.Context, name, method, path string, body, out any) error {
	return c.callWith(ctx, name, method, path, body, out, nil)
}

// callWith is call with extra request headers (the insights panel's bearer token).
func (c *client) callWith(ctx context.Context, name, method, path string, body, out any, header http.Header) error {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.api+path, r)
	if err != nil {
		return err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.csrf != "" && method != http.MethodGet {
		req.Header.Set(csrfHeader, c.csrf)
	}
	t0 := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err() // interrupted: not the server's failure, not recorded
		}
		c.rec.add(name, 0, time.Since(t0), oneLine(err.Error()))
		return err
	}
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	d := time.Since(t0)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		c.rec.add(name, 0, d, "reading the answer: "+oneLine(err.Error()))
		return err
	}
	if resp.StatusCode >= 400 {
		e := statusError{resp.StatusCode, errorMessage(raw)}
		c.rec.add(name, resp.StatusCode, d, e.message)
		return e
	}
	c.rec.add(name, resp.StatusCode, d, "")
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("%s: the answer is not the expected JSON: %v", name, err)
		}
	}
	return nil
}

// errorMessage takes the message of the API's error body ({"error":{"code","message"}}),
// or the start of whatever else came.
func errorMessage(raw []byte) string {
	var e struct {
		Error struct{ Code, Message string }
	}
	if json.Unmarshal(raw, &e) == nil && e.Error.Message != "" {
		return e.Error.Code + ": " + e.Error.Message
	}
	s := oneLine(string(raw))
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// signIn signs the session in and keeps its CSRF token (from the answer, else the cookie).
func (c *client) signIn(ctx context.Context, email, password string) error {
	var out struct {
		CSRFToken string `json:"csrfToken"`
	}
	if err := c.call(ctx, "auth (sign-in)", http.MethodPost, "/auth", map[string]string{"email": email, "password": password}, &out); err != nil {
		return err
	}
	c.csrf = out.CSRFToken
	if c.csrf == "" {
		for _, ck := range c.http.Jar.Cookies(c.base) {
			if ck.Name == csrfCookie {
				c.csrf = ck.Value
			}
		}
	}
	if c.csrf == "" {
		return fmt.Errorf("the sign-in answer has no CSRF token (neither csrfToken nor the %s cookie)", csrfCookie)
	}
	return nil
}

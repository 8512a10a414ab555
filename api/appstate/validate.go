package appstate

import (
	"bytes"
	"encoding/json"
	"net/mail"
	"regexp"
	"strconv"
	"strings"

	"pricelens/api/httperr"
)

// validReportName applies the specification's report-name rules.
func validReportName(name string) (string, error) {
	n := strings.TrimSpace(name)
	if n == "" {
		return "", httperr.BadRequest("report_name", "Report name can't be empty.")
	}
	if strings.ContainsAny(n, "#%^`{}") {
		return "", httperr.BadRequest("report_name", "%s", "Report name can not contain the following: # % ^ ` { }")
	}
	if len([]rune(n)) > 200 {
		return "", httperr.BadRequest("report_name", "Report name can't be longer than 200 characters.")
	}
	return n, nil
}

const badEmail = "Email is not correct. Please insert a correct email address."

// validRecipients checks e-mail recipients (each needs an @ and must parse).
func validRecipients(field string, emails []string) ([]string, error) {
	out := []string{}
	seen := map[string]bool{}
	for _, e := range emails {
		e = strings.TrimSpace(e)
		if e == "" {
			continue
		}
		a, err := mail.ParseAddress(e)
		if !strings.Contains(e, "@") || err != nil || a.Address != e || len(e) > 254 {
			return nil, httperr.BadRequest(field, badEmail)
		}
		if !seen[strings.ToLower(e)] {
			seen[strings.ToLower(e)] = true
			out = append(out, e)
		}
	}
	if len(out) > 100 {
		return nil, httperr.BadRequest(field, "At most 100 recipients are allowed.")
	}
	return out, nil
}

// validDays parses a comma list of weekday ids 0–6 into canonical form.
func validDays(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", true
	}
	var seen [7]bool
	for _, part := range strings.Split(s, ",") {
		d, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || d < 0 || d > 6 {
			return "", false
		}
		seen[d] = true
	}
	var out []string
	for d, ok := range seen {
		if ok {
			out = append(out, strconv.Itoa(d))
		}
	}
	return strings.Join(out, ","), true
}

var hexColor = regexp.MustCompile(`^[0-9a-fA-F]{6}$`)
var hashHexColor = regexp.MustCompile(`^#?[0-9a-fA-F]{6}$`)

// jsonKind checks that a raw JSON field holds the expected kind ('{' object, '[' list).
func jsonKind(field string, raw json.RawMessage, kind byte) error {
	if err := jsonLimits(field, raw); err != nil {
		return err
	}
	t := strings.TrimSpace(string(raw))
	if t == "" || t == "null" {
		return nil
	}
	if t[0] != kind {
		what := "an object"
		if kind == '[' {
			what = "a list"
		}
		return httperr.BadRequest(field, "%s must be %s", field, what)
	}
	return nil
}

// MaxReportJSON is the most one JSON field of a saved report (filters, condition,
// selected_rows, ...) or a shared condition may hold (docs/reports.md#saved-reports).
const MaxReportJSON = 256 << 10

// jsonLimits checks what every raw JSON field of a saved report or shared condition
// must keep: at most MaxReportJSON bytes, and numbers a reader can hold (a float64:
// 1e400 was stored, and every answer carrying the report then held a number no
// JSON reader of ours could read).
func jsonLimits(field string, raw json.RawMessage) error {
	if len(raw) > MaxReportJSON {
		return httperr.BadRequest(field, "%s is too large: at most %d KB are allowed.", field, MaxReportJSON>>10)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // the end (the body was decoded before: raw is valid JSON)
		}
		if n, ok := tok.(json.Number); ok {
			if _, err := strconv.ParseFloat(string(n), 64); err != nil {
				return httperr.BadRequest(field, "%s holds a number out of range: %.40s", field, string(n))
			}
		}
	}
}

// productIDs cleans a list of product ids.
func productIDs(in []string) ([]string, error) {
	out := []string{}
	seen := map[string]bool{}
	for _, p := range in {
		p = strings.TrimSpace(p)
		if p == "" || seen[p] {
			continue
		}
		if len(p) > 200 {
			return nil, httperr.BadRequest("productsIds", "A product id can't be longer than 200 characters.")
		}
		seen[p] = true
		out = append(out, p)
	}
	if len(out) > 100000 {
		return nil, httperr.BadRequest("productsIds", "At most 100000 products can be labelled at once.")
	}
	return out, nil
}

package route

import (
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"
)

// Table is the whole API: every route, looked up by method and path.
type Table struct {
	routes []Route
	byKey  map[string]Route
}

// NewTable checks the routes (see Check) and indexes them.
func NewTable(routes []Route) (*Table, error) {
	if err := Check(routes); err != nil {
		return nil, err
	}
	t := &Table{routes: routes, byKey: make(map[string]Route, len(routes))}
	for _, r := range routes {
		t.byKey[r.Key()] = r
	}
	return t, nil
}

// Routes are the table's rows in declaration order.
func (t *Table) Routes() []Route { return t.routes }

// Lookup finds the route of a request by its method and Echo's matched path
// (c.Path()); HEAD uses the GET route.
func (t *Table) Lookup(method, fullPath string) (Route, bool) {
	if r, ok := t.byKey[Key(method, fullPath)]; ok {
		return r, true
	}
	if method == http.MethodHead {
		r, ok := t.byKey[Key(http.MethodGet, fullPath)]
		return r, ok
	}
	return Route{}, false
}

// Check refuses a table with a route that has no handler, no access rule, a path
// not starting with "/" or a method+path declared twice.
func Check(routes []Route) error {
	var errs []error
	seen := map[string]bool{}
	for _, r := range routes {
		k := r.Key()
		switch {
		case r.Access.kind == invalid:
			errs = append(errs, fmt.Errorf("%s: no access rule (use Public, Session, InAccount, Perm or AnyOf)", k))
		case r.Handler.fn == nil:
			errs = append(errs, fmt.Errorf("%s: no handler", k))
		case !strings.HasPrefix(r.Path, "/"):
			errs = append(errs, fmt.Errorf("%s: the path must start with /", k))
		case seen[k]:
			errs = append(errs, fmt.Errorf("%s: declared twice", k))
		}
		seen[k] = true
	}
	return errors.Join(errs...)
}

// CatchAll is the /api group's route for paths no row matches; it only answers
// 404, needs no session and is the one handler outside the table.
const CatchAll = "/api/*"

// Install registers every route of the table on the /api group, and notFound (when
// not nil) for every other path under it.
func (t *Table) Install(g *echo.Group, notFound echo.HandlerFunc) {
	for _, r := range t.routes {
		g.Add(r.Method, r.Path, r.Handler.fn)
	}
	if notFound != nil {
		g.Any("/*", notFound)
	}
}

// Verify makes startup fail when Echo holds an /api handler that the table does
// not list: a route registered around the table would have no declared access
// rule and no place in the contract.
func (t *Table) Verify(e *echo.Echo) error {
	var missing []string
	for _, r := range e.Routes() {
		if !strings.HasPrefix(r.Path, "/api") || r.Method == echo.RouteNotFound || r.Path == CatchAll {
			continue
		}
		if _, ok := t.byKey[Key(r.Method, r.Path)]; !ok {
			missing = append(missing, Key(r.Method, r.Path))
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return fmt.Errorf("routes registered outside the route table (add them to it): %s", strings.Join(missing, ", "))
	}
	return nil
}

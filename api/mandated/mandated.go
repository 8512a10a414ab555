// Package mandated holds the mandated brands and mandated FSNs calls (docs/pricer.md,
// docs/product.md §2–§7, issue 16 part 3): their products are never repriced
// automatically (a run marks them "mandated" and sends them to manual approval).
// Every call needs the "mandated brands" permission (21) under the action it
// performs; the super categories a user may choose, list and delete are those of
// their category access (none: all).
package mandated

import (
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/report"
	"pricelens/store"
	"pricelens/store/authz"
	"pricelens/warehouse"
)

// Handlers are the mandated brands and FSNs calls.
type Handlers struct {
	Store *store.Store
	Grid  *report.Service // the category tree the verticals are checked against
	W     *warehouse.Warehouse
}

// New returns the handlers over the databases.
func New(db *pgxpool.Pool, w *warehouse.Warehouse) *Handlers {
	return &Handlers{Store: store.New(db), Grid: report.NewService(w, db), W: w}
}

// FSNPath is the mandated FSN upload (under /api/upload/: the upload body limit).
const FSNPath = "/upload/uploadMandatedFSNs"

// Routes are the rows of the route table.
func Routes(h *Handlers) []route.Route {
	perm := func(a authz.Action) route.Access { return route.Perm(authz.MandatedBrands, a) }
	return []route.Route{
		{Method: http.MethodGet, Path: "/repricing/getMandatedBrands", Access: perm(authz.Read),
			Summary: "The mandated brands of the caller's super categories, and the number of mandated FSNs", Handler: route.Query(h.list)},
		{Method: http.MethodPost, Path: "/repricing/saveMandatedBrands", Access: perm(authz.Create),
			Summary: "Mandates brands in super categories (and optionally some verticals of one), with a comment", Handler: route.JSON(h.save)},
		{Method: http.MethodPost, Path: "/repricing/deleteMandatedBrands", Access: perm(authz.Delete),
			Summary: "Deletes mandated brands by id, all or none", Handler: route.JSON(h.delete)},
		{Method: http.MethodPost, Path: FSNPath, Access: perm(authz.Update),
			Summary: "Adds (uploadFileType add_fsns) or removes (remove_fsns) mandated FSNs from a CSV fsn,comment (field UploadCsv), all rows or none",
			Handler: route.Raw[struct{}, FSNResult](h.uploadFSNs, "application/json")},
		{Method: http.MethodGet, Path: "/upload/mandatedFSNsExample", Access: perm(authz.Read),
			Summary: "The example CSV of the mandated FSN upload", Handler: route.Raw[struct{}, struct{}](h.example, "text/csv")},
	}
}

func (h *Handlers) list(c echo.Context, _ struct{}) (List, error) {
	p, err := session.Account(c)
	if err != nil {
		return List{}, err
	}
	ctx := c.Request().Context()
	brands, err := h.Store.MandatedBrands(ctx, p.AccountID, p.Categories)
	if err != nil {
		return List{}, err
	}
	n, err := h.Store.MandatedFSNCount(ctx, p.AccountID)
	return List{Brands: brands, FSNs: n}, err
}

func (h *Handlers) save(c echo.Context, in SaveRequest) (route.Done, error) {
	p, err := session.Account(c)
	if err != nil {
		return route.Done{}, err
	}
	ctx := c.Request().Context()
	ids := make([]int64, len(in.TopCategory))
	for i, sc := range in.TopCategory {
		ids[i] = sc.ID
	}
	supers, err := h.Store.SuperCategoryNames(ctx, p.AccountID, ids, "topCategory")
	if err != nil {
		return route.Done{}, err
	}
	if len(p.Categories) > 0 {
		for _, sc := range supers {
			if !contains(p.Categories, sc) {
				return route.Done{}, httperr.Forbidden("You may not choose the super category " + sc + ": it is outside your categories")
			}
		}
	}
	verticals, err := h.verticals(c, p, supers, in.Category)
	if err != nil {
		return route.Done{}, err
	}
	if err := h.Store.SaveMandatedBrands(ctx, store.Actor{UserID: p.UserID, AccountID: p.AccountID}, supers, verticals, in.Brand,
		strings.TrimSpace(in.Comment)); err != nil {
		return route.Done{}, err
	}
	return route.Done{OK: true, Message: "Mandated brands saved"}, nil
}

// verticals checks the chosen verticals against the one super category's in the
// category tree; all of them chosen is the same as none (every vertical).
func (h *Handlers) verticals(c echo.Context, p session.Principal, supers []string, chosen []VerticalRef) ([]string, error) {
	if len(chosen) == 0 {
		return nil, nil
	}
	a, err := h.Grid.Account(c.Request().Context(), p)
	if err != nil {
		return nil, err
	}
	tree, err := h.Grid.CategoryTree(c.Request().Context(), a)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, sc := range tree {
		if sc.Name != supers[0] {
			continue
		}
		for _, cat := range sc.Children {
			for _, v := range cat.Children {
				known[v.Name] = true
			}
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, v := range chosen {
		name := strings.TrimSpace(v.Name)
		if !known[name] {
			return nil, httperr.BadRequest("category", "%q is not a vertical of %s", name, supers[0])
		}
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	if len(out) == len(known) {
		return nil, nil
	}
	return out, nil
}

func (h *Handlers) delete(c echo.Context, in DeleteRequest) (route.Done, error) {
	p, err := session.Account(c)
	if err != nil {
		return route.Done{}, err
	}
	if err := h.Store.DeleteMandatedBrands(c.Request().Context(), store.Actor{UserID: p.UserID, AccountID: p.AccountID}, in.Items,
		p.Categories); err != nil {
		return route.Done{}, err
	}
	return route.Done{OK: true, Message: "Mandated brands deleted"}, nil
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

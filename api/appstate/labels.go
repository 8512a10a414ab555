package appstate

import (
	"pricelens/api/route"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/api/session"
	"pricelens/store"
	"pricelens/store/authz"
)

// labelCode is the permission that editing a label needs: edit CI label for a
// single-sign-on user on a label that is read-only for SSO users, otherwise edit label.
func labelCode(p session.Principal, l store.Label) authz.Code {
	if l.SSOReadOnly && p.IsSSO {
		return authz.EditCILabel
	}
	return authz.EditLabel
}

// AllLabels is GET /labels/getAllLabels.
func (h *Handlers) AllLabels(c echo.Context, p session.Principal, _ struct{}) (LabelsOut, error) {
	ls, err := h.Store.Labels(c.Request().Context(), p.AccountID)
	if err != nil {
		return LabelsOut{}, err
	}
	return LabelsOut{Labels: list(ls, toLabel)}, nil
}

// mayCreate checks the right to create the label: edit label, and edit CI label
// as well for a label read-only for SSO users.
func (h *Handlers) mayCreate(c echo.Context, p session.Principal, in LabelIn) error {
	if err := h.require(c, p, authz.Create, labelCode(p, store.Label{SSOReadOnly: in.SSOReadOnly})); err != nil {
		return err
	}
	if in.SSOReadOnly {
		return h.require(c, p, authz.Create, authz.EditCILabel)
	}
	return nil
}

// products resolves the products of a labelling call: the listed ids, or with
// selectAllRows every row of the condition except the toggled ones (through the engine).
func (h *Handlers) products(c echo.Context, p session.Principal, s Selection) ([]string, error) {
	ids := []string(s.ProductsIDs)
	if s.SelectAll {
		if h.Resolve == nil {
			return nil, httperr.BadRequest("selectAllRows", "Selecting all rows of a report is not available yet; select the products on the page.")
		}
		if err := jsonKind("condition", s.Condition, '{'); err != nil {
			return nil, err
		}
		resolved, err := h.Resolve(c.Request().Context(), p, s.Condition, true, s.Toggled)
		if err != nil {
			return nil, err
		}
		ids = resolved
	}
	out, err := productIDs(ids)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, httperr.BadRequest("productsIds", "Choose at least one product.")
	}
	return out, nil
}

// InsertLabel is POST /labels/insertNewLabels.
func (h *Handlers) InsertLabel(c echo.Context, p session.Principal, in LabelIn) (LabelOut, error) {
	if err := h.mayCreate(c, p, in); err != nil {
		return LabelOut{}, err
	}
	l, _, err := h.Store.CreateLabel(c.Request().Context(), actor(p), in.Name, in.Color, in.SSOReadOnly, nil)
	if err != nil {
		return LabelOut{}, err
	}
	return LabelOut{Label: toLabel(l)}, nil
}

// InsertLabelForProducts is POST /labels/insertNewLabelsForProduct: a new label
// assigned at once to the chosen products.
func (h *Handlers) InsertLabelForProducts(c echo.Context, p session.Principal, in LabelForProductsIn) (LabelAssignedOut, error) {
	if err := h.mayCreate(c, p, in.LabelIn); err != nil {
		return LabelAssignedOut{}, err
	}
	prods, err := h.products(c, p, in.Selection)
	if err != nil {
		return LabelAssignedOut{}, err
	}
	l, n, err := h.Store.CreateLabel(c.Request().Context(), actor(p), in.Name, in.Color, in.SSOReadOnly, prods)
	if err != nil {
		return LabelAssignedOut{}, err
	}
	return LabelAssignedOut{Label: toLabel(l), Assigned: n}, nil
}

// InsertProductLabels is POST /labels/insertProductLabels.
func (h *Handlers) InsertProductLabels(c echo.Context, p session.Principal, in ProductLabelsIn) (AssignedOut, error) {
	ctx := c.Request().Context()
	l, err := h.Store.Label(ctx, p.AccountID, int64(in.LabelID))
	if err != nil {
		return AssignedOut{}, err
	}
	if err := h.require(c, p, authz.Update, labelCode(p, l)); err != nil {
		return AssignedOut{}, err
	}
	prods, err := h.products(c, p, in.Selection)
	if err != nil {
		return AssignedOut{}, err
	}
	n, err := h.Store.AssignLabel(ctx, actor(p), l.ID, prods)
	if err != nil {
		return AssignedOut{}, err
	}
	return AssignedOut{OK: true, Assigned: n}, nil
}

// RemoveLabelFromProduct is POST /labels/removeLabelFromProduct.
func (h *Handlers) RemoveLabelFromProduct(c echo.Context, p session.Principal, in UnlabelIn) (RemovedOut, error) {
	l, err := h.labelToRemove(c, p, in.LabelID, in.LabelName)
	if err != nil {
		return RemovedOut{}, err
	}
	n, err := h.Store.UnassignLabel(c.Request().Context(), actor(p), l.ID, in.ProductsID)
	if err != nil {
		return RemovedOut{}, err
	}
	return RemovedOut{OK: true, Removed: n}, nil
}

// RemoveLabel is POST /labels/removeLabel.
func (h *Handlers) RemoveLabel(c echo.Context, p session.Principal, in LabelRemoveIn) (route.OK, error) {
	l, err := h.labelToRemove(c, p, in.LabelID, in.LabelName)
	if err != nil {
		return route.OK{}, err
	}
	return route.OK{OK: true}, h.Store.DeleteLabel(c.Request().Context(), actor(p), l.ID)
}

// labelToRemove finds the label named by id (or else by name) in the caller's
// account and checks the right to remove it (edit-CI-label for SSO read-only labels).
func (h *Handlers) labelToRemove(c echo.Context, p session.Principal, id reqbody.ID, name string) (store.Label, error) {
	ctx := c.Request().Context()
	var l store.Label
	var err error
	if id > 0 {
		l, err = h.Store.Label(ctx, p.AccountID, int64(id))
	} else {
		l, err = h.Store.LabelByName(ctx, p.AccountID, strings.TrimSpace(name))
	}
	if err != nil {
		return l, err
	}
	return l, h.require(c, p, authz.Delete, labelCode(p, l))
}

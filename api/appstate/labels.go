package appstate

import (
	"encoding/json"
	"net/http"
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
func (h *Handlers) AllLabels(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	ls, err := h.Store.Labels(c.Request().Context(), p.AccountID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"labels": ls})
}

type newLabelIn struct {
	Name        string          `json:"name"`
	Color       string          `json:"color"`
	SSOReadOnly bool            `json:"sso_user_read_only"`
	ProductsIDs reqbody.Strings `json:"productsIds"`
	SelectAll   bool            `json:"selectAllRows"`
	Condition   json.RawMessage `json:"condition"`
	Toggled     reqbody.Strings `json:"toggled"`
}

func (in *newLabelIn) validate() error {
	in.Name = strings.TrimSpace(in.Name)
	if in.Name == "" {
		return httperr.BadRequest("name", "Label name is required")
	}
	if len([]rune(in.Name)) > 100 {
		return httperr.BadRequest("name", "Label name can't be longer than 100 characters")
	}
	in.Color = strings.TrimPrefix(strings.TrimSpace(in.Color), "#")
	if !hexColor.MatchString(in.Color) {
		return httperr.BadRequest("color", "Color must be a hex colour without # (e.g. 1a2b3c)")
	}
	in.Color = strings.ToLower(in.Color)
	return nil
}

// products resolves the products of a labelling call: the listed ids, or with
// selectAllRows every row of the condition except the toggled ones (through the engine).
func (h *Handlers) products(c echo.Context, p session.Principal, ids []string, selectAll bool, cond json.RawMessage, toggled []string) ([]string, error) {
	if selectAll {
		if h.Resolve == nil {
			return nil, httperr.BadRequest("selectAllRows", "Selecting all rows of a report is not available yet; select the products on the page.")
		}
		if err := jsonKind("condition", cond, '{'); err != nil {
			return nil, err
		}
		resolved, err := h.Resolve(c.Request().Context(), p, cond, true, toggled)
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

// newLabel decodes and checks a new label's request: the fields, and the right to
// create it (edit-CI-label as well for an SSO read-only label).
func (h *Handlers) newLabel(c echo.Context) (session.Principal, newLabelIn, error) {
	var in newLabelIn
	p, err := session.Account(c)
	if err != nil {
		return p, in, err
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return p, in, err
	}
	if err := in.validate(); err != nil {
		return p, in, err
	}
	if err := h.require(c, p, authz.Create, labelCode(p, store.Label{SSOReadOnly: in.SSOReadOnly})); err != nil {
		return p, in, err
	}
	if in.SSOReadOnly {
		if err := h.require(c, p, authz.Create, authz.EditCILabel); err != nil {
			return p, in, err
		}
	}
	return p, in, nil
}

// InsertLabel is POST /labels/insertNewLabels {name, color}.
func (h *Handlers) InsertLabel(c echo.Context) error {
	p, in, err := h.newLabel(c)
	if err != nil {
		return err
	}
	l, _, err := h.Store.CreateLabel(c.Request().Context(), actor(p), in.Name, in.Color, in.SSOReadOnly, nil)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"label": l})
}

// InsertLabelForProducts is POST /labels/insertNewLabelsForProduct: a new label
// assigned at once to the chosen products.
func (h *Handlers) InsertLabelForProducts(c echo.Context) error {
	p, in, err := h.newLabel(c)
	if err != nil {
		return err
	}
	prods, err := h.products(c, p, in.ProductsIDs, in.SelectAll, in.Condition, in.Toggled)
	if err != nil {
		return err
	}
	l, n, err := h.Store.CreateLabel(c.Request().Context(), actor(p), in.Name, in.Color, in.SSOReadOnly, prods)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"label": l, "assigned": n})
}

// InsertProductLabels is POST /labels/insertProductLabels {productsIds, labelId, selectAllRows, condition}.
func (h *Handlers) InsertProductLabels(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		ProductsIDs reqbody.Strings `json:"productsIds"`
		LabelID     reqbody.ID      `json:"labelId"`
		SelectAll   bool            `json:"selectAllRows"`
		Condition   json.RawMessage `json:"condition"`
		Toggled     reqbody.Strings `json:"toggled"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if in.LabelID <= 0 {
		return httperr.BadRequest("labelId", "labelId must be a label id")
	}
	ctx := c.Request().Context()
	l, err := h.Store.Label(ctx, p.AccountID, int64(in.LabelID))
	if err != nil {
		return err
	}
	if err := h.require(c, p, authz.Update, labelCode(p, l)); err != nil {
		return err
	}
	prods, err := h.products(c, p, in.ProductsIDs, in.SelectAll, in.Condition, in.Toggled)
	if err != nil {
		return err
	}
	n, err := h.Store.AssignLabel(ctx, actor(p), l.ID, prods)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true, "assigned": n})
}

// RemoveLabelFromProduct is POST /labels/removeLabelFromProduct {productsId, labelName}.
func (h *Handlers) RemoveLabelFromProduct(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		ProductsID reqbody.Strings `json:"productsId"`
		LabelName  string          `json:"labelName"`
		LabelID    reqbody.ID      `json:"labelId"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	l, err := h.labelToRemove(c, p, in.LabelID, in.LabelName, "labelName")
	if err != nil {
		return err
	}
	prods, err := productIDs(in.ProductsID)
	if err != nil {
		return err
	}
	if len(prods) == 0 {
		return httperr.BadRequest("productsId", "Choose at least one product.")
	}
	n, err := h.Store.UnassignLabel(ctx, actor(p), l.ID, prods)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true, "removed": n})
}

// labelToRemove finds the label named by id (or else by name) in the caller's
// account and checks the right to remove it (edit-CI-label for SSO read-only labels).
func (h *Handlers) labelToRemove(c echo.Context, p session.Principal, id reqbody.ID, name, field string) (store.Label, error) {
	ctx := c.Request().Context()
	var l store.Label
	var err error
	switch {
	case id > 0:
		l, err = h.Store.Label(ctx, p.AccountID, int64(id))
	case strings.TrimSpace(name) != "":
		l, err = h.Store.LabelByName(ctx, p.AccountID, strings.TrimSpace(name))
	default:
		return l, httperr.BadRequest(field, "%s is required", field)
	}
	if err != nil {
		return l, err
	}
	return l, h.require(c, p, authz.Delete, labelCode(p, l))
}

// RemoveLabel is POST /labels/removeLabel {label_id, label_name}.
func (h *Handlers) RemoveLabel(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		LabelID   reqbody.ID `json:"label_id"`
		LabelName string     `json:"label_name"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	l, err := h.labelToRemove(c, p, in.LabelID, in.LabelName, "label_id")
	if err != nil {
		return err
	}
	if err := h.Store.DeleteLabel(ctx, actor(p), l.ID); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true})
}

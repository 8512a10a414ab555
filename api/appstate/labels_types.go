package appstate

import (
	"encoding/json"
	"strings"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/store"
)

// LabelIn is the body of insertNewLabels: a new label of the account.
type LabelIn struct {
	Name        string `json:"name" required:"true"`  // at most 100 characters
	Color       string `json:"color" required:"true"` // six hex digits, e.g. 1a2b3c
	SSOReadOnly bool   `json:"sso_user_read_only"`    // only edit-CI-label may change it for SSO users
}

// Validate checks the name and colour and normalizes them in place (trimmed name,
// lower-case colour without #).
func (in *LabelIn) Validate() error {
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

// Selection is the products a labelling call applies to: the listed ids, or with
// selectAllRows every row of the grid condition except the toggled ones.
type Selection struct {
	ProductsIDs reqbody.Strings `json:"productsIds"` // ignored with selectAllRows
	SelectAll   bool            `json:"selectAllRows"`
	Condition   json.RawMessage `json:"condition"` // an object: the grid's condition, with selectAllRows
	Toggled     reqbody.Strings `json:"toggled"`   // rows left out, with selectAllRows
}

// LabelForProductsIn is the body of insertNewLabelsForProduct: a new label and the
// products to put it on.
type LabelForProductsIn struct {
	LabelIn
	Selection
}

// ProductLabelsIn is the body of insertProductLabels: a label to put on products.
type ProductLabelsIn struct {
	LabelID reqbody.ID `json:"labelId" required:"true"`
	Selection
}

// Validate checks the label id; the products are resolved and checked by the handler.
func (in ProductLabelsIn) Validate() error {
	if in.LabelID <= 0 {
		return httperr.BadRequest("labelId", "labelId must be a label id")
	}
	return nil
}

// UnlabelIn is the body of removeLabelFromProduct: a label (by id, or else by
// name) to take off products.
type UnlabelIn struct {
	ProductsID reqbody.Strings `json:"productsId" required:"true"` // one id or a list
	LabelName  string          `json:"labelName"`
	LabelID    reqbody.ID      `json:"labelId"`
}

// Validate needs the label and at least one product (cleaned in place).
func (in *UnlabelIn) Validate() error {
	if err := labelNamed(in.LabelID, in.LabelName, "labelName"); err != nil {
		return err
	}
	prods, err := productIDs(in.ProductsID)
	if err != nil {
		return err
	}
	if len(prods) == 0 {
		return httperr.BadRequest("productsId", "Choose at least one product.")
	}
	in.ProductsID = prods
	return nil
}

// LabelRemoveIn is the body of removeLabel: a label by id, or else by name.
type LabelRemoveIn struct {
	LabelID   reqbody.ID `json:"label_id"`
	LabelName string     `json:"label_name"`
}

// Validate needs the id or the name.
func (in LabelRemoveIn) Validate() error { return labelNamed(in.LabelID, in.LabelName, "label_id") }

// labelNamed refuses a request that names its label neither by id nor by name.
func labelNamed(id reqbody.ID, name, field string) error {
	if id <= 0 && strings.TrimSpace(name) == "" {
		return httperr.BadRequest(field, "%s is required", field)
	}
	return nil
}

// Label is a label of the account.
type Label struct {
	ID          int64  `json:"id" openapi:"always"`
	Name        string `json:"name" openapi:"always"`
	Color       string `json:"color" openapi:"always"` // six hex digits without #
	SSOReadOnly bool   `json:"sso_user_read_only" openapi:"always"`
}

func toLabel(l store.Label) Label { return Label(l) }

// LabelsOut is the answer of getAllLabels.
type LabelsOut struct {
	Labels []Label `json:"labels" openapi:"always"`
}

// LabelOut is the answer of insertNewLabels.
type LabelOut struct {
	Label Label `json:"label" openapi:"always"`
}

// LabelAssignedOut is the answer of insertNewLabelsForProduct: the new label and
// how many products it was put on.
type LabelAssignedOut struct {
	Label    Label `json:"label" openapi:"always"`
	Assigned int   `json:"assigned" openapi:"always"`
}

// AssignedOut is the answer of insertProductLabels: how many products got the label.
type AssignedOut struct {
	OK       bool `json:"ok" openapi:"always"`
	Assigned int  `json:"assigned" openapi:"always"`
}

// RemovedOut is the answer of removeLabelFromProduct: how many products lost the label.
type RemovedOut struct {
	OK      bool `json:"ok" openapi:"always"`
	Removed int  `json:"removed" openapi:"always"`
}

package mandated

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"pricelens/api/httperr"
	"pricelens/engine"
	"pricelens/store"
)

// MaxComment is the comment's limit (docs/product.md §9).
const MaxComment = 200

// The specification's validation messages (docs/product.md §5).
const (
	msgSuperCategory = "Please choose at least one super category"
	msgBrand         = "Please choose at least one brand"
	msgComment       = "The comment can have at most 200 characters"
	msgAction        = "Please choose an action"
)

// SuperCategoryRef is a chosen super category (the category tree's top level).
type SuperCategoryRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// VerticalRef is a chosen vertical of the one chosen super category, by name (id
// is the dialog's element id and topCategory its super category's id; neither is
// needed).
type VerticalRef struct {
	ID          string `json:"id,omitempty"`
	Name        string `json:"name"`
	TopCategory int64  `json:"topCategory,omitempty"`
}

// SaveRequest is POST repricing/saveMandatedBrands (docs/product.md §3, Mandated
// brand selection): every brand is mandated in every super category; verticals
// only with exactly one super category, none (or all of them) meaning all.
type SaveRequest struct {
	TopCategory []SuperCategoryRef `json:"topCategory"`
	Category    []VerticalRef      `json:"category"`
	Brand       []string           `json:"brand"`
	Comment     string             `json:"comment"`
}

// Validate checks the form in the specification's order.
func (in *SaveRequest) Validate() error {
	if len(in.TopCategory) == 0 {
		return httperr.BadRequest("topCategory", msgSuperCategory)
	}
	for _, sc := range in.TopCategory {
		if sc.ID <= 0 {
			return httperr.BadRequest("topCategory", "Each super category needs its id (from the category list)")
		}
	}
	brands := make([]string, 0, len(in.Brand))
	seen := map[string]bool{}
	for _, b := range in.Brand {
		b = strings.TrimSpace(b)
		if utf8.RuneCountInString(b) > engine.MaxTextLen {
			return httperr.BadRequest("brand", "A brand name can have at most %d characters", engine.MaxTextLen)
		}
		if b != "" && !seen[b] {
			seen[b] = true
			brands = append(brands, b)
		}
	}
	if len(brands) == 0 {
		return httperr.BadRequest("brand", msgBrand)
	}
	in.Brand = brands
	if len(in.Category) > 0 && len(in.TopCategory) != 1 {
		return httperr.BadRequest("category", "Verticals can be chosen only with exactly one super category")
	}
	for _, v := range in.Category {
		if strings.TrimSpace(v.Name) == "" {
			return httperr.BadRequest("category", "Each vertical needs its name")
		}
	}
	if utf8.RuneCountInString(in.Comment) > MaxComment {
		return httperr.BadRequest("comment", msgComment)
	}
	return nil
}

// DeleteRequest is POST repricing/deleteMandatedBrands: the ids of the mandated
// brands to delete (all of them or none).
type DeleteRequest struct {
	Items []int64 `json:"items"`
}

// Validate refuses an empty list.
func (in DeleteRequest) Validate() error {
	if len(in.Items) == 0 {
		return httperr.BadRequest("items", "Please choose at least one mandated brand to delete")
	}
	if len(in.Items) > 10000 {
		return httperr.BadRequest("items", "Delete at most 10000 mandated brands at once")
	}
	return nil
}

// List is GET repricing/getMandatedBrands: the mandated brands of the super
// categories the caller may see, and how many FSNs are mandated.
type List struct {
	Brands []store.MandatedBrand `json:"brands" openapi:"always"`
	FSNs   int64                 `json:"fsns" openapi:"always"`
}

// FSNResult is the answer of a mandated FSN upload that applied: every row.
type FSNResult struct {
	Action  string `json:"action" openapi:"always"` // add_fsns or remove_fsns
	Applied int    `json:"applied" openapi:"always"`
	Message string `json:"message" openapi:"always"`
}

// refusedError is the 400 of an upload with refused rows (nothing applied): the
// count and the first rows, each with its line and reason.
func refusedError(total int, refused []store.Refusal) error {
	const show = 20
	var b strings.Builder
	fmt.Fprintf(&b, "Nothing was changed: %d of %d rows were refused.", len(refused), total)
	for i, r := range refused {
		if i == show {
			fmt.Fprintf(&b, " … and %d more.", len(refused)-show)
			break
		}
		fsn := r.FSN
		if fsn == "" {
			fsn = "no FSN"
		}
		fmt.Fprintf(&b, " Line %d (%s): %s.", r.Line, fsn, r.Reason)
	}
	return &httperr.Error{Status: 400, Code: "rows_refused", Field: "UploadCsv", Message: b.String()}
}

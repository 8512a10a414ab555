package grid

import (
	"bytes"
	"encoding/json"

	"pricelens/api/httperr"
	"pricelens/engine"
	"pricelens/report"
)

// The wire types of the column definitions and the filter lists.

// ColumnsRequest is getColumnsDef's {"reportId", "isShareLink"}: reportId is a
// predefined report href, a saved report id (string or number), or with
// isShareLink a share-link id; absent, the all-products report.
type ColumnsRequest struct {
	ReportID    json.RawMessage `json:"reportId"`
	IsShareLink bool            `json:"isShareLink"`
	ref         string
}

// Validate reads reportId as text.
func (r *ColumnsRequest) Validate() error {
	ref, ok := ReportRef(r.ReportID)
	if !ok {
		return httperr.BadRequest("reportId", "reportId must be a report href or id")
	}
	r.ref = ref
	return nil
}

// ReportRef reads a report reference the webapp sends as text or as a number
// ("" when absent or null); ok is false for anything else.
func ReportRef(raw json.RawMessage) (ref string, ok bool) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return "", true
	}
	if json.Unmarshal(t, &ref) == nil {
		return ref, true
	}
	var n json.Number
	if json.Unmarshal(t, &n) != nil {
		return "", false
	}
	return n.String(), true
}

// ColumnDef is the specification's column-definition shape.
type ColumnDef struct {
	HeaderName      string   `json:"headerName" openapi:"always"`
	Field           string   `json:"field" openapi:"always"`
	ColID           string   `json:"colId" openapi:"always"`
	FilterType      string   `json:"filter_type" openapi:"always"` // text, number, date, set or radio
	FormatType      string   `json:"format_type" openapi:"always"`
	DefaultColumn   bool     `json:"default_column" openapi:"always"`
	Refresh         bool     `json:"refresh" openapi:"always"`
	EnableRowGroup  bool     `json:"enableRowGroup" openapi:"always"`
	IsBool          bool     `json:"is_bool" openapi:"always"`
	GraphMode       bool     `json:"graphMode" openapi:"always"`
	GroupModeParams any      `json:"groupModeParams" openapi:"always"` // always null
	CalculateField  bool     `json:"calculateField" openapi:"always"`
	RepriceField    bool     `json:"repriceField" openapi:"always"`
	CustomFields    bool     `json:"customFields" openapi:"always"`
	CompetitorID    int64    `json:"competitorId,omitempty"`
	RadioValues     []string `json:"radioValues,omitempty"`
}

// Columns is the answer of both getColumnsDef calls.
type Columns struct {
	Columns []ColumnDef `json:"columns" openapi:"always"`
}

// groupable are the columns the grid may group rows by.
var groupable = map[string]bool{"super_category": true, "category": true, "vertical": true, "canonical_mfgr_display": true, "labels": true}

// filterTypes is the column filter of each kind of column.
var filterTypes = map[engine.Kind]string{engine.KindText: "text", engine.KindNumber: "number", engine.KindDate: "date", engine.KindBool: "number", engine.KindLabels: "set"}

// toColumns shapes a report's catalog into column definitions.
func toColumns(a engine.Account, cols []engine.Column) Columns {
	custom := map[string]bool{}
	for _, cf := range a.CustomFields {
		custom[cf.LogicalName] = true
	}
	out := make([]ColumnDef, 0, len(cols))
	for _, col := range cols {
		ft := filterTypes[col.Kind]
		if len(col.Radio) > 0 {
			ft = "radio"
		}
		out = append(out, ColumnDef{HeaderName: col.Header, Field: col.ID, ColID: col.ID, FilterType: ft, FormatType: col.Format,
			DefaultColumn: col.Default, EnableRowGroup: groupable[col.ID], IsBool: col.Kind == engine.KindBool,
			GraphMode: col.ID == "Lower" || col.ID == "Similar" || col.ID == "Higher", CustomFields: custom[col.ID],
			CompetitorID: col.CompetitorID, RadioValues: col.Radio})
	}
	return Columns{Columns: out}
}

// competitorColumns are the competitor grid's columns (CompetitorRow's keys).
var competitorColumns = func() Columns {
	cols := []ColumnDef{}
	for _, d := range []struct{ f, h, ft, fmt string }{
		{"competitor", "Competitor", "text", "text"}, {"name", "Name", "text", "text"}, {"price", "Price", "number", "currency"},
		{"my_price", "My Price", "number", "currency"}, {"price_delta", "Price delta %", "number", "percent"},
		{"bucket", "Price bucket", "text", "text"}, {"in_stock", "In stock", "number", "bool"}, {"on_sale", "On sale", "number", "bool"},
		{"seen_at", "Last seen", "date", "date"}, {"url", "URL", "text", "url"},
	} {
		cols = append(cols, ColumnDef{HeaderName: d.h, Field: d.f, ColID: d.f, FilterType: d.ft, FormatType: d.fmt, DefaultColumn: true, IsBool: d.fmt == "bool"})
	}
	return Columns{Columns: cols}
}()

// BrandsRequest is the brand filter's {"data": {"offset", "search"}}.
type BrandsRequest struct {
	Data BrandsQuery `json:"data"`
}

// BrandsQuery pages the brand list (30 a page) with a case-insensitive search.
type BrandsQuery struct {
	Offset int    `json:"offset"`
	Search string `json:"search"`
}

// BrandPage is one page of 30 brands.
type BrandPage struct {
	Brands  []string `json:"brands" openapi:"always"`
	HasMore bool     `json:"hasMore" openapi:"always"`
	Offset  int      `json:"offset" openapi:"always"` // the request's offset
}

// CategoryTree is the multi-level category filter's tree.
type CategoryTree struct {
	Categories []*report.CategoryNode `json:"categories" openapi:"always"`
}

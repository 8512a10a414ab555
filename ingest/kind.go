package ingest

import (
	"fmt"
	"strings"

	"pricelens/engine"
)

// Kind is what a file holds. It decides the column contract and the target table.
type Kind string

const (
	Scans    Kind = "scans"    // competitor scans → offers (and, through a view, latest_offers)
	Products Kind = "products" // catalogue → products
	Metrics  Kind = "metrics"  // daily business metrics → product_daily
)

// Kinds lists every kind in a stable order.
var Kinds = []Kind{Scans, Products, Metrics}

// ParseKind accepts scans, products or metrics.
func ParseKind(s string) (Kind, error) {
	switch k := Kind(strings.ToLower(strings.TrimSpace(s))); k {
	case Scans, Products, Metrics:
		return k, nil
	}
	return "", &Error{Code: CodeBadRequest, Message: fmt.Sprintf("kind must be scans, products or metrics, not %q", s)}
}

// fieldType is the value type of a contract column; it picks the parser and the
// ClickHouse column representation.
type fieldType uint8

const (
	tText   fieldType = iota // String
	tID                      // UInt32, > 0
	tPrice                   // Float64 ≥ 0 (Nullable for scans: empty/NULL = not found)
	tNumber                  // Float64 ≥ 0, empty = 0
	tFlag                    // UInt8 0/1 from 0/1/true/false/yes/no
	tTime                    // DateTime (UTC), not in the future
	tDate                    // Date, not in the future
)

func (t fieldType) String() string {
	return [...]string{"text", "whole number", "price", "number", "flag (0/1/true/false)", "timestamp", "date"}[t]
}

// field is one column of a kind's contract.
type field struct {
	Name     string
	Type     fieldType
	Required bool   // the column must be in the file
	NotNull  bool   // a present column must hold a value on every row
	Nullable bool   // stored as NULL when empty (scans.price)
	MaxLen   int    // text length limit in bytes (0 = none)
	Default  string // value used when the column is absent or the cell is empty ("" = zero value)
	Doc      string
}

// Length limits: generous for real catalogues, small enough to catch a shifted column
// (a whole description in the product id).
const (
	maxIDLen   = 200
	maxTextLen = 1000
	maxURLLen  = 4096
	maxCatLen  = 200
)

// nowDefault marks a time column whose default is the load's first start time (stable
// across a resumed load, so re-inserted rows collapse onto the first ones).
const nowDefault = "load start"

// contracts is the closed catalog of columns per kind, in the target table's order.
var contracts = map[Kind][]field{
	Scans: {
		{Name: "account_id", Type: tID, Required: true, NotNull: true, Doc: "the account the scan belongs to; optional when the account is given by --account or the upload session"},
		{Name: "product_id", Type: tText, Required: true, NotNull: true, MaxLen: maxIDLen, Doc: "the account's product id (e.g. an FSN)"},
		{Name: "competitor_id", Type: tID, Required: true, NotNull: true, Doc: "a competitor of that account (PostgreSQL competitors.id)"},
		{Name: "scanned_at", Type: tTime, Required: true, NotNull: true, Doc: "scan time, UTC; not in the future"},
		{Name: "price", Type: tPrice, Required: true, Nullable: true, Doc: "competitor price ≥ 0; empty/NULL = product not found"},
		{Name: "in_stock", Type: tFlag, Default: "1", Doc: "0/1, default 1"},
		{Name: "on_sale", Type: tFlag, Doc: "0/1, default 0"},
		{Name: "comp_product_id", Type: tText, MaxLen: maxIDLen, Doc: "the competitor's product id"},
		{Name: "name", Type: tText, MaxLen: maxTextLen, Doc: "name at the competitor"},
		{Name: "brand", Type: tText, MaxLen: maxTextLen},
		{Name: "mfgr_prod_id", Type: tText, MaxLen: maxIDLen},
		{Name: "url", Type: tText, MaxLen: maxURLLen},
		{Name: "img_url", Type: tText, MaxLen: maxURLLen},
	},
	Products: {
		{Name: "account_id", Type: tID, Required: true, NotNull: true, Doc: "optional when the account is given by --account or the upload session"},
		{Name: "product_id", Type: tText, Required: true, NotNull: true, MaxLen: maxIDLen},
		{Name: "name", Type: tText, Required: true, MaxLen: maxTextLen},
		{Name: "brand", Type: tText, MaxLen: maxTextLen},
		{Name: "mfgr_prod_id", Type: tText, MaxLen: maxIDLen},
		{Name: "super_category", Type: tText, MaxLen: maxCatLen},
		{Name: "category", Type: tText, MaxLen: maxCatLen},
		{Name: "vertical", Type: tText, MaxLen: maxCatLen},
		{Name: "my_price", Type: tPrice, Required: true, NotNull: true, Doc: "my price ≥ 0"},
		{Name: "cost", Type: tNumber, Doc: "≥ 0, empty = 0"},
		{Name: "currency", Type: tText, MaxLen: 8},
		{Name: "url", Type: tText, MaxLen: maxURLLen},
		{Name: "img_url", Type: tText, MaxLen: maxURLLen},
		{Name: "in_stock", Type: tFlag, Default: "1"},
		{Name: "revenue_30d", Type: tNumber},
		{Name: "units_30d", Type: tNumber},
		{Name: "page_views_30d", Type: tNumber},
		{Name: "mrp", Type: tNumber, Doc: "maximum retail price ≥ 0 (the pricer's MRP source), empty = 0 = unknown"},
		{Name: "updated_at", Type: tTime, Default: nowDefault, Doc: "version time; the latest version of a product wins; default: the load's start"},
	},
	Metrics: {
		{Name: "account_id", Type: tID, Required: true, NotNull: true, Doc: "optional when the account is given by --account or the upload session"},
		{Name: "product_id", Type: tText, Required: true, NotNull: true, MaxLen: maxIDLen},
		{Name: "date", Type: tDate, Required: true, NotNull: true, Doc: "the day, YYYY-MM-DD; not in the future"},
		{Name: "my_price", Type: tNumber},
		{Name: "cost", Type: tNumber},
		{Name: "units_sold", Type: tNumber},
		{Name: "revenue", Type: tNumber},
		{Name: "page_views", Type: tNumber},
		{Name: "updated_at", Type: tTime, Default: nowDefault, Doc: "version time; the latest row of a (product, date) wins; default: the load's start"},
	},
}

// table is the ClickHouse table a kind loads into.
func (k Kind) table() string {
	switch k {
	case Scans:
		return engine.TableOffers.String()
	case Products:
		return engine.TableProducts.String()
	}
	return engine.TableProductDaily.String()
}

// partitioned reports whether the kind's table is partitioned by month (of which column).
func (k Kind) partitionColumn() string {
	switch k {
	case Scans:
		return "scanned_at"
	case Metrics:
		return "date"
	}
	return ""
}

// Column describes one column of a kind's contract, for documentation and errors.
type Column struct {
	Name     string
	Type     string
	Required bool
	Doc      string
}

// Columns returns the column contract of a kind (the table of docs/data-loading.md is made from it).
func Columns(k Kind) []Column {
	out := make([]Column, 0, len(contracts[k]))
	for _, f := range contracts[k] {
		out = append(out, Column{Name: f.Name, Type: f.Type.String(), Required: f.Required, Doc: f.Doc})
	}
	return out
}

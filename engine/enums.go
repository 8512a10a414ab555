package engine

import "strings"

// The closed vocabularies of a condition. Each is a string type with its constants
// and a Valid method: ParseCondition checks them at the JSON boundary, and every
// Compile* checks them again (Condition.Validate), so a condition built in Go with
// SortDir("asc, (SELECT 1)--") is the same 400 as one that arrived as JSON. Only
// the constants' own SQL text (sql methods) ever reaches a query.

// SortDir is a sort direction of the sort model.
type SortDir string

const (
	SortAsc  SortDir = "asc"
	SortDesc SortDir = "desc"
)

// Valid reports whether d is asc or desc.
func (d SortDir) Valid() bool { return d == SortAsc || d == SortDesc }

func (d SortDir) sql() string {
	if d == SortDesc {
		return "DESC"
	}
	return "ASC"
}

// TextOp is an option of ag-grid's text filter.
type TextOp string

const (
	TextContains    TextOp = "contains"
	TextNotContains TextOp = "notContains"
	TextEquals      TextOp = "equals"
	TextNotEqual    TextOp = "notEqual"
	TextStartsWith  TextOp = "startsWith"
	TextEndsWith    TextOp = "endsWith"
	TextBlank       TextOp = "blank"
	TextNotBlank    TextOp = "notBlank"
	TextEmpty       TextOp = "empty" // ag-grid's "no condition": matches every row
)

// Valid reports whether o is one of the text filter options.
func (o TextOp) Valid() bool {
	switch o {
	case TextContains, TextNotContains, TextEquals, TextNotEqual, TextStartsWith, TextEndsWith, TextBlank, TextNotBlank, TextEmpty:
		return true
	}
	return false
}

// needsValue is false for the options that compare no value.
func (o TextOp) needsValue() bool { return o != TextBlank && o != TextNotBlank && o != TextEmpty }

// NumberOp is an option of ag-grid's number filter.
type NumberOp string

const (
	NumberEquals             NumberOp = "equals"
	NumberNotEqual           NumberOp = "notEqual"
	NumberLessThan           NumberOp = "lessThan"
	NumberLessThanOrEqual    NumberOp = "lessThanOrEqual"
	NumberGreaterThan        NumberOp = "greaterThan"
	NumberGreaterThanOrEqual NumberOp = "greaterThanOrEqual"
	NumberInRange            NumberOp = "inRange" // inclusive of both ends (docs/api-contract.md#the-grid-contract)
	NumberBlank              NumberOp = "blank"
	NumberNotBlank           NumberOp = "notBlank"
	NumberEmpty              NumberOp = "empty"
)

// numberComparisons are the comparison options and their SQL operators.
var numberComparisons = map[NumberOp]string{NumberEquals: "=", NumberNotEqual: "!=", NumberLessThan: "<",
	NumberLessThanOrEqual: "<=", NumberGreaterThan: ">", NumberGreaterThanOrEqual: ">="}

// Valid reports whether o is one of the number filter options.
func (o NumberOp) Valid() bool {
	_, cmp := numberComparisons[o]
	return cmp || o == NumberInRange || o == NumberBlank || o == NumberNotBlank || o == NumberEmpty
}

func (o NumberOp) needsValue() bool {
	return o != NumberBlank && o != NumberNotBlank && o != NumberEmpty
}

// DateOp is an option of ag-grid's date filter.
type DateOp string

const (
	DateEquals      DateOp = "equals"
	DateNotEqual    DateOp = "notEqual"
	DateLessThan    DateOp = "lessThan"
	DateGreaterThan DateOp = "greaterThan"
	DateInRange     DateOp = "inRange"
	DateBlank       DateOp = "blank"
	DateNotBlank    DateOp = "notBlank"
)

var dateComparisons = map[DateOp]string{DateEquals: "=", DateNotEqual: "!=", DateLessThan: "<", DateGreaterThan: ">"}

// Valid reports whether o is one of the date filter options.
func (o DateOp) Valid() bool {
	_, cmp := dateComparisons[o]
	return cmp || o == DateInRange || o == DateBlank || o == DateNotBlank
}

func (o DateOp) needsValue() bool { return o != DateBlank && o != DateNotBlank }

// JoinOp joins the conditions of a combined filter.
type JoinOp string

const (
	JoinAnd JoinOp = "AND"
	JoinOr  JoinOp = "OR"
)

// ParseJoinOp reads ag-grid's operator: case-insensitive, "" is AND.
func ParseJoinOp(s string) (JoinOp, bool) {
	switch op := JoinOp(strings.ToUpper(s)); op {
	case "":
		return JoinAnd, true
	case JoinAnd, JoinOr:
		return op, true
	}
	return "", false
}

// Valid reports whether o is AND or OR.
func (o JoinOp) Valid() bool { return o == JoinAnd || o == JoinOr }

// Weight is what a group row weighs its products by (docs/reports.md#metric-definitions): every product
// counts 1, or one of the closed list of numeric custom fields (which the account
// must also have configured; checked at compile).
type Weight string

const (
	WeightProduct      Weight = "product"
	WeightRevenue30d   Weight = Weight(ColRevenue30d)
	WeightUnits30d     Weight = Weight(ColUnits30d)
	WeightPageViews30d Weight = Weight(ColPageViews30d)
)

// ParseWeight reads weightBy: "" and Product (any case the legacy product sent)
// mean per product; a custom field is its logical name.
func ParseWeight(s string) (Weight, bool) {
	if s == "" || strings.EqualFold(s, string(WeightProduct)) {
		return WeightProduct, true
	}
	w := Weight(s)
	return w, w.Valid()
}

// Valid reports whether w is Product or a known custom field ("" is Product).
func (w Weight) Valid() bool {
	return w == "" || w == WeightProduct || customFieldColumn(string(w))
}

// Aggregate is an aggregate function a group-row metric applies to the per-product
// fields (docs/reports.md#metric-definitions). The metrics are built by the engine, never named by a request,
// but an aggregate still reaches SQL only as one of these constants.
type Aggregate string

const (
	AggCount   Aggregate = "count"
	AggCountIf Aggregate = "countIf"
	AggSum     Aggregate = "sum"
	AggSumIf   Aggregate = "sumIf"
)

// Valid reports whether a is one of the aggregates.
func (a Aggregate) Valid() bool {
	switch a {
	case AggCount, AggCountIf, AggSum, AggSumIf:
		return true
	}
	return false
}

package engine

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Shape says how the warehouse result becomes the response.
type Shape int

const (
	ShapeRows          Shape = iota // product rows (table mode, leaf level)
	ShapeGroups                     // group rows, key column group_key renamed to GroupField
	ShapeCount                      // one count
	ShapePerCompetitor              // one aggregate row, unpivoted into a row per competitor
	ShapeIDs                        // product ids (selection)
)

// Plan is a compiled query: run the Statement, then shape the result.
type Plan struct {
	Statement
	Shape       Shape
	StartRow    int
	Limit       int // the block size; row plans fetch Limit+1 to know whether the block ends
	GroupField  string
	Columns     []string     // output keys of row plans in order
	Competitors []Competitor // selected competitors (per-competitor shapes)
	Report      Report
	expand      *expander // product rows: how to compute the @c keys (Expand)
}

// LastRow implements docs/api-contract.md#the-grid-contract: the total at this level when the block reaches the
// end, else -1; and trims the extra row fetched to know it.
func (p Plan) LastRow(n int) (keep int, lastRow int) {
	if n > p.Limit {
		return p.Limit, -1
	}
	return n, p.StartRow + n
}

// compiler holds one compile: account, condition and the derived catalog.
type compiler struct {
	a      Account
	c      Condition
	rep    Report
	comps  []Competitor // the selected competitors C
	e      exprs
	cat    catalog
	levels []GroupLevel
}

// newCompiler validates the whole condition again, whoever built it (Validate),
// then everything that needs the account: report, competitors, group levels,
// weight. Every Compile* of a condition starts here.
func newCompiler(a Account, c Condition) (*compiler, error) {
	a = a.normalize()
	if a.AccountID == 0 {
		return nil, bad("account", "no account is selected")
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	rep, err := ParseReport(c.ReportType)
	if err != nil {
		return nil, err
	}
	comps := a.Competitors
	if len(c.CompetitorIDs) > 0 {
		comps = nil
		seen := map[int64]bool{}
		for _, id := range c.CompetitorIDs {
			comp, ok := a.competitor(id)
			if !ok {
				return nil, bad("competitorId", "%d is not a competitor of this account", id)
			}
			if !seen[id] {
				comps = append(comps, comp)
				seen[id] = true
			}
		}
	}
	k := &compiler{a: a, c: c, rep: rep, comps: comps, e: newExprs(a)}
	k.cat = newCatalog(productColumns(a, comps))
	for i, g := range c.Group {
		id := g.ID
		if id == "" {
			id = g.Field
		}
		l, ok := levelOf(id)
		if !ok {
			return nil, bad(fmt.Sprintf("group[%d]", i), "%q cannot be grouped (super_category, category, vertical, vertical_brand, brand or label)", clip(id))
		}
		k.levels = append(k.levels, l)
	}
	if len(k.levels) == 0 && (rep.Kind == ReportLandscape || rep.Kind == ReportDistribution) {
		k.levels = []GroupLevel{rep.Level}
	}
	if len(k.levels) > 0 && len(c.Sort) > MaxGroupSorts {
		return nil, bad("sort", "Grouping allows at most two sort columns")
	}
	if len(c.GroupIDs) > len(k.levels) {
		return nil, bad("groupIds", "opens %d group levels but only %d are grouped", len(c.GroupIDs), len(k.levels))
	}
	if err := k.checkColumnIDs(); err != nil {
		return nil, err
	}
	if c.WeightBy != WeightProduct {
		if _, ok := a.customField(string(c.WeightBy)); !ok {
			return nil, bad("weightBy", "%q is not Product or a custom field of this account", clip(string(c.WeightBy)))
		}
	}
	return k, nil
}

// checkColumnIDs looks up every column id of the condition (sort and visible
// columns; filters are looked up as they compile) among the ids this account's
// reports have: product columns, group-row keys, the competitiveness snapshot's
// keys, and the keys filled after the query. Which of them a plan may sort on is
// checked again where the plan is built (orderBy, groupOrder).
func (k *compiler) checkColumnIDs() error {
	known := func(id string) bool {
		_, ok := k.cat.get(id)
		return ok || afterQueryKeys[id] || k.groupRowKey(id)
	}
	for i, s := range k.c.Sort {
		if !known(s.ColID) && !strings.HasPrefix(s.ColID, "ag-Grid-AutoColumn") {
			return bad(fmt.Sprintf("sort[%d].colId", i), "%q is not a column of this report", clip(s.ColID))
		}
	}
	for _, id := range k.c.VisibleColumns {
		if !known(id) {
			return bad("visible_columns", "%q is not a column of this report", clip(id))
		}
	}
	return nil
}

// groupRowKey reports an id that only group rows carry (a group level, a group
// metric, a distribution bucket, a per-competitor metric of a competitor of the
// account). The webapp keeps a group report's columns and sort when it opens a
// group down to its products, so product rows leave these ids out instead of
// refusing them; unknown ids are still refused by checkColumnIDs.
func (k *compiler) groupRowKey(id string) bool {
	if _, ok := k.cat.get(id); ok {
		return false
	}
	if groupKeys[id] {
		return true
	}
	if _, ok := levelOf(id); ok {
		return true
	}
	at := strings.LastIndexByte(id, '@')
	if at < 0 {
		return false
	}
	for _, m := range perCompetitorMetricIDs {
		if m == id[:at] {
			_, ok := k.a.competitor(parseID(id[at+1:]))
			return ok
		}
	}
	return false
}

// afterQueryKeys are row keys filled after the query, not columns of the snapshot.
var afterQueryKeys = map[string]bool{"labels": true, "labelsNames": true, "currency_symbol": true, "constraint": true}

// groupKeys are the keys of group rows and of the competitiveness snapshot's rows.
var groupKeys = func() map[string]bool {
	m := map[string]bool{"competitor": true, "products": true}
	for _, id := range perCompetitorMetricIDs {
		m[id] = true
	}
	for _, d := range DistributionBuckets {
		m[d.ID] = true
	}
	return m
}()

func parseID(s string) int64 {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0
	}
	return id
}

// Columns returns the catalog of a report for the account (getColumnsDef).
func Columns(a Account, reportType string) ([]Column, error) {
	k, err := newCompiler(a, Condition{ReportType: reportType})
	if err != nil {
		return nil, err
	}
	if k.rep.Kind == ReportCompetitivenessSnapshot {
		return competitorMetricColumns(), nil
	}
	if len(k.levels) > 0 {
		return k.groupColumns(), nil
	}
	return k.cat.cols, nil
}

func (k *compiler) weight() string {
	if cf, ok := k.a.customField(string(k.c.WeightBy)); ok {
		return "toFloat64(" + cf.LogicalName + ")"
	}
	return "toFloat64(1)"
}

// where is the predicate of every query: tenancy and category access first (added
// here, never by the caller), then the report, the filters and the search.
func (k *compiler) where(b *builder) (string, error) {
	preds := []string{tenancy(k.a, b)}
	switch k.rep.Kind {
	case ReportAtCompetitors:
		preds = append(preds, k.e.nCmp(k.comps)+" > 0")
	case ReportConstraints:
		preds = append(preds, "("+constraintExpr(k)+") != ''")
	}
	f, err := b.filters(k.a, k.cat, k.c.Filters)
	if err != nil {
		return "", err
	}
	if f != "" {
		preds = append(preds, f)
	}
	if s := searchPredicate(b, k.c.Search); s != "" {
		preds = append(preds, s)
	}
	return strings.Join(preds, " AND "), nil
}

// searchPredicate is the free-text search over name, brand, manufacturer number and
// product id (the snapshot's search_text); "" when there is no search.
func searchPredicate(b *builder, search string) string {
	if s := strings.TrimSpace(search); s != "" {
		return "position(" + ColSearchText + ", lowerUTF8(" + b.bind(s) + ")) > 0"
	}
	return ""
}

// constraintExpr names the constraint a product breaks (the constraints report):
// "Below cost" when my price is under a known cost; "Below market range" /
// "Above market range" when the market bucket (docs/reports.md#metric-definitions, over the selected
// competitors) is I am lower / I am higher; ” when none.
func constraintExpr(k *compiler) string {
	mb := k.e.marketBucket(k.comps)
	return "multiIf(cost > 0 AND my_price < cost, 'Below cost', ifNull(" + mb + " = '" + BucketLower + "', 0), 'Below market range', ifNull(" +
		mb + " = '" + BucketHigher + "', 0), 'Above market range', '')"
}

// pathPredicates restrict to the opened group path (groupIds).
func (k *compiler) pathPredicates(b *builder) []string {
	var preds []string
	for i, key := range k.c.GroupIDs {
		l := k.levels[i]
		if l == LevelLabel {
			preds = append(preds, k.labelPathPredicate(b, key))
			continue
		}
		preds = append(preds, levelKeyExpr(l)+" = "+b.bind(key))
	}
	return preds
}

func (k *compiler) labelPathPredicate(b *builder, key string) string {
	if key == NoneKey {
		return b.labelSet(k.a, nil, true)
	}
	return b.labelSet(k.a, []string{strings.ToLower(key)}, false)
}

// NoneKey is the group key of NULL / empty group values and of unlabeled products.
const NoneKey = "(none)"

// AllKey is the one group key of LevelAll.
const AllKey = "All products"

func levelKeyExpr(l GroupLevel) string {
	none := func(col string) string { return "if(" + col + " = '', '" + NoneKey + "', " + col + ")" }
	switch l {
	case LevelSuperCategory:
		return none("super_category")
	case LevelCategory:
		return none("category")
	case LevelVertical:
		return none("vertical")
	case LevelBrand:
		return none("brand")
	case LevelVerticalBrand:
		return "concat(" + none("vertical") + ", ' x ', " + none("brand") + ")"
	case LevelAll:
		return "'" + AllKey + "'"
	}
	return "''"
}

// tableColumns are the output columns of a product-row plan: the visible columns
// when the condition names them (through the catalog), else every column.
func (k *compiler) tableColumns() ([]Column, error) {
	var out []Column
	if k.rep.Kind == ReportConstraints {
		out = append(out, Column{ID: "constraint", Header: "Constraint", Kind: KindText, Expr: constraintExpr(k), Format: "text"})
	}
	if len(k.c.VisibleColumns) == 0 {
		for _, c := range k.cat.cols {
			if c.Expr != "" {
				out = append(out, c)
			}
		}
		return out, nil
	}
	seen := map[string]bool{}
	add := func(id string) error {
		if seen[id] {
			return nil
		}
		seen[id] = true
		if id == "labels" || id == "labelsNames" || id == "currency_symbol" || id == "constraint" {
			return nil // filled after the query
		}
		col, ok := k.cat.get(id)
		if !ok && k.groupRowKey(id) {
			return nil // a group row's column: product rows do not have it
		}
		if !ok {
			return bad("visible_columns", "%q is not a column of this report", clip(id))
		}
		out = append(out, col)
		return nil
	}
	for _, id := range append([]string{"id", "name", "img_url", "canonical_mfgr_display", "price"}, k.c.VisibleColumns...) {
		if err := add(id); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// orderBy compiles the sort model of table mode with the unique tie-breaker.
func (k *compiler) orderBy() (string, error) {
	keys, err := k.orderKeys()
	if err != nil {
		return "", err
	}
	parts := make([]string, 0, len(keys)+1)
	for _, o := range keys {
		parts = append(parts, o.expr+" "+o.dir+" NULLS LAST")
	}
	parts = append(parts, ColProductID+" ASC")
	return strings.Join(parts, ", "), nil
}

// orderKey is one sort column of table mode: its expression and direction.
type orderKey struct{ expr, dir string }

// orderKeys are the sort model's columns of table mode (without the tie-breaker).
func (k *compiler) orderKeys() ([]orderKey, error) {
	var keys []orderKey
	for i, s := range k.c.Sort {
		if k.groupRowKey(s.ColID) {
			continue // a sort on a group row's column orders the groups, not their products
		}
		col, ok := k.cat.get(s.ColID)
		if !ok || col.Expr == "" {
			if s.ColID == "constraint" && k.rep.Kind == ReportConstraints {
				col = Column{Expr: constraintExpr(k)}
			} else {
				return nil, bad(fmt.Sprintf("sort[%d].colId", i), "%q is not a sortable column of this report", clip(s.ColID))
			}
		}
		keys = append(keys, orderKey{col.Expr, s.Sort.sql()})
	}
	return keys, nil
}

// CompileRows compiles one block of getConditionsData.
func CompileRows(a Account, c Condition) (Plan, error) {
	k, err := newCompiler(a, c)
	if err != nil {
		return Plan{}, err
	}
	switch {
	case k.rep.Kind == ReportCompetitivenessSnapshot:
		return k.perCompetitor()
	case len(k.levels) > len(k.c.GroupIDs):
		return k.groups(false, nil)
	}
	return k.rows()
}

func (k *compiler) rows() (Plan, error) {
	return k.rowsOf(func(b *builder, snap, order string) (string, error) {
		w, err := k.rowsWhere(b)
		if err != nil {
			return "", err
		}
		// Two phases: the inner query sorts only (sort key, product_id) to find the
		// block's ids; the outer one computes every column for those ids alone.
		// globalIn: the block is a page of the whole account; on a cluster each shard
		// must get the same ids, not the page of its own rows.
		return globalIn(k.a, false) + "(SELECT " + ColProductID + " FROM " + snap + " WHERE " + w + " ORDER BY " + order +
			limitOffset(k.c.Limit+1, k.c.StartRow) + ")", nil
	})
}

// rowsOf compiles a block of table rows whose ids come from ids (" IN " and its
// right side): the page's subquery (rows), or a slice of the condition's order
// (CompileRowsOf).
func (k *compiler) rowsOf(ids func(b *builder, snap, order string) (string, error)) (Plan, error) {
	cols, err := k.tableColumns()
	if err != nil {
		return Plan{}, err
	}
	order, err := k.orderBy()
	if err != nil {
		return Plan{}, err
	}
	b := k.builder()
	sel, names, x := k.rowSelect(b, cols)
	outerAccount := b.bind(k.a.AccountID)
	snap := b.snapshotTable(k.a)
	in, err := ids(b, snap, order)
	if err != nil {
		return Plan{}, err
	}
	sql := "SELECT " + strings.Join(sel, ", ") + " FROM " + snap + " WHERE " + ColAccountID + " = " + outerAccount + b.snapshotVisible(k.a) +
		" AND " + ColProductID + in + " ORDER BY " + order
	st, err := b.statement(sql)
	if err != nil {
		return Plan{}, err
	}
	return Plan{Statement: st, Shape: ShapeRows, StartRow: k.c.StartRow, Limit: k.c.Limit, Columns: names,
		Competitors: k.comps, Report: k.rep, expand: x}, nil
}

// rowsWhere is the predicate of a table block's products: the condition and the
// opened group path.
func (k *compiler) rowsWhere(b *builder) (string, error) {
	w, err := k.where(b)
	if err != nil {
		return "", err
	}
	if pp := k.pathPredicates(b); len(pp) > 0 {
		w += " AND " + strings.Join(pp, " AND ")
	}
	return w, nil
}

// CompileOrder compiles the ids of every product of a table-mode condition, in the
// grid's order: what the report service's order cache keeps so that a deep block slices it
// instead of sorting the whole account again (a block at row 500,000 sorted 1M
// rows for every block). ok is false for a condition that is not table rows
// (groups, the per-competitor report).
func CompileOrder(a Account, c Condition) (st Statement, ok bool, err error) {
	k, err := newCompiler(a, c)
	if err != nil || k.rep.Kind == ReportCompetitivenessSnapshot || len(k.levels) > len(k.c.GroupIDs) {
		return Statement{}, false, err
	}
	order, err := k.orderBy()
	if err != nil {
		return Statement{}, false, err
	}
	b := k.builder()
	w, err := k.rowsWhere(b)
	if err != nil {
		return Statement{}, false, err
	}
	st, err = b.statement("SELECT " + ColProductID + " FROM " + b.snapshotTable(k.a) + " WHERE " + w + " ORDER BY " + order)
	return st, err == nil, err
}

// CompileRowsOf compiles the block of table rows of ids (a slice of CompileOrder's
// answer for c, the block's rows and the one after it) in c's columns and order.
func CompileRowsOf(a Account, c Condition, ids []string) (Plan, error) {
	k, err := newCompiler(a, c)
	if err != nil {
		return Plan{}, err
	}
	// A plain IN: the set is a literal, the same on every shard (18.16 refuses a
	// GLOBAL IN of one: "unknown AST element passed to addExternalStorage").
	return k.rowsOf(func(b *builder, _, _ string) (string, error) { return " IN " + b.bindSet(ids), nil })
}

// rowSelect splits the output columns: product columns and row metrics are SQL
// expressions; the per-competitor keys come from the raw arrays (Expand).
func (k *compiler) rowSelect(b *builder, cols []Column) (sel, names []string, x *expander) {
	x = &expander{comps: k.a.Competitors, settings: k.a.Settings,
		cutoff: k.a.Now.Add(-time.Duration(k.a.Settings.StalenessDays) * 24 * time.Hour), recent: k.a.Now.Add(-24 * time.Hour)}
	if len(k.c.VisibleColumns) > 0 {
		x.keys = map[string]bool{}
	}
	// Only the arrays the requested keys need are read: the block's second phase
	// reads random granules, and the string arrays are most of their bytes.
	need := map[string]bool{}
	for _, c := range cols {
		if c.CompetitorID != 0 {
			if x.keys != nil {
				x.keys[c.ID] = true
			}
			kind := c.ID[:strings.LastIndexByte(c.ID, '@')]
			need["comp_ids"] = true
			for _, a := range arraysOf[kind] {
				need[a] = true
			}
			continue
		}
		sel = append(sel, c.Expr+" AS "+b.ident(c.ID))
		names = append(names, c.ID)
	}
	for _, a := range rawArrays {
		if need[a] {
			src := a
			if a == "c_delta" {
				src = k.e.deltas()
			}
			sel = append(sel, src+" AS "+rawPrefix+a)
		}
	}
	return sel, names, x
}

// CompileCount compiles getCountOfRow: the rows (or groups) at the condition's level.
func CompileCount(a Account, c Condition) (Plan, error) {
	k, err := newCompiler(a, c)
	if err != nil {
		return Plan{}, err
	}
	if k.rep.Kind == ReportCompetitivenessSnapshot {
		return Plan{Statement: Statement{SQL: "SELECT toUInt64(" + IntLit(int64(len(k.comps))) + ")"}, Shape: ShapeCount, Report: k.rep}, nil
	}
	// The sort does not change a count, but a bad sort is a bad condition everywhere.
	if len(k.levels) > len(k.c.GroupIDs) {
		if _, err := k.groups(false, nil); err != nil {
			return Plan{}, err
		}
		g, err := k.groups(true, nil)
		if err != nil {
			return Plan{}, err
		}
		g.SQL = "SELECT count() FROM (" + g.SQL + ")"
		return Plan{Statement: g.Statement, Shape: ShapeCount, Report: k.rep}, nil
	}
	if _, err := k.orderBy(); err != nil {
		return Plan{}, err
	}
	b := k.builder()
	w, err := k.where(b)
	if err != nil {
		return Plan{}, err
	}
	if pp := k.pathPredicates(b); len(pp) > 0 {
		w += " AND " + strings.Join(pp, " AND ")
	}
	st, err := b.statement("SELECT count() FROM " + b.snapshotTable(k.a) + " WHERE " + w)
	return Plan{Statement: st, Shape: ShapeCount, Report: k.rep}, err
}

// CompileSelection compiles the product ids a selection means: with selectAll, every
// product matching the condition (filters, search, report, group path) except the
// toggled ones; otherwise the toggled ids that exist in the account (and that the
// user may see).
func CompileSelection(a Account, c Condition, selectAll bool, toggled []string) (Plan, error) {
	if len(toggled) > MaxSelected {
		return Plan{}, bad("toggledNodes", "has %d ids; at most %d are allowed", len(toggled), MaxSelected)
	}
	for _, id := range toggled {
		if len(id) > MaxTextLen {
			return Plan{}, bad("toggledNodes", "has an id longer than %d characters", MaxTextLen)
		}
	}
	k, err := newCompiler(a, c)
	if err != nil {
		return Plan{}, err
	}
	b := k.builder()
	var w string
	if selectAll {
		if w, err = k.where(b); err != nil {
			return Plan{}, err
		}
		if pp := k.pathPredicates(b); len(pp) > 0 {
			w += " AND " + strings.Join(pp, " AND ")
		}
		if len(toggled) > 0 {
			w += " AND " + ColProductID + " NOT IN " + b.bindSet(toggled)
		}
	} else {
		if len(toggled) == 0 {
			st, err := b.statement("SELECT " + ColProductID + " FROM " + b.snapshotTable(k.a) + " WHERE 0")
			return Plan{Statement: st, Shape: ShapeIDs}, err
		}
		w = tenancy(k.a, b) + " AND " + ColProductID + " IN " + b.bindSet(toggled)
	}
	st, err := b.statement("SELECT " + ColProductID + " FROM " + b.snapshotTable(k.a) + " WHERE " + w + " ORDER BY " + ColProductID)
	return Plan{Statement: st, Shape: ShapeIDs}, err
}

// limitOffset is a block's LIMIT and OFFSET, as literal numbers.
func limitOffset(limit, offset int) string {
	return " LIMIT " + IntLit(int64(limit)) + " OFFSET " + IntLit(int64(offset))
}

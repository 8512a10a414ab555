package engine

import (
	"fmt"
	"strings"
)

// groupMetric is one aggregate of a group row (docs/reports.md#metric-definitions), over the per-product
// fields of the group source.
type groupMetric struct {
	ID, Header, Format, Expr string
}

// agg applies an aggregate to its arguments.
func agg(a Aggregate, args ...string) string { return string(a) + "(" + strings.Join(args, ", ") + ")" }

// wsum is the weighted sum Σ w·x over the group's products.
func wsum(x string) string { return agg(AggSum, "w * "+x) }

// share is the weighted share of num in den, NULL when the weights sum to 0.
func share(num, den string) string {
	return "if(" + wsum(den) + " = 0, NULL, " + wsum(num) + " * 100 / " + wsum(den) + ")"
}

// ratio is Σ w·num / Σ w·den, NULL when the weights sum to 0.
func ratio(num, den string) string {
	return "if(" + wsum(den) + " = 0, NULL, " + wsum(num) + " / " + wsum(den) + ")"
}

// groupMetrics are the group-row aggregates over the selected competitors: weighted
// bucket shares (NULL when the weights of the compared pairs sum to 0), price index,
// Lower_avg, the distribution buckets of the price distribution reports, and the
// per-competitor metrics the sort names (the others come from CompileGroupCompetitors).
func (k *compiler) groupMetrics() []groupMetric {
	ms := []groupMetric{
		{"products", "Products", "number", agg(AggCount)},
		{"products_compared", "Products compared", "number", agg(AggCountIf, "n_cmp > 0")},
		{"Lower", "Lower", "percent", share("n_l", "n_cmp")},
		{"Similar", "Similar price", "percent", share("n_s", "n_cmp")},
		{"Higher", "Higher", "percent", share("n_h", "n_cmp")},
		{"Lower_avg", "Lower avg %", "percent", ratio("s_ld", "n_l")},
		{"price_index", "Price index", "number", share("s_ratio", "n_cmp")},
	}
	if k.rep.Kind == ReportDistribution {
		all := agg(AggSumIf, "w", "NOT isNaN(md)")
		for _, d := range DistributionBuckets {
			ms = append(ms, groupMetric{d.ID, d.Header, "percent",
				"if(" + all + " = 0, NULL, " + agg(AggSumIf, "w", "NOT isNaN(md) AND "+d.Cond) + " * 100 / " + all + ")"})
		}
	}
	for _, c := range k.sortedCompetitors() {
		s := IntLit(c.ID)
		ms = append(ms,
			groupMetric{"products_compared@" + s, c.Name + " products compared", "number", agg(AggCountIf, "cmp_"+s+" = 1")},
			groupMetric{"Lower@" + s, c.Name + " lower", "percent", share("l_"+s, "cmp_"+s)},
			groupMetric{"Similar@" + s, c.Name + " similar", "percent", share("s_"+s, "cmp_"+s)},
			groupMetric{"Higher@" + s, c.Name + " higher", "percent", share("h_"+s, "cmp_"+s)},
			groupMetric{"Lower_avg@" + s, c.Name + " lower avg %", "percent", ratio("ld_"+s, "l_"+s)},
			groupMetric{"price_index@" + s, c.Name + " price index", "number", share("r_"+s, "cmp_"+s)},
		)
	}
	return ms
}

// perCompetitorMetricIDs are the group-row keys per selected competitor.
var perCompetitorMetricIDs = []string{"products_compared", "Lower", "Similar", "Higher", "Lower_avg", "price_index"}

// sortedCompetitors are the competitors whose @c group metrics the sort names: those
// are computed in the group query itself so that SQL can order by them.
func (k *compiler) sortedCompetitors() []Competitor {
	var out []Competitor
	for _, s := range k.c.Sort {
		at := strings.LastIndexByte(s.ColID, '@')
		if at < 0 {
			continue
		}
		for _, c := range k.comps {
			if IntLit(c.ID) == s.ColID[at+1:] && !containsComp(out, c.ID) {
				out = append(out, c)
			}
		}
	}
	return out
}

func containsComp(cs []Competitor, id int64) bool {
	for _, c := range cs {
		if c.ID == id {
			return true
		}
	}
	return false
}

// productFields are the per-product values the group aggregates read, as
// "expr AS alias" and the aliases.
func (k *compiler) productFields() (fields, aliases []string) {
	e, cs := k.e, k.comps
	add := func(expr, alias string) {
		fields = append(fields, expr+" AS "+alias)
		aliases = append(aliases, alias)
	}
	add(k.weight(), "w")
	add(e.nCmp(cs), "n_cmp")
	add(e.nLower(cs), "n_l")
	add(e.nSimilar(cs), "n_s")
	add(e.nHigher(cs), "n_h")
	add(e.sumLowerDelta(cs), "s_ld")
	add(e.sumRatio(cs), "s_ratio")
	for _, c := range k.sortedCompetitors() {
		s := IntLit(c.ID)
		add("toUInt32("+e.cmp(c.ID)+")", "cmp_"+s)
		add("toUInt32("+e.lower(c.ID)+")", "l_"+s)
		add("toUInt32("+e.similar(c.ID)+")", "s_"+s)
		add("toUInt32("+e.higher(c.ID)+")", "h_"+s)
		add("if("+e.lower(c.ID)+", "+e.at("c_delta", c.ID)+", 0)", "ld_"+s)
		add("if("+e.cmp(c.ID)+", my_price / "+e.at("c_price", c.ID)+", 0)", "r_"+s)
	}
	if k.rep.Kind == ReportDistribution {
		n := e.nCmp(cs)
		mp := "(" + e.sumPrice(cs) + " / " + n + ")"
		add("if("+n+" = 0 OR my_price <= 0, nan, (my_price - "+mp+") / "+mp+" * 100 - ("+floatLit(k.a.Settings.Parity)+"))", "md")
	}
	return fields, aliases
}

// groupColumns describe group rows (getColumnsDef in group mode).
func (k *compiler) groupColumns() []Column {
	l := k.levels[0]
	cols := []Column{{ID: l.groupField(), Header: strings.ReplaceAll(string(l), "_", " "), Kind: KindText, Format: "text", Default: true}}
	for _, m := range k.groupMetrics() {
		cols = append(cols, Column{ID: m.ID, Header: m.Header, Kind: KindNumber, Format: m.Format, Default: true})
	}
	for _, c := range k.comps {
		for _, id := range perCompetitorMetricIDs {
			cols = append(cols, Column{ID: id + "@" + IntLit(c.ID), Header: c.Name + " " + strings.ToLower(strings.ReplaceAll(id, "_", " ")),
				Kind: KindNumber, Format: "percent", CompetitorID: c.ID})
		}
	}
	return cols
}

// groupSource is the subquery of one group level: a row per (group key, product)
// with the key as gk and the given per-product fields, under the opened path. A
// product with several labels appears once per label; unlabeled products and
// empty values get the "(none)" key.
func (k *compiler) groupSource(b *builder, level GroupLevel, fields, aliases []string) (string, error) {
	var key string
	labelJoin := level == LevelLabel && len(k.a.Labels) > 0
	if labelJoin {
		ids := make([]uint64, len(k.a.Labels))
		names := make([]string, len(k.a.Labels))
		for i, l := range k.a.Labels {
			ids[i], names[i] = l.ID, l.Name
		}
		key = "transform(lbl, " + b.bind(ids) + ", " + b.bind(names) + ", '" + NoneKey + "')"
	}
	w, err := k.where(b)
	if err != nil {
		return "", err
	}
	if pp := k.pathPredicates(b); len(pp) > 0 {
		w += " AND " + strings.Join(pp, " AND ")
	}
	f := strings.Join(fields, ", ")
	snap := b.snapshotTable(k.a)
	switch {
	case labelJoin:
		known := make([]uint64, len(k.a.Labels))
		for i, l := range k.a.Labels {
			known[i] = l.ID
		}
		inner := "SELECT " + ColProductID + ", " + f + " FROM " + snap + " WHERE " + w
		lbls := "SELECT product_id, groupArray(label_id) AS lbls FROM " + b.labelsSubquery(k.a) +
			" WHERE label_id IN " + b.bindUintSet(known) + " GROUP BY product_id"
		return "(SELECT " + key + " AS gk, " + strings.Join(aliases, ", ") + " FROM (SELECT *, if(empty(lbls), [toUInt64(0)], lbls) AS lbl_arr FROM (" +
			inner + ") AS lhs ANY LEFT JOIN (" + lbls + ") AS rhs USING product_id) ARRAY JOIN lbl_arr AS lbl)", nil
	case level == LevelLabel:
		return "(SELECT '" + NoneKey + "' AS gk, " + f + " FROM " + snap + " WHERE " + w + ")", nil
	case level == "":
		return "(SELECT 'all' AS gk, " + f + " FROM " + snap + " WHERE " + w + ")", nil
	}
	return "(SELECT " + levelKeyExpr(level) + " AS gk, " + f + " FROM " + snap + " WHERE " + w + ")", nil
}

// groups compiles the current group level: one row per group key under the opened
// path. countOnly leaves out ORDER BY / LIMIT; onlyKeys restricts to chosen groups
// (graph mode). The per-competitor keys of the block's groups come from a second
// plan (CompileGroupCompetitors).
func (k *compiler) groups(countOnly bool, onlyKeys []string) (Plan, error) {
	level := k.levels[len(k.c.GroupIDs)]
	metrics := k.groupMetrics()
	b := k.builder()
	sql, names, err := k.groupRows(b, level, metrics)
	if err != nil {
		return Plan{}, err
	}
	if len(onlyKeys) > 0 {
		sql += " HAVING group_key IN " + b.bindSet(onlyKeys)
	}
	if !countOnly {
		order, err := k.groupOrder(b, level, metrics)
		if err != nil {
			return Plan{}, err
		}
		sql += " ORDER BY " + order + limitOffset(k.c.Limit+1, k.c.StartRow)
	}
	st, err := b.statement(sql)
	if err != nil {
		return Plan{}, err
	}
	return Plan{Statement: st, Shape: ShapeGroups, StartRow: k.c.StartRow, Limit: k.c.Limit,
		GroupField: level.groupField(), Columns: names, Competitors: k.comps, Report: k.rep}, nil
}

// groupRows is the SELECT of every group row of level (group_key and the metrics,
// by their ids), unordered, and its column names.
func (k *compiler) groupRows(b *builder, level GroupLevel, metrics []groupMetric) (string, []string, error) {
	sel := []string{"gk AS group_key"}
	names := []string{"group_key"}
	for _, m := range metrics {
		sel = append(sel, m.Expr+" AS "+b.ident(m.ID))
		names = append(names, m.ID)
	}
	fields, aliases := k.productFields()
	src, err := k.groupSource(b, level, fields, aliases)
	if err != nil {
		return "", nil, err
	}
	return "SELECT " + strings.Join(sel, ", ") + " FROM " + src + " GROUP BY group_key", names, nil
}

// competitorPairs compiles the per-competitor aggregates of the given groups: one
// row per (group key, competitor) over the comparable pairs, by ARRAY JOIN of the
// snapshot's arrays (one pass, simple expressions, instead of six expressions per
// competitor). level "" aggregates all products in one group "all".
func (k *compiler) competitorPairs(level GroupLevel, keys []string) (Plan, error) {
	b := k.builder()
	sql, err := k.competitorPairRows(b, level, keys)
	if err != nil {
		return Plan{}, err
	}
	st, err := b.statement(sql)
	return Plan{Statement: st, Shape: ShapePerCompetitor, Competitors: k.comps, Report: k.rep}, err
}

// competitorPairRows is the SELECT of competitorPairs: a row per (group_key,
// competitor_id) with the per-competitor metrics by their ids (without @c).
func (k *compiler) competitorPairRows(b *builder, level GroupLevel, keys []string) (string, error) {
	deltas, dName := "c_delta", "c_delta"
	if d := k.e.deltas(); d != deltas {
		deltas, dName = d+" AS fd", "fd" // flagged matches hidden (flags.go)
	}
	src, err := k.groupSource(b, level, []string{k.weight() + " AS w", "comp_ids", deltas, "c_seen"}, []string{"w", "comp_ids", dName, "c_seen"})
	if err != nil {
		return "", err
	}
	cmp := "(pt >= " + k.e.cutoff + " AND NOT isNaN(pd))"
	dd := "(pd - (" + floatLit(k.a.Settings.Parity) + "))"
	lo := cmp + " AND " + dd + " < " + negLit(k.a.Settings.Lower)
	hi := cmp + " AND " + dd + " > " + floatLit(k.a.Settings.Upper)
	si := cmp + " AND " + dd + " >= " + negLit(k.a.Settings.Lower) + " AND " + dd + " <= " + floatLit(k.a.Settings.Upper)
	den := agg(AggSumIf, "w", cmp)
	pct := func(cond string) string {
		return "if(" + den + " = 0, NULL, " + agg(AggSumIf, "w", cond) + " * 100 / " + den + ")"
	}
	ids := make([]string, len(k.comps))
	for i, c := range k.comps {
		ids[i] = IntLit(c.ID)
	}
	if len(ids) == 0 {
		ids = []string{"0"}
	}
	lw := agg(AggSumIf, "w", lo)
	sql := "SELECT gk AS group_key, toInt64(pc) AS competitor_id, " + agg(AggCountIf, cmp) + " AS products_compared, " +
		pct(lo) + " AS Lower, " + pct(si) + " AS Similar, " + pct(hi) + " AS Higher, " +
		"if(" + lw + " = 0, NULL, " + agg(AggSumIf, "w * pd", lo) + " / " + lw + ") AS Lower_avg, " +
		"if(" + den + " = 0, NULL, " + agg(AggSumIf, "w * (1 + pd / 100)", cmp) + " * 100 / " + den + ") AS price_index " +
		"FROM " + src + " ARRAY JOIN comp_ids AS pc, " + dName + " AS pd, c_seen AS pt WHERE pc IN (" + strings.Join(ids, ", ") + ")"
	if keys != nil {
		sql += " AND gk IN " + b.bindSet(keys)
	}
	return sql + " GROUP BY group_key, competitor_id", nil
}

// CompileGroupCompetitors compiles the @c keys of the given group rows of the
// condition's current level (see competitorPairs); MergeCompetitorPairs puts them on the rows.
func CompileGroupCompetitors(a Account, c Condition, keys []string) (Plan, error) {
	k, err := newCompiler(a, c)
	if err != nil {
		return Plan{}, err
	}
	if len(k.levels) <= len(k.c.GroupIDs) {
		return Plan{}, bad("group", "the condition is not at a group level")
	}
	if keys == nil {
		keys = []string{}
	}
	// With visible columns, only the competitors whose @c group keys are shown.
	if len(k.c.VisibleColumns) > 0 {
		var shown []Competitor
		for _, comp := range k.comps {
			for _, v := range k.c.VisibleColumns {
				if strings.HasSuffix(v, "@"+IntLit(comp.ID)) {
					shown = append(shown, comp)
					break
				}
			}
		}
		k.comps = shown
		if len(shown) == 0 {
			return Plan{Shape: ShapePerCompetitor}, nil
		}
	}
	return k.competitorPairs(k.levels[len(k.c.GroupIDs)], keys)
}

// MergeCompetitorPairs sets the @c keys of group rows (keyed by the group field)
// from the rows of a CompileGroupCompetitors plan; competitors without pairs in a
// group get NULL metrics and 0 products compared.
func MergeCompetitorPairs(p Plan, groupField string, rows []map[string]any, pairs []map[string]any) {
	by := map[string]map[string]any{}
	for _, r := range rows {
		key, _ := r[groupField].(string)
		by[key] = r
		for _, c := range p.Competitors {
			for _, id := range perCompetitorMetricIDs {
				v := any(nil)
				if id == "products_compared" {
					v = uint64(0)
				}
				if _, ok := r[id+"@"+IntLit(c.ID)]; !ok {
					r[id+"@"+IntLit(c.ID)] = v
				}
			}
		}
	}
	for _, pr := range pairs {
		key, _ := pr["group_key"].(string)
		r := by[key]
		if r == nil {
			continue
		}
		cid, _ := pr["competitor_id"].(int64)
		for _, id := range perCompetitorMetricIDs {
			r[id+"@"+IntLit(cid)] = pr[id]
		}
	}
}

// groupOrder: sorts on the group column or on group metrics (at most two, checked
// earlier); sorts on product columns do not apply to group rows and are dropped, as
// ag-grid does; the group key is the unique tie-breaker.
func (k *compiler) groupOrder(b *builder, level GroupLevel, metrics []groupMetric) (string, error) {
	var parts []string
	for i, s := range k.c.Sort {
		dir := s.Sort.sql()
		if l, ok := levelOf(s.ColID); ok && l == level || strings.HasPrefix(s.ColID, "ag-Grid-AutoColumn") {
			parts = append(parts, "group_key "+dir)
			continue
		}
		found := false
		for _, m := range metrics {
			if m.ID == s.ColID {
				parts = append(parts, b.ident(m.ID)+" "+dir+" NULLS LAST")
				found = true
				break
			}
		}
		if found {
			continue
		}
		if _, ok := k.cat.get(s.ColID); ok {
			continue
		}
		if _, ok := levelOf(s.ColID); ok {
			continue
		}
		return "", bad(fmt.Sprintf("sort[%d].colId", i), "%q is not a column of this report", clip(s.ColID))
	}
	parts = append(parts, "group_key ASC")
	return strings.Join(parts, ", "), nil
}

// CompileGraph compiles graph mode: Lower / Similar / Higher of the chosen group
// rows of the condition's current level (all groups of the level when none is chosen).
func CompileGraph(a Account, c Condition, groups []string) (Plan, error) {
	if len(groups) > MaxSetValues {
		return Plan{}, bad("groupsArray", "has %d groups; at most %d are allowed", len(groups), MaxSetValues)
	}
	k, err := newCompiler(a, c)
	if err != nil {
		return Plan{}, err
	}
	if len(k.levels) <= len(k.c.GroupIDs) {
		return Plan{}, bad("group", "Select rows in group mode")
	}
	k.c.StartRow, k.c.Limit = 0, MaxLimit
	return k.groups(false, groups)
}

// competitorMetricColumns are the columns of the competitiveness metrics snapshot.
func competitorMetricColumns() []Column {
	return []Column{
		{ID: "competitor", Header: "Competitor", Kind: KindText, Format: "text", Default: true},
		{ID: "products_compared", Header: "Products compared", Kind: KindNumber, Format: "number", Default: true},
		{ID: "Lower", Header: "Lower", Kind: KindNumber, Format: "percent", Default: true},
		{ID: "Similar", Header: "Similar price", Kind: KindNumber, Format: "percent", Default: true},
		{ID: "Higher", Header: "Higher", Kind: KindNumber, Format: "percent", Default: true},
		{ID: "Lower_avg", Header: "Lower avg %", Kind: KindNumber, Format: "percent", Default: true},
		{ID: "price_index", Header: "Price index", Kind: KindNumber, Format: "number", Default: true},
	}
}

// perCompetitor compiles the competitiveness metrics snapshot: the per-competitor
// aggregates over all filtered products, one row per selected competitor.
func (k *compiler) perCompetitor() (Plan, error) {
	p, err := k.competitorPairs("", nil)
	p.StartRow, p.Limit = k.c.StartRow, k.c.Limit
	return p, err
}

// PerCompetitorRows turns the rows of a ShapePerCompetitor plan into a row per
// selected competitor (competitors without comparable pairs get NULL metrics).
func PerCompetitorRows(p Plan, pairs []map[string]any) []map[string]any {
	by := map[int64]map[string]any{}
	for _, r := range pairs {
		id, _ := r["competitor_id"].(int64)
		by[id] = r
	}
	rows := make([]map[string]any, 0, len(p.Competitors))
	for _, c := range p.Competitors {
		row := map[string]any{"id": c.ID, "competitor": c.Name, "products_compared": uint64(0)}
		if r := by[c.ID]; r != nil {
			for _, id := range perCompetitorMetricIDs {
				row[id] = r[id]
			}
		} else {
			for _, id := range perCompetitorMetricIDs[1:] {
				row[id] = nil
			}
		}
		rows = append(rows, row)
	}
	return rows
}

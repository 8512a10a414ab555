package engine

import "strings"

// Selection is a grid selection sent with a condition (DESIGN §5): with All, every
// row the condition matches minus Toggled; otherwise only the Toggled ids. The
// zero value (nothing chosen) means every row.
type Selection struct {
	All     bool
	Toggled []string
}

// CompileExport compiles every product row of a condition for a CSV export: the
// same columns, filters, search, group path and sort as CompileRows, narrowed to
// the selection, without paging (the warehouse streams the result); and the count
// of those rows, for the export's progress. Group rows and the competitiveness
// snapshot are not exported yet: they are refused with a message that says what
// to do.
func CompileExport(a Account, c Condition, sel Selection) (rows, count Plan, err error) {
	if len(sel.Toggled) > MaxSelected {
		return rows, count, bad("toggledNodes", "has %d ids; at most %d are allowed", len(sel.Toggled), MaxSelected)
	}
	c.StartRow, c.Limit = 0, 0
	k, err := newCompiler(a, c)
	if err != nil {
		return rows, count, err
	}
	if k.rep.Kind == ReportCompetitivenessSnapshot || len(k.levels) > len(k.c.GroupIDs) {
		return rows, count, bad("condition", "Only product rows can be exported for now: switch to table mode or open a group")
	}
	cols, err := k.tableColumns()
	if err != nil {
		return rows, count, err
	}
	order, err := k.orderBy()
	if err != nil {
		return rows, count, err
	}
	b := &builder{}
	selCols, names, x := k.rowSelect(b, cols)
	w, err := k.exportWhere(b, sel)
	if err != nil {
		return rows, count, err
	}
	st, err := b.statement("SELECT " + strings.Join(selCols, ", ") + " FROM " + b.snapshotTable(k.a) +
		" WHERE " + w + " ORDER BY " + order)
	if err != nil {
		return rows, count, err
	}
	rows = Plan{Statement: st, Shape: ShapeRows, Columns: names, Competitors: k.comps, Report: k.rep, expand: x}
	cb := &builder{}
	if w, err = k.exportWhere(cb, sel); err != nil {
		return rows, count, err
	}
	cst, err := cb.statement("SELECT count() FROM " + cb.snapshotTable(k.a) + " WHERE " + w)
	return rows, Plan{Statement: cst, Shape: ShapeCount, Report: k.rep}, err
}

// exportWhere is the rows' predicate: the condition's (tenancy included), its
// group path, and the selection.
func (k *compiler) exportWhere(b *builder, sel Selection) (string, error) {
	w, err := k.where(b)
	if err != nil {
		return "", err
	}
	if pp := k.pathPredicates(b); len(pp) > 0 {
		w += " AND " + strings.Join(pp, " AND ")
	}
	switch {
	case sel.All && len(sel.Toggled) > 0:
		w += " AND " + ColProductID + " NOT IN " + b.bindSet(sel.Toggled)
	case !sel.All && len(sel.Toggled) > 0:
		w += " AND " + ColProductID + " IN " + b.bindSet(sel.Toggled)
	}
	return w, nil
}

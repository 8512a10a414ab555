// Package report is the report service: the one API every reader of a report
// uses, whether a grid handler, an export job, a drop, a scheduled report, an
// alert, the insights or the pricer's result grids. It resolves the account's
// catalog (competitors, custom fields, labels and settings from PostgreSQL,
// cached briefly), compiles with the engine, runs on the warehouse and shapes
// the rows, labels and per-competitor cells (docs/api-contract.md#the-grid-contract).
// It knows nothing of HTTP: api/grid decodes requests, calls it and renders, and
// maps its Error to a status; the jobs and drops call it directly.
package report

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/engine"
	"pricelens/store"
	"pricelens/store/authz"
	"pricelens/warehouse"
)

// Service runs grid conditions for accounts.
type Service struct {
	W   *warehouse.Warehouse
	DB  *pgxpool.Pool
	Now func() time.Time
	// Load replaces the PostgreSQL read of an account's catalog when set (the
	// benchmark on a bare ClickHouse data set).
	Load func(ctx context.Context, accountID int64) (engine.Account, error)
	// orders keeps the order and counts of conditions while the snapshot stays the
	// same (ordercache.go); nil: none.
	orders *orderCache
	// deepFrom is the first row from which a block the order cache does not answer
	// is found in steps (deepRows, engine/deep.go; 0: never): nearer the top the
	// sort keeps few rows and one query costs less than four.
	deepFrom int
}

// NewService returns a service on the two databases.
func NewService(w *warehouse.Warehouse, db *pgxpool.Pool) *Service {
	return &Service{W: w, DB: db, Now: time.Now, orders: newOrderCache(4_000_000, time.Minute), deepFrom: 10_000}
}

// Account loads the compiler's view of the caller's account: its catalog
// (competitors, custom fields, labels and settings, store.Catalog, cached briefly
// and forgotten on every change made through the store). The user's category
// access comes from the principal, never from the cache.
func (s *Service) Account(ctx context.Context, p authz.Principal) (engine.Account, error) {
	return s.account(ctx, p, true)
}

// AccountPlain is Account without the snapshot's slots and totals, for plans
// that never read them (the trends).
func (s *Service) AccountPlain(ctx context.Context, p authz.Principal) (engine.Account, error) {
	return s.account(ctx, p, false)
}

// AccountFor is Account for compiling cond, with the snapshot's facts only when
// the plan needs them (engine.Condition.NeedsSnapshotMeta).
func (s *Service) AccountFor(ctx context.Context, p authz.Principal, cond engine.Condition, count bool) (engine.Account, error) {
	return s.account(ctx, p, cond.NeedsSnapshotMeta(count))
}

// account is Account; withMeta false leaves Slots and Totals nil and saves their
// read for conditions that do not need them (engine.Condition.NeedsSnapshotMeta).
func (s *Service) account(ctx context.Context, p authz.Principal, withMeta bool) (engine.Account, error) {
	var a engine.Account
	if s.Load != nil {
		var err error
		if a, err = s.Load(ctx, p.AccountID); err != nil {
			return a, err
		}
	} else {
		c, err := store.New(s.DB).Catalog(ctx, p.AccountID)
		if err != nil {
			return a, err
		}
		a = c.Engine()
	}
	now := s.Now()
	a.Categories = append([]string(nil), p.Categories...)
	a.Now = now
	a.Cluster = s.W.Cluster != ""
	// The slots and totals change with every rebuild: read them with every request
	// that needs them (one small read, a few ms), never from the cache. Whether the
	// snapshot has a delta every read must know (engine/snapshot.go).
	// The version of what reports read comes with them, for the order cache's keys.
	if !withMeta {
		var err error
		a.SnapshotDelta, a.ReportVersion, err = s.W.SnapshotState(ctx, a.AccountID)
		return a, err
	}
	slots, totals, delta, version, err := s.W.SnapshotMetaVersion(ctx, a.AccountID)
	if err != nil {
		return a, err
	}
	a.Slots, a.Totals, a.SnapshotDelta, a.ReportVersion = slots, totals, delta, version
	return a, nil
}

// Block is one answer of getConditionsData.
type Block struct {
	// Rows are product rows or group rows, keyed by column id (docs/api-contract.md#the-grid-contract, its
	// product-row and group-row keys; per-competitor keys end in @competitor id).
	Rows []map[string]any `json:"rows" openapi:"always"`
	// LastRow is the total at this group level when the block reaches the end,
	// else -1.
	LastRow int `json:"lastRow" openapi:"always"`
}

// Rows runs one block of a condition. A block after the first of table rows is
// a slice of the condition's order, and a group block is itself, kept in the
// order cache.
func (s *Service) Rows(ctx context.Context, a engine.Account, c engine.Condition) (Block, error) {
	if c.StartRow > 0 && s.orders != nil {
		if blk, ok, err := s.cachedRows(ctx, a, c); ok || err != nil {
			return blk, err
		}
	}
	if s.deepFrom > 0 && c.StartRow >= s.deepFrom {
		if blk, ok, err := s.deepRows(ctx, a, c); ok || err != nil {
			return blk, err
		}
	}
	plan, err := engine.CompileRows(a, c)
	if err != nil {
		return Block{}, err
	}
	if plan.Shape == engine.ShapeGroups && s.orders != nil && keepableGroups(a, c, plan) {
		key, err := s.cacheKey(ctx, a, "groups", plan.Statement)
		if err != nil {
			return Block{}, err
		}
		return cached(ctx, s.orders, key, func(b Block) int { return len(b.Rows) }, func(ctx context.Context) (Block, error) {
			return s.block(ctx, a, c, plan)
		})
	}
	return s.block(ctx, a, c, plan)
}

// keepableGroups reports a group block that may be kept: both of its queries,
// the groups and their per-competitor pairs (compiled here without keys), are
// engine.Keepable.
func keepableGroups(a engine.Account, c engine.Condition, plan engine.Plan) bool {
	pairs, err := engine.CompileGroupCompetitors(a, c, nil)
	return err == nil && engine.Keepable(a, plan.Statement) && engine.Keepable(a, pairs.Statement)
}

// block runs a compiled block.
func (s *Service) block(ctx context.Context, a engine.Account, c engine.Condition, plan engine.Plan) (Block, error) {
	res, err := s.W.Query(ctx, plan.Statement)
	if err != nil {
		return Block{}, err
	}
	rows := res.Maps()
	switch plan.Shape {
	case engine.ShapePerCompetitor:
		return perCompetitorBlock(plan, rows, c.Sort), nil
	case engine.ShapeGroups:
		return s.groupBlock(ctx, a, c, plan, rows)
	case engine.ShapeRows:
		return s.productRows(ctx, a, plan, rows)
	}
	keep, last := plan.LastRow(len(rows))
	return Block{Rows: rows[:keep], LastRow: last}, nil
}

// groupBlock shapes a block of groups: each row's key under the group's field and
// as its id, and the per-competitor pairs of the block's groups.
func (s *Service) groupBlock(ctx context.Context, a engine.Account, c engine.Condition, plan engine.Plan, rows []map[string]any) (Block, error) {
	keep, last := plan.LastRow(len(rows))
	rows = rows[:keep]
	keys := make([]string, len(rows))
	for i, r := range rows {
		keys[i], _ = r["group_key"].(string)
		r[plan.GroupField] = r["group_key"]
		r["id"] = r["group_key"]
		delete(r, "group_key")
	}
	if len(rows) > 0 && len(plan.Competitors) > 0 {
		pp, err := engine.CompileGroupCompetitors(a, c, keys)
		if err != nil {
			return Block{}, err
		}
		if pp.SQL != "" {
			res, err := s.W.Query(ctx, pp.Statement)
			if err != nil {
				return Block{}, err
			}
			engine.MergeCompetitorPairs(pp, plan.GroupField, rows, res.Maps())
		}
	}
	return Block{Rows: rows, LastRow: last}, nil
}

// productRows shapes a block of table rows: the per-competitor keys, labels and
// the currency symbol.
func (s *Service) productRows(ctx context.Context, a engine.Account, plan engine.Plan, rows []map[string]any) (Block, error) {
	for _, r := range rows {
		plan.Expand(r)
	}
	if err := s.FillLabels(ctx, a, rows); err != nil {
		return Block{}, err
	}
	for _, r := range rows {
		r["currency_symbol"] = a.Settings.CurrencySymbol
	}
	keep, last := plan.LastRow(len(rows))
	return Block{Rows: rows[:keep], LastRow: last}, nil
}

// cachedRows answers a block of table rows from the condition's order (the order
// cache): ok is false for a condition that has none (group mode) or whose order
// is not computed yet.
func (s *Service) cachedRows(ctx context.Context, a engine.Account, c engine.Condition) (Block, bool, error) {
	st, ok, err := engine.CompileOrder(a, c)
	if err != nil || !ok || !engine.Keepable(a, st) {
		return Block{}, false, nil // the block's own compile says what is wrong
	}
	key, err := s.cacheKey(ctx, a, "order", st)
	if err != nil {
		return Block{}, true, err
	}
	ids, ok := ready(s.orders, key, func(ids []string) int { return len(ids) }, func(ctx context.Context) ([]string, error) {
		return s.W.Strings(ctx, st)
	})
	if !ok {
		return Block{}, false, nil
	}
	from, to := min(c.StartRow, len(ids)), min(c.StartRow+c.Limit+1, len(ids))
	plan, err := engine.CompileRowsOf(a, c, ids[from:to])
	if err != nil {
		return Block{}, true, err
	}
	res, err := s.W.Query(ctx, plan.Statement)
	if err != nil {
		return Block{}, true, err
	}
	blk, err := s.productRows(ctx, a, plan, res.Maps())
	return blk, true, err
}

// deepRows answers a deep block sorted on one number in steps that sort nothing
// big (engine/deep.go): the rows with a number as key, the block's first and last
// keys, the rows before the first, the block among the rows between them. ok is
// false when the steps do not apply or the block reaches the NULL or NaN keys
// (sorted last): the caller then runs the one-query plan.
func (s *Service) deepRows(ctx context.Context, a engine.Account, c engine.Condition) (Block, bool, error) {
	st, ok, err := engine.CompileDeepCount(a, c)
	if !ok || err != nil {
		return Block{}, false, nil // the block's own compile says what is wrong
	}
	n, err := s.W.Count(ctx, st)
	if err != nil {
		return Block{}, true, err
	}
	if uint64(c.StartRow+c.Limit) >= n {
		return Block{}, false, nil
	}
	if st, err = engine.CompileDeepKeys(a, c, n); err != nil {
		return Block{}, true, err
	}
	res, err := s.W.Query(ctx, st)
	if err != nil {
		return Block{}, true, err
	}
	var keys []float64
	if len(res.Rows) == 1 {
		keys, _ = res.Rows[0][0].([]float64)
	}
	if len(keys) != 2 {
		return Block{}, false, nil // the snapshot changed between the steps
	}
	if st, err = engine.CompileDeepBefore(a, c, keys[0]); err != nil {
		return Block{}, true, err
	}
	before, err := s.W.Count(ctx, st)
	if err != nil {
		return Block{}, true, err
	}
	if before > uint64(c.StartRow) {
		return Block{}, false, nil // the snapshot changed between the steps
	}
	plan, err := engine.CompileDeepRows(a, c, keys[0], keys[1], int(before))
	if err != nil {
		return Block{}, true, err
	}
	blk, err := s.block(ctx, a, c, plan)
	if err == nil && len(blk.Rows) != c.Limit {
		return Block{}, false, nil // the snapshot changed between the steps
	}
	return blk, true, err
}

// cacheKey is the order cache's key of st for account a at the version of what
// its reports read: the one read with a's snapshot facts, else read now.
func (s *Service) cacheKey(ctx context.Context, a engine.Account, kind string, st engine.Statement) (string, error) {
	v := a.ReportVersion
	if v == 0 {
		var err error
		if v, err = s.W.ReportVersion(ctx, a.AccountID); err != nil {
			return "", err
		}
	}
	return cacheKey(kind, fmt.Sprintf("%d/%d", a.AccountID, v), st), nil
}

// SearchResult is the search box's answer: the first 30 matching products (id,
// name, brand, manufacturer number and the keys every product row carries) and
// how many match in all.
type SearchResult struct {
	Rows  []map[string]any `json:"rows" openapi:"always"`
	Count uint64           `json:"count" openapi:"always"`
}

// Search runs the search box: the first 30 products of the report matching the
// text (id, name, brand, manufacturer number) and how many match in all. The
// condition scopes it to the report's filters; its paging and group path do not
// apply.
func (s *Service) Search(ctx context.Context, a engine.Account, search string, c engine.Condition) (SearchResult, error) {
	c.Search, c.StartRow, c.Limit = search, 0, 30
	c.Group, c.GroupIDs = nil, nil
	c.VisibleColumns = []string{"id", "name", "canonical_mfgr_display", "mfgr_prod_id"}
	blk, err := s.Rows(ctx, a, c)
	if err != nil {
		return SearchResult{}, err
	}
	n, err := s.Count(ctx, a, c)
	return SearchResult{Rows: blk.Rows, Count: n}, err
}

// Count runs getCountOfRow, kept in the order cache while the snapshot stays the
// same.
func (s *Service) Count(ctx context.Context, a engine.Account, c engine.Condition) (uint64, error) {
	plan, err := engine.CompileCount(a, c)
	if err != nil {
		return 0, err
	}
	if s.orders == nil || !engine.Keepable(a, plan.Statement) {
		return s.W.Count(ctx, plan.Statement)
	}
	key, err := s.cacheKey(ctx, a, "count", plan.Statement)
	if err != nil {
		return 0, err
	}
	return cached(ctx, s.orders, key, func(uint64) int { return 1 }, func(ctx context.Context) (uint64, error) {
		return s.W.Count(ctx, plan.Statement)
	})
}

// Graph runs graph mode over the chosen groups.
func (s *Service) Graph(ctx context.Context, a engine.Account, c engine.Condition, groups []string) ([]map[string]any, error) {
	plan, err := engine.CompileGraph(a, c, groups)
	if err != nil {
		return nil, err
	}
	res, err := s.W.Query(ctx, plan.Statement)
	if err != nil {
		return nil, err
	}
	out := make([]map[string]any, 0, len(res.Rows))
	for _, r := range res.Maps() {
		out = append(out, map[string]any{plan.GroupField: r["group_key"], "id": r["group_key"],
			"Lower": r["Lower"], "Similar": r["Similar"], "Higher": r["Higher"], "products": r["products"]})
	}
	return out, nil
}

// FillLabels adds labels (comma list of label ids) and labelsNames to product rows,
// reading the current assignments of the page's products.
func (s *Service) FillLabels(ctx context.Context, a engine.Account, rows []map[string]any) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]any, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r["id"])
		r["labels"], r["labelsNames"] = "", ""
	}
	if len(a.Labels) == 0 {
		return nil
	}
	res, err := s.W.Query(ctx, warehouse.SQL(`SELECT product_id, arraySort(groupArray(label_id)) FROM (
		SELECT product_id, label_id, argMax(assigned, version) AS assigned_now FROM product_labels
		WHERE account_id = ? AND product_id IN ? GROUP BY product_id, label_id) WHERE assigned_now = 1 GROUP BY product_id`,
		a.AccountID, clickhouse.GroupSet{Value: ids}))
	if err != nil {
		return err
	}
	names := map[uint64]string{}
	for _, l := range a.Labels {
		names[l.ID] = l.Name
	}
	byID := map[string][]uint64{}
	for _, r := range res.Rows {
		byID[r[0].(string)] = r[1].([]uint64)
	}
	for _, r := range rows {
		var idl, nl []string
		for _, lid := range byID[r["id"].(string)] {
			if n, ok := names[lid]; ok {
				idl = append(idl, fmt.Sprint(lid))
				nl = append(nl, n)
			}
		}
		r["labels"], r["labelsNames"] = strings.Join(idl, ","), strings.Join(nl, ",")
	}
	return nil
}

// ResolveSelection returns the product ids a grid selection means: with selectAll,
// every product matching the condition (filters, search, report type, group path)
// minus the toggled ids; otherwise the toggled ids that exist in the account and
// that the user may see. Used by the labels feature (insertProductLabels).
func ResolveSelection(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, p authz.Principal,
	condition json.RawMessage, selectAll bool, toggled []string) ([]string, error) {
	s := NewService(w, db)
	a, err := s.Account(ctx, p)
	if err != nil {
		return nil, err
	}
	var c engine.Condition
	if len(strings.TrimSpace(string(condition))) > 0 && strings.TrimSpace(string(condition)) != "null" {
		if c, err = engine.ParseCondition(condition); err != nil {
			return nil, err
		}
	}
	return s.Selection(ctx, a, c, selectAll, toggled)
}

// Selection resolves a selection for an account (see ResolveSelection).
func (s *Service) Selection(ctx context.Context, a engine.Account, c engine.Condition, selectAll bool, toggled []string) ([]string, error) {
	plan, err := engine.CompileSelection(a, c, selectAll, toggled)
	if err != nil {
		return nil, err
	}
	return s.W.Strings(ctx, plan.Statement)
}

// Product returns one product's full row, or a 404.
func (s *Service) Product(ctx context.Context, a engine.Account, id string) (map[string]any, error) {
	plan, err := engine.CompileProduct(a, id, nil)
	if err != nil {
		return nil, err
	}
	row, err := s.productRow(ctx, plan)
	if err != nil {
		return nil, err
	}
	if err := s.FillLabels(ctx, a, []map[string]any{row}); err != nil {
		return nil, err
	}
	row["currency_symbol"] = a.Settings.CurrencySymbol
	return row, nil
}

// CompetitorOffers is one product's row with only its competitor offers (the
// per-competitor keys of every competitor of the account).
func (s *Service) CompetitorOffers(ctx context.Context, a engine.Account, id string) (map[string]any, error) {
	plan, err := engine.CompileCompetitorOffers(a, id)
	if err != nil {
		return nil, err
	}
	return s.productRow(ctx, plan)
}

// productRow runs a one-product plan; a product the account does not have is a 404.
func (s *Service) productRow(ctx context.Context, plan engine.Plan) (map[string]any, error) {
	res, err := s.W.Query(ctx, plan.Statement)
	if err != nil {
		return nil, err
	}
	rows := res.Maps()
	if len(rows) == 0 {
		return nil, notFound("This product does not exist in this account.")
	}
	plan.Expand(rows[0])
	return rows[0], nil
}

// Brands returns a page of brands and whether more follow.
func (s *Service) Brands(ctx context.Context, a engine.Account, search string, offset int) ([]string, bool, error) {
	plan, err := engine.CompileBrands(a, search, offset)
	if err != nil {
		return nil, false, err
	}
	out, err := s.W.Strings(ctx, plan.Statement)
	if err != nil {
		return nil, false, err
	}
	if out == nil {
		out = []string{}
	}
	if len(out) > plan.Limit {
		return out[:plan.Limit], true, nil
	}
	return out, false, nil
}

// CategoryNode is one level of the category tree.
type CategoryNode struct {
	// ID is a super category's id (top level only): the users grid and
	// addInternalUser name super categories by it.
	ID       int64           `json:"id,omitempty"`
	Name     string          `json:"name" openapi:"always"`
	Products uint64          `json:"products" openapi:"always"`
	Children []*CategoryNode `json:"children,omitempty"`
}

// CategoryTree returns super category > category > vertical with product counts.
func (s *Service) CategoryTree(ctx context.Context, a engine.Account) ([]*CategoryNode, error) {
	plan, err := engine.CompileCategoryTree(a)
	if err != nil {
		return nil, err
	}
	res, err := s.W.Query(ctx, plan.Statement)
	if err != nil {
		return nil, err
	}
	var roots []*CategoryNode
	child := func(list *[]*CategoryNode, name string) *CategoryNode {
		if n := len(*list); n > 0 && (*list)[n-1].Name == name {
			return (*list)[n-1]
		}
		node := &CategoryNode{Name: name}
		*list = append(*list, node)
		return node
	}
	for _, r := range res.Rows {
		n := r[3].(uint64)
		sup := child(&roots, r[0].(string))
		sup.Products += n
		cat := child(&sup.Children, r[1].(string))
		cat.Products += n
		v := child(&cat.Children, r[2].(string))
		v.Products += n
	}
	if roots == nil {
		roots = []*CategoryNode{}
	}
	if s.DB != nil && len(roots) > 0 {
		names := make([]string, len(roots))
		for i, r := range roots {
			names[i] = r.Name
		}
		ids, err := store.New(s.DB).SuperCategoryIDs(ctx, int64(a.AccountID), names)
		if err != nil {
			return nil, err
		}
		for _, r := range roots {
			r.ID = ids[r.Name]
		}
	}
	return roots, nil
}

// ReportColumns is the catalog of a report (getColumnsDef). ref is a predefined
// report href, a saved report id of the account (its report type), or with share a
// share-link id of the account (its condition's report type); "" is the
// all-products report.
func (s *Service) ReportColumns(ctx context.Context, a engine.Account, ref string, share bool) ([]engine.Column, error) {
	rt, err := s.reportType(ctx, a, ref, share)
	if err != nil {
		return nil, err
	}
	return engine.Columns(a, rt)
}

// ReportType is the report type a getColumnsDef reportId names: a predefined
// report href, a saved report's type, or with share a share link's (404 when the
// account has no such report or link).
func (s *Service) ReportType(ctx context.Context, a engine.Account, ref string, share bool) (string, error) {
	return s.reportType(ctx, a, ref, share)
}

func (s *Service) reportType(ctx context.Context, a engine.Account, ref string, share bool) (string, error) {
	if ref == "" {
		return "", nil
	}
	if !share {
		if _, err := engine.ParseReport(ref); err == nil {
			return ref, nil
		}
	}
	if s.DB == nil {
		return "", notFound("This report does not exist.")
	}
	st := store.New(s.DB)
	var rt string
	var found bool
	var err error
	if share {
		rt, found, err = st.ShareReportType(ctx, int64(a.AccountID), ref)
	} else {
		id, perr := strconv.ParseInt(ref, 10, 64)
		if perr != nil {
			return "", invalid("reportId", "%q is neither a predefined report nor a saved report id", strings.TrimSpace(ref))
		}
		rt, found, err = st.SavedReportType(ctx, int64(a.AccountID), id)
	}
	if err == nil && !found {
		if share {
			return "", notFound("This share report is no longer available")
		}
		return "", notFound("This report does not exist.")
	}
	return rt, err
}

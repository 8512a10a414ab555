package engine

import "strings"

// BrandPageSize is the specification's brand list page size.
const BrandPageSize = 30

// factTenancy is tenancy for the tables that are not the snapshot (the trend
// rollup, the pricer's results and approvals): the account and category access
// without the snapshot's delta predicate, whose _table column only the merge()
// of base and delta has.
func factTenancy(a Account, b *builder) string {
	a.SnapshotDelta = 0
	return tenancy(a, b)
}

// tenancy is the account and category-access predicate every query of the
// snapshot starts with (with the account's delta, the rows it keeps).
func tenancy(a Account, b *builder) string {
	w := ColAccountID + " = " + b.bind(a.AccountID) + b.snapshotVisible(a)
	if len(a.Categories) > 0 {
		w += " AND " + ColSuperCategory + " IN " + b.bindSet(a.Categories)
	}
	return w
}

// wholeAccount is tenancy over every product of the account, whatever the user's
// category access: a pricer run, and its preview, price the whole account. It
// keeps the rest of the account (the snapshot delta, and on a cluster the GLOBAL
// reads of it: a shard would look for the delta in its default database).
func wholeAccount(a Account, b *builder) string {
	a.Categories = nil
	return tenancy(a, b)
}

// CompileBrands lists one page of the account's brands (filters/getBrandsList),
// case-insensitive substring search, one extra row to tell whether more follow.
func CompileBrands(a Account, search string, offset int) (Plan, error) {
	a = a.normalize()
	if a.AccountID == 0 {
		return Plan{}, bad("account", "no account is selected")
	}
	if offset < 0 || offset > 10_000_000 {
		return Plan{}, bad("offset", "must be 0 or more")
	}
	if err := CheckSearch(search); err != nil {
		return Plan{}, err
	}
	b := &builder{}
	w := tenancy(a, b) + " AND brand != ''"
	if search != "" {
		w += " AND positionCaseInsensitiveUTF8(brand, " + b.bind(search) + ") > 0"
	}
	sql := "SELECT brand FROM " + b.snapshotTable(a) + " WHERE " + w + " GROUP BY brand ORDER BY brand" + limitOffset(BrandPageSize+1, offset)
	st, err := b.statement(sql)
	return Plan{Statement: st, Shape: ShapeIDs, StartRow: offset, Limit: BrandPageSize}, err
}

// CompileCategoryTree lists the account's (super category, category, vertical)
// paths with product counts, for the multi-level category filter.
func CompileCategoryTree(a Account) (Plan, error) {
	a = a.normalize()
	if a.AccountID == 0 {
		return Plan{}, bad("account", "no account is selected")
	}
	b := &builder{}
	path := strings.Join(categoryLevels, ", ")
	sql := "SELECT " + path + ", count() AS products FROM " + b.snapshotTable(a) + " WHERE " + tenancy(a, b) +
		" GROUP BY " + path + " ORDER BY " + path
	st, err := b.statement(sql)
	return Plan{Statement: st, Shape: ShapeRows}, err
}

// CompileProduct compiles one product's full row (tooltips, product details), by
// id, inside the account and the user's categories.
func CompileProduct(a Account, productID string, competitorIDs []int64) (Plan, error) {
	return compileProduct(a, productID, Condition{CompetitorIDs: competitorIDs})
}

// offerKinds are the per-competitor keys of a competitor offer (the product page's
// competitors table and the competitor-versus-my-price tooltip).
var offerKinds = []string{"Name", "Price", "price_delta", "bucket", "URL", "img_URL", "prod_id", "canonical_mfgr_display", "mfgr_prod_id", "in_stock", "on_sale", "seen_at"}

// CompileCompetitorOffers compiles one product's competitor offers: the product's
// id, name, image, brand and my price, and the per-competitor keys of every
// competitor of the account (only the snapshot arrays those keys need are read).
func CompileCompetitorOffers(a Account, productID string) (Plan, error) {
	var keys []string
	for _, c := range a.Competitors {
		for _, kind := range offerKinds {
			keys = append(keys, kind+"@"+IntLit(c.ID))
		}
	}
	return compileProduct(a, productID, Condition{VisibleColumns: keys})
}

// compileProduct compiles the row of one product for c's columns (all of them when
// c names none). The snapshot has one visible row per product, and the SQL has no
// LIMIT 1: on a cluster, the node running the query cancels the other shard's part
// as soon as its own shard gives the row, and 18.16 can receive that cancel between
// the query and its closing (external) data block, which it then takes for a stray
// packet on the pooled connection between the nodes: a later, unrelated query on it
// failed with "Unexpected packet Data received from client" (code 101).
func compileProduct(a Account, productID string, c Condition) (Plan, error) {
	if productID == "" || len(productID) > MaxTextLen {
		return Plan{}, bad("productId", "needs a product id")
	}
	k, err := newCompiler(a, c)
	if err != nil {
		return Plan{}, err
	}
	cols, err := k.tableColumns()
	if err != nil {
		return Plan{}, err
	}
	b := k.builder() // the row's deltas hide flagged pairs: their sets go with it
	sel, names, x := k.rowSelect(b, cols)
	sql := "SELECT " + strings.Join(sel, ", ") + " FROM " + b.snapshotTable(k.a) + " WHERE " + tenancy(k.a, b) +
		" AND " + ColProductID + " = " + b.bind(productID)
	st, err := b.statement(sql)
	return Plan{Statement: st, Shape: ShapeRows, Limit: 1, Columns: names, Competitors: k.a.Competitors, expand: x}, err
}

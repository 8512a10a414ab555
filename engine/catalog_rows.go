package engine

import "strings"

// CatalogColumns are the catalogue's columns a products load takes (ingest's
// products contract without account_id and updated_at), in the order of the
// contract: what a load needs to write a product again with one value changed.
var CatalogColumns = []string{ColProductID, ColName, ColBrand, ColMfgrProdID, ColSuperCategory, ColCategory, ColVertical, ColMyPrice,
	ColCost, "currency", "url", "img_url", "in_stock", "revenue_30d", "units_30d", "page_views_30d", ColMRP}

// CompileCatalogRows reads the latest version of the account's products ids, each
// column as text (CatalogColumns' order): the price feed rewrites them with an
// approved my_price through the products load.
func CompileCatalogRows(accountID uint32, ids []string) (Statement, error) {
	if accountID == 0 {
		return Statement{}, bad("account", "no account is selected")
	}
	b := newBuilder(Account{})
	cols := make([]string, len(CatalogColumns))
	for i, c := range CatalogColumns {
		cols[i] = "toString(" + b.ident(c) + ")"
	}
	sql := "SELECT " + strings.Join(cols, ", ") + " FROM " + b.table(TableProducts) + " FINAL WHERE " + ColAccountID + " = " + b.bind(accountID) +
		" AND " + ColProductID + " IN " + b.bindSet(ids)
	return b.statement(sql)
}

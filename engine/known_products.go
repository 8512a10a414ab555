package engine

// CompileKnownProducts lists which of ids are products of the account's catalogue
// (the products table, every version): what an uploaded file's FSNs are checked
// against. A large list goes as external data (Set), never as query text.
func CompileKnownProducts(accountID uint32, ids []string) (Statement, error) {
	if accountID == 0 {
		return Statement{}, bad("account", "no account is selected")
	}
	b := &builder{}
	sql := "SELECT DISTINCT " + ColProductID + " FROM " + b.table(TableProducts) + " WHERE " + ColAccountID + " = " + b.bind(accountID) +
		" AND " + ColProductID + " IN " + b.bindSet(ids)
	return b.statement(sql)
}

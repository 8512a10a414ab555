package engine

import (
	"sort"
	"strings"
)

// Mandated are an account's mandated brands and FSNs (docs/pricer.md): their products
// are never repriced automatically. A run marks each of their changed prices with
// StatusMandated (whatever the auto-approve threshold), and a real run sends it to
// manual approval with the reason "mandated".
type Mandated struct {
	Brands []MandatedBrand
	FSNs   []string // product ids
}

// MandatedBrand is a brand of a super category, in all its verticals (Verticals
// empty) or only in those listed.
type MandatedBrand struct {
	SuperCategory string
	Verticals     []string
	Brand         string
}

// mandatedSep joins the parts of a mandated key: a control character (the unit
// separator), which real category and brand names do not hold.
const mandatedSep = "\x1f"

// predicate is the condition over a product row (product_id, super_category,
// vertical, brand) that it is mandated; "" when nothing is. The keys go as bound
// sets (inline while small, else external data), so a list of thousands of FSNs
// or brands costs no query text and no SQL is built from their text.
func (m *Mandated) predicate(b *builder) string {
	if m == nil {
		return ""
	}
	var all, some []string
	for _, r := range m.Brands {
		if len(r.Verticals) == 0 {
			all = append(all, r.SuperCategory+mandatedSep+r.Brand)
			continue
		}
		for _, v := range r.Verticals {
			some = append(some, r.SuperCategory+mandatedSep+v+mandatedSep+r.Brand)
		}
	}
	var preds []string
	if len(m.FSNs) > 0 {
		preds = append(preds, ColProductID+" IN "+b.bindSet(sorted(m.FSNs)))
	}
	if len(all) > 0 {
		preds = append(preds, "concat(toString("+ColSuperCategory+"), '\\x1F', "+ColBrand+") IN "+b.bindSet(sorted(all)))
	}
	if len(some) > 0 {
		preds = append(preds, "concat(toString("+ColSuperCategory+"), '\\x1F', toString("+ColVertical+"), '\\x1F', "+
			ColBrand+") IN "+b.bindSet(sorted(some)))
	}
	for i, p := range preds {
		preds[i] = "(" + p + ")"
	}
	return strings.Join(preds, " OR ")
}

// sorted is a sorted copy (the statement's text and arguments do not depend on
// the order the store listed them in).
func sorted(xs []string) []string {
	out := append([]string(nil), xs...)
	sort.Strings(out)
	return out
}

// CompileKnownProducts lists which of ids are products of the account's
// catalogue (a mandated FSN upload refuses the others, row by row).
func CompileKnownProducts(accountID uint32, ids []string) (Statement, error) {
	if accountID == 0 {
		return Statement{}, bad("account", "no account is selected")
	}
	b := newBuilder(Account{})
	sql := "SELECT DISTINCT " + ColProductID + " FROM " + b.table(TableProducts) + " WHERE " + ColAccountID + " = " + b.bind(accountID) +
		" AND " + ColProductID + " IN " + b.bindSet(ids)
	return b.statement(sql)
}

package engine

import (
	"sort"
	"strings"
)

// Match feedback: an analyst flags a competitor offer as a wrong match for a
// product (Account.Flagged); until the data team resolves it the pair is no
// comparison at all — no delta, no bucket, not in the market price, the group
// shares, the price index or the alerts — while the offer itself (name, price,
// link) still shows, so the analyst sees what was flagged.
//
// The flags are applied by the compiler, not baked into the snapshot: a flag then
// counts on the very next request (the account's flags come with its catalog),
// with no snapshot rebuild. Every comparison reads the delta through exprs.at
// ("c_delta") or exprs.deltas(), which hide flagged pairs; the flagged product ids
// travel as external sets (one per competitor, named by flagSetName), so however
// many flags an account has they are data, never query text. The snapshot's stored
// all-competitor totals counted the flagged pairs: exprs.lam takes their terms out.

// flagSetName names the external set of the products whose match to competitor c is flagged.
func flagSetName(c int64) string { return flagSetPrefix + IntLit(c) }

const flagSetPrefix = "_flagged_"

// flaggedComps are the competitors (of the account) with flagged matches, by id.
func (a Account) flaggedComps() []int64 {
	var out []int64
	for c, ps := range a.Flagged {
		if _, ok := a.competitor(c); ok && len(ps) > 0 {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// flagSets are the external sets of the account's flags.
func (a Account) flagSets() []Set {
	var out []Set
	for _, c := range a.flaggedComps() {
		vals := make([]any, len(a.Flagged[c]))
		for i, p := range a.Flagged[c] {
			vals[i] = p
		}
		out = append(out, Set{Name: flagSetName(c), Type: "String", Values: vals})
	}
	return out
}

// isFlagged is the SQL truth "product_id's match to competitor c is flagged"; "" when c has no flags.
func (e exprs) isFlagged(c int64) string {
	if _, ok := e.a.competitor(c); !ok || len(e.a.Flagged[c]) == 0 {
		return "" // flagSets sends sets for the account's competitors only
	}
	return ColProductID + " IN (SELECT v FROM " + flagSetName(c) + ")"
}

// deltas is the snapshot's c_delta array with flagged pairs NaN (not comparable).
// Lambdas on 18.16 see only their arguments, so each flagged competitor's truth
// comes in as an array of the row's length.
func (e exprs) deltas() string {
	comps := e.a.flaggedComps()
	if len(comps) == 0 {
		return "c_delta"
	}
	params, args, conds := []string{"d_", "c_"}, []string{"c_delta", "comp_ids"}, make([]string, len(comps))
	for i, c := range comps {
		g := "g" + IntLit(int64(i)) + "_"
		params = append(params, g)
		args = append(args, "arrayResize(emptyArrayUInt8(), length(c_delta), toUInt8("+e.isFlagged(c)+"))")
		conds[i] = "(c_ = " + IntLit(c) + " AND " + g + ")"
	}
	return "arrayMap((" + strings.Join(params, ", ") + ") -> if(" + strings.Join(conds, " OR ") + ", nan, d_), " + strings.Join(args, ", ") + ")"
}

// notFlaggedPair excludes flagged (product_id, competitor_id) rows of an offers
// query; "" when the account has no flags.
func (e exprs) notFlaggedPair() string {
	if f := e.flaggedPair(); f != "" {
		return "NOT (" + f + ")"
	}
	return ""
}

// flaggedPair is the SQL truth "the row's (product_id, competitor_id) is a flagged
// match"; "" when the account has no flags.
func (e exprs) flaggedPair() string {
	var ors []string
	for _, c := range e.a.flaggedComps() {
		ors = append(ors, "("+ColCompetitorID+" = "+IntLit(c)+" AND "+e.isFlagged(c)+")")
	}
	return strings.Join(ors, " OR ")
}

// flaggedProduct is the SQL truth "product_id has a flagged match to one of
// comps"; "" when none of comps has flags.
func (e exprs) flaggedProduct(comps []Competitor) string {
	var ors []string
	for _, c := range comps {
		if f := e.isFlagged(c.ID); f != "" {
			ors = append(ors, f)
		}
	}
	if len(ors) == 0 {
		return ""
	}
	return "(" + strings.Join(ors, " OR ") + ")"
}

// newBuilder starts a statement for account a: it carries the account's flag sets,
// which the statement sends when its SQL reads them. Every statement whose SQL may
// compare prices (exprs) starts here.
func newBuilder(a Account) *builder { return &builder{extern: a.flagSets()} }

// builder is newBuilder for this compile's account.
func (k *compiler) builder() *builder { return newBuilder(k.a) }

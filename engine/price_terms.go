package engine

import (
	"slices"
	"strings"
)

// PriceTerms are an account's contracts and planned events in force on a run's
// day (issue 16: the contract file, manual contract and event planning uploads).
// A run applies them over its rules (docs/pricer.md, its lists):
//   - a contract's floor and ceiling replace the floor and ceiling rules' values
//     (a manual contract pins one price: floor = ceiling); a product under contract
//     that no target rule prices keeps its own price as the target, so the clamp
//     brings it into the band;
//   - an event's price replaces the target rule's value.
//
// The guardrails then apply as to any rule's values (maximum change per run,
// rounding never below the floor, minimum margin), and so does the approval
// threshold; mandated products still go to manual approval.
type PriceTerms struct {
	Contracts []Contract
	Events    []EventPrice
}

// Contract is a product's contracted band.
type Contract struct {
	ProductID      string
	Floor, Ceiling float64
}

// EventPrice is a product's planned event price.
type EventPrice struct {
	ProductID string
	Price     float64
}

// The rule ids a result's floor, ceiling or target carries when a contract or an
// event set it: no saved rule has them (rule ids are PostgreSQL identities), and
// they are exact as float64, which is how explanations read a result's trace.
const (
	ContractRuleID int64 = 1<<53 - 1
	EventRuleID    int64 = 1<<53 - 2
)

// termColumns are the level-1 columns of a run with terms: each product's
// contract floor and ceiling and event price, 0 for none (prices are > 0). The
// product ids and values go as bound constant arrays of a transform: one lookup
// per row, no join.
func (t *PriceTerms) termColumns(b *builder) []string {
	if t == nil || len(t.Contracts)+len(t.Events) == 0 {
		return nil
	}
	contracts := slices.Clone(t.Contracts)
	slices.SortFunc(contracts, func(x, y Contract) int { return strings.Compare(x.ProductID, y.ProductID) })
	events := slices.Clone(t.Events)
	slices.SortFunc(events, func(x, y EventPrice) int { return strings.Compare(x.ProductID, y.ProductID) })
	lookup := func(ids []string, vals []float64) string {
		if len(ids) == 0 {
			return "toFloat64(0)"
		}
		return "transform(" + ColProductID + ", CAST(" + b.bind(ids) + " AS Array(String)), CAST(" + b.bind(vals) + " AS Array(Float64)), toFloat64(0))"
	}
	var cids, eids []string
	var floors, ceilings, prices []float64
	for _, c := range contracts {
		cids, floors, ceilings = append(cids, c.ProductID), append(floors, c.Floor), append(ceilings, c.Ceiling)
	}
	for _, e := range events {
		eids, prices = append(eids, e.ProductID), append(prices, e.Price)
	}
	return []string{lookup(cids, floors) + " AS k_floor", lookup(cids, ceilings) + " AS k_ceiling", lookup(eids, prices) + " AS k_event"}
}

// termNames are the term columns a run with terms carries through its levels.
var termNames = []string{"k_floor", "k_ceiling", "k_event"}

// termColumn is each rule list's term column, and termRule the rule id it puts
// in the list's rule column.
var (
	termColumn = map[RuleType]string{RuleTarget: "k_event", RuleFloor: "k_floor", RuleCeiling: "k_ceiling"}
	termRule   = map[RuleType]int64{RuleTarget: EventRuleID, RuleFloor: ContractRuleID, RuleCeiling: ContractRuleID}
)

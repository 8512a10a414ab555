package pricer

import (
	"context"

	"pricelens/engine"
	"pricelens/store"
)

// Manual approval (issue 16, docs/pricer.md): the grid of the latest real run's
// approval records, the decisions on it (one by one, a selection, select-all
// resolved here from the grid's condition, or a CSV), the bizfin comment, and the
// manual approval audit. Who may decide is the caller's check.

// errStaleRun refuses a decision taken on a screen whose run is no longer the latest.
var errStaleRun = conflict("These records are no longer the latest run's: please reload the page.")

// errNoApprovals refuses an approval CSV before any real run.
var errNoApprovals = conflict("There are no approval records yet: run the pricer first.")

// latest is the account's latest complete real run and its decided products
// (found false: no run yet).
func (p *Pricer) latest(ctx context.Context, accountID int64) (store.PricerRun, engine.ApprovalDecided, bool, error) {
	run, found, err := p.CompleteRun(ctx, accountID, RunRef{})
	if err != nil || !found {
		return run, engine.ApprovalDecided{}, found, err
	}
	d, err := p.Store.ApprovalDecidedSets(ctx, accountID, run.ID)
	return run, d, true, err
}

// Approvals is one block of the latest real run's approval records for the caller
// of r: id, name, brand, labels, price (current), recommended_price, change_pct,
// reason, status (Pending, approved, rejected), bizfin_comment, decided_by,
// decided_at and each competitor's offer; in group mode the group rows.
func (p *Pricer) Approvals(ctx context.Context, r Reports, accountID int64, cond engine.Condition) (Block, error) {
	a, err := r.Account(ctx, false)
	if err != nil {
		return Block{}, err
	}
	run, d, found, err := p.latest(ctx, accountID)
	if err != nil {
		return Block{}, err
	}
	plan, err := engine.CompileApprovalRows(a, cond, uint64(run.ResultID), d)
	if err != nil || !found {
		return Block{Rows: []map[string]any{}}, err
	}
	rows, last, groups, err := p.runBlock(ctx, plan)
	if err != nil || groups {
		return Block{Rows: rows, LastRow: last, RunID: &run.ID}, err
	}
	ids := make([]string, len(rows))
	for i, row := range rows {
		ids[i], _ = row["id"].(string)
	}
	details, err := p.Store.ApprovalDetails(ctx, accountID, run.ID, ids)
	if err != nil {
		return Block{}, err
	}
	for _, row := range rows {
		dt := details[row["id"].(string)]
		row["status"], row["bizfin_comment"], row["decided_by"], row["decided_at"] = dt.Status, dt.BizfinComment, dt.DecidedBy, dt.DecidedAt
		row["currency_symbol"] = a.Settings.CurrencySymbol
	}
	if err := fillOffers(ctx, r, rows, ids); err != nil {
		return Block{}, err
	}
	if err := r.Labels(ctx, a, rows); err != nil {
		return Block{}, err
	}
	return Block{Rows: rows, LastRow: last, RunID: &run.ID}, nil
}

// fillOffers adds each competitor's offer fields (engine.ApprovalCompetitorColumns:
// price, delta, product id, URL, last seen, keyed name@competitor) to the records
// shown, read by the product report's own row plan for their ids.
func fillOffers(ctx context.Context, r Reports, rows []map[string]any, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	a, err := r.Account(ctx, true)
	if err != nil {
		return err
	}
	cond, err := engine.ApprovalCompetitorCondition(a, ids)
	if err != nil {
		return err
	}
	report, err := r.Rows(ctx, a, cond)
	if err != nil {
		return err
	}
	offers := make(map[string]map[string]any, len(report))
	for _, row := range report {
		id, _ := row["id"].(string)
		offers[id] = row
	}
	cols := engine.ApprovalCompetitorColumns(a)
	for _, row := range rows {
		o := offers[row["id"].(string)]
		for _, col := range cols {
			row[col.ID] = o[col.ID]
		}
	}
	return nil
}

// ApprovalCount is how many of the latest real run's approval records match cond,
// and how many of them are Pending (0, 0 before any run).
func (p *Pricer) ApprovalCount(ctx context.Context, r Reports, accountID int64, cond engine.Condition) (count, pending uint64, err error) {
	a, err := r.Account(ctx, false)
	if err != nil {
		return 0, 0, err
	}
	run, d, found, err := p.latest(ctx, accountID)
	if err != nil {
		return 0, 0, err
	}
	st, err := engine.CompileApprovalCount(a, cond, uint64(run.ResultID), d)
	if err != nil || !found {
		return 0, 0, err
	}
	return p.runCount(ctx, st)
}

// current checks that runID is the account's latest complete real run: decisions
// are taken on the records the screen shows.
func (p *Pricer) current(ctx context.Context, accountID, runID int64) (store.PricerRun, engine.ApprovalDecided, error) {
	run, d, found, err := p.latest(ctx, accountID)
	if err != nil {
		return run, d, err
	}
	if !found || run.ID != runID {
		return run, d, errStaleRun
	}
	return run, d, nil
}

// Selection is the records a decision applies to: ProductIDs (the grid's
// selection), or with All every record Cond matches less Excluded (rows unticked
// after ticking all).
type Selection struct {
	ProductIDs []string
	All        bool
	Cond       engine.Condition
	Excluded   []string
}

// Decision is what a decision did: Changed records of the Selected ones (the
// others were no longer Pending), and the sentence the screen shows.
type Decision struct {
	Changed, Selected int
	Message           string
}

// Decide approves or rejects (decision, store.ValidDecision) the Pending records
// of sel in run runID, which must still be the account's latest real run.
func (p *Pricer) Decide(ctx context.Context, r Reports, by store.Actor, runID int64, decision string, sel Selection) (Decision, error) {
	run, d, err := p.current(ctx, by.AccountID, runID)
	if err != nil {
		return Decision{}, err
	}
	ids := sel.ProductIDs
	if sel.All {
		a, err := r.Account(ctx, false)
		if err != nil {
			return Decision{}, err
		}
		st, err := engine.CompileApprovalSelection(a, sel.Cond, uint64(run.ResultID), d)
		if err != nil {
			return Decision{}, err
		}
		res, err := p.W.Query(ctx, st)
		if err != nil {
			return Decision{}, err
		}
		skip := make(map[string]bool, len(sel.Excluded))
		for _, id := range sel.Excluded {
			skip[id] = true
		}
		ids = make([]string, 0, len(res.Rows))
		for _, row := range res.Rows {
			if id, _ := row[0].(string); !skip[id] {
				ids = append(ids, id)
			}
		}
	}
	n, err := p.Store.DecideApprovals(ctx, by, run.ID, ids, decision)
	if err != nil {
		return Decision{}, err
	}
	return Decision{Changed: n, Selected: len(ids), Message: decidedMessage(n, len(ids), decision)}, nil
}

// decidedMessage is the sentence the screen shows after a decision.
func decidedMessage(changed, selected int, decision string) string {
	msg := plural(changed, "record") + " " + decision
	if skipped := selected - changed; skipped > 0 {
		msg += "; " + plural(skipped, "record") + " no longer Pending left as they were"
	}
	return msg
}

func plural(n int, word string) string {
	s := engine.IntLit(int64(n)) + " " + word
	if n != 1 {
		s += "s"
	}
	return s
}

// Comment sets the bizfin comment of one Pending record of run runID, which must
// still be the account's latest real run.
func (p *Pricer) Comment(ctx context.Context, by store.Actor, runID int64, productID, comment string) error {
	if _, _, err := p.current(ctx, by.AccountID, runID); err != nil {
		return err
	}
	return p.Store.SetBizfinComment(ctx, by, runID, productID, comment)
}

// Decisions is one page of the manual approval audit (every decision, newest
// first unless sorted by sortCol) and its total.
func (p *Pricer) Decisions(ctx context.Context, accountID int64, f store.DecisionFilter, startRow, limit int, sortCol string, desc bool) ([]store.DecisionRow, int, error) {
	return p.Store.DecisionPage(ctx, accountID, f, startRow, limit, sortCol, desc)
}

// ApplyApprovalCSV applies the approval CSV's rows to the latest real run's
// records, all or none (docs/pricer.md "Manual approval"): with parserRefused
// (rows the parser already refused stop the file) the store only checks. refused
// lists the rows refused here; nothing applied when there are any.
func (p *Pricer) ApplyApprovalCSV(ctx context.Context, by store.Actor, rows []store.ApprovalCSVRow, parserRefused bool) (changed int, refused []store.RefusedRow, err error) {
	run, found, err := p.Store.LatestCompleteRun(ctx, by.AccountID, false)
	if err != nil {
		return 0, nil, err
	}
	if !found {
		return 0, nil, errNoApprovals
	}
	return p.Store.ApplyApprovalCSV(ctx, by, run.ID, rows, parserRefused)
}

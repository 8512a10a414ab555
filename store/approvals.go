package store

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"pricelens/engine"
)

// Manual approval (issue 16, docs/pricer.md): a real run's Pending records become
// approved or rejected, on the approval screen or by the approval CSV. Every
// decision is one row of approval_decisions written by the statement that moves
// the record out of Pending (a data-modifying CTE): the UPDATE's condition
// status = 'Pending' is re-checked on the locked row, so two people deciding the
// same record at once give one decision and one audit row.

// Decision sources (the audit screen's "source").
const (
	SourceScreen = "screen"
	SourceCSV    = "csv"
)

// MaxBizfinComment is the comment limit of the specification (docs/product.md §5, §9).
const MaxBizfinComment = 200

// decideSQL moves the input records ($3: product ids, $4: decisions, $5: comments;
// an empty comment keeps the record's) that are still Pending, and writes their
// decisions.
const decideSQL = `WITH input AS (
		SELECT * FROM unnest($3::text[], $4::text[], $5::text[]) AS t(product_id, decision, comment)),
	d AS (
		UPDATE approval_records r SET status = i.decision, decided_by = $6, decided_at = now(),
			bizfin_comment = CASE WHEN i.comment <> '' THEN i.comment ELSE r.bizfin_comment END
		FROM input i WHERE r.account_id = $1 AND r.run_id = $2 AND r.product_id = i.product_id AND r.status = 'Pending'
		RETURNING r.id, r.run_id, r.product_id, r.current_price, r.recommended_price, r.status, r.bizfin_comment)
	INSERT INTO approval_decisions (account_id, record_id, run_id, product_id, old_price, new_price, decision, bizfin_comment, source, decided_by)
	SELECT $1, id, run_id, product_id, current_price, recommended_price, status, bizfin_comment, $7, $6 FROM d`

// decide runs decideSQL in tx; it answers how many records changed.
func decide(ctx context.Context, tx pgx.Tx, a Actor, runID int64, ids, decisions, comments []string, source string) (int, error) {
	tag, err := tx.Exec(ctx, decideSQL, a.AccountID, runID, ids, decisions, comments, nullID(a.UserID), source)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}

// ValidDecision reports whether s is a decision a person can take.
func ValidDecision(s string) bool { return s == ApprovalApproved || s == ApprovalRejected }

// DecideApprovals approves or rejects the run's records of the products given (the
// grid's selection, or its select-all resolved by the caller); records no longer
// Pending are left as they are. It answers how many changed.
func (s *Store) DecideApprovals(ctx context.Context, a Actor, runID int64, productIDs []string, decision string) (int, error) {
	if !ValidDecision(decision) {
		return 0, Invalid("decision", "decision must be approved or rejected")
	}
	decisions := make([]string, len(productIDs))
	comments := make([]string, len(productIDs))
	for i := range productIDs {
		decisions[i] = decision
	}
	var n int
	err := s.inTx(ctx, func(tx pgx.Tx) (err error) {
		n, err = decide(ctx, tx, a, runID, productIDs, decisions, comments, SourceScreen)
		return err
	})
	return n, err
}

// SetBizfinComment sets the bizfin comment of one Pending record (docs/product.md §5: editable only
// on Pending rows); the change is in the audit log.
func (s *Store) SetBizfinComment(ctx context.Context, a Actor, runID int64, productID, comment string) error {
	if utf8.RuneCountInString(comment) > MaxBizfinComment {
		return Invalid("bizfin_comment", fmt.Sprintf("The bizfin comment is longer than %d characters", MaxBizfinComment))
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var id int64
		var before string
		err := tx.QueryRow(ctx, `SELECT id, bizfin_comment FROM approval_records WHERE account_id = $1 AND run_id = $2 AND product_id = $3
			AND status = 'Pending' FOR UPDATE`, a.AccountID, runID, productID).Scan(&id, &before)
		if errors.Is(err, pgx.ErrNoRows) {
			return Conflict("Only Pending records can be edited: this record is decided or not in the latest run.")
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE approval_records SET bizfin_comment = $2 WHERE id = $1`, id, comment); err != nil {
			return err
		}
		return audit(ctx, tx, a, "bizfin_comment", "approval_record", id, map[string]any{"before": before, "after": comment})
	})
}

// ApprovalDecidedSets lists the run's records a person decided, for the grid's
// status column (engine.ApprovalDecided).
func (s *Store) ApprovalDecidedSets(ctx context.Context, accountID, runID int64) (engine.ApprovalDecided, error) {
	var d engine.ApprovalDecided
	rows, err := s.DB.Query(ctx, `SELECT product_id, status FROM approval_records WHERE account_id = $1 AND run_id = $2
		AND status IN ('approved', 'rejected') AND reason != 'auto_approved'`, accountID, runID)
	if err != nil {
		return d, err
	}
	var p, st string
	_, err = pgx.ForEachRow(rows, []any{&p, &st}, func() error {
		if st == ApprovalRejected {
			d.Rejected = append(d.Rejected, p)
		} else {
			d.Approved = append(d.Approved, p)
		}
		return nil
	})
	return d, err
}

// ApprovalDetail is what PostgreSQL adds to a grid row: the record's status (the
// truth, the grid's filter reads the same), comment and decision.
type ApprovalDetail struct {
	Status        string
	BizfinComment string
	DecidedBy     string // email; "" for automatic approvals and Pending records
	DecidedAt     *time.Time
}

// ApprovalDetails returns the details of the run's records of the products given.
func (s *Store) ApprovalDetails(ctx context.Context, accountID, runID int64, productIDs []string) (map[string]ApprovalDetail, error) {
	rows, err := s.DB.Query(ctx, `SELECT r.product_id, r.status, r.bizfin_comment, coalesce(u.email, ''), r.decided_at
		FROM approval_records r LEFT JOIN users u ON u.id = r.decided_by
		WHERE r.account_id = $1 AND r.run_id = $2 AND r.product_id = ANY($3)`, accountID, runID, productIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[string]ApprovalDetail, len(productIDs))
	var p string
	var d ApprovalDetail
	_, err = pgx.ForEachRow(rows, []any{&p, &d.Status, &d.BizfinComment, &d.DecidedBy, &d.DecidedAt}, func() error {
		out[p] = d
		return nil
	})
	return out, err
}

// ApprovalCSVRow is one data row of an approval CSV (Line counts the header as 1).
type ApprovalCSVRow struct {
	Line                 int
	FSN, Status, Comment string
}

// RefusedRow is a CSV row that cannot apply, and why.
type RefusedRow struct {
	Line   int    `json:"row" openapi:"always"`
	FSN    string `json:"fsn" openapi:"always"`
	Reason string `json:"reason" openapi:"always"`
}

// The reasons a CSV row is refused.
const (
	RefusedStatus     = "status must be approved or rejected (lowercase)"
	RefusedUnknown    = "unknown FSN: no approval record in the latest run"
	RefusedNotPending = "the record is not Pending (it is %s)"
	RefusedDuplicate  = "the FSN is already on row %d"
	RefusedComment    = "the bizfin comment is longer than 200 characters"
	RefusedEmptyFSN   = "the fsn is empty"
)

// ApplyApprovalCSV applies an approval CSV to the run's records all or nothing, in
// one transaction. The rows' own checks come first (status word, FSN present and
// once, comment length); when they pass, one statement decides every row's record
// that is still Pending, and unless that is every row the transaction rolls back.
// Only then are the records read to say why (unknown FSN, not Pending): the file
// that applies, the usual case, costs one pass over the records. checkOnly (the
// file has rows refused before, e.g. malformed ones) answers the refused rows and
// changes nothing.
func (s *Store) ApplyApprovalCSV(ctx context.Context, a Actor, runID int64, rows []ApprovalCSVRow, checkOnly bool) (changed int, refused []RefusedRow, err error) {
	refused = checkCSVRows(rows)
	if len(refused) == 0 && !checkOnly {
		errPartial := errors.New("approval CSV: not every row's record was Pending")
		fsns, decisions, comments := make([]string, len(rows)), make([]string, len(rows)), make([]string, len(rows))
		for i, r := range rows {
			fsns[i], decisions[i], comments[i] = r.FSN, r.Status, r.Comment
		}
		err = s.inTx(ctx, func(tx pgx.Tx) error {
			n, err := decide(ctx, tx, a, runID, fsns, decisions, comments, SourceCSV)
			if err == nil && n != len(rows) {
				err = errPartial
			}
			changed = n
			return err
		})
		if err == nil {
			return changed, nil, nil
		}
		if !errors.Is(err, errPartial) {
			return 0, nil, err
		}
	}
	// Some row is refused: nothing was written; say why for each.
	refusedLine := make(map[int]bool, len(refused))
	var ask []string
	for _, r := range refused {
		refusedLine[r.Line] = true
	}
	for _, r := range rows {
		if !refusedLine[r.Line] {
			ask = append(ask, r.FSN)
		}
	}
	cur, err := s.DB.Query(ctx, `SELECT product_id, status FROM approval_records WHERE account_id = $1 AND run_id = $2 AND product_id = ANY($3)`,
		a.AccountID, runID, ask)
	if err != nil {
		return 0, nil, err
	}
	status := make(map[string]string, len(ask))
	var p, st string
	if _, err := pgx.ForEachRow(cur, []any{&p, &st}, func() error { status[p] = st; return nil }); err != nil {
		return 0, nil, err
	}
	for _, r := range rows {
		if refusedLine[r.Line] {
			continue
		}
		if st, ok := status[r.FSN]; !ok {
			refused = append(refused, RefusedRow{Line: r.Line, FSN: r.FSN, Reason: RefusedUnknown})
		} else if st != ApprovalPending {
			refused = append(refused, RefusedRow{Line: r.Line, FSN: r.FSN, Reason: fmt.Sprintf(RefusedNotPending, st)})
		}
	}
	if len(refused) == 0 && !checkOnly {
		// Every record was Pending a moment ago: someone decided one meanwhile.
		return 0, nil, Conflict("Some records were decided while the file was applied; nothing was applied. Please upload it again.")
	}
	sort.Slice(refused, func(i, j int) bool { return refused[i].Line < refused[j].Line })
	return 0, refused, nil
}

// checkCSVRows are the checks of a CSV's rows that need no record: the FSN
// present and on one row only, the status word, the comment's length.
func checkCSVRows(rows []ApprovalCSVRow) []RefusedRow {
	var refused []RefusedRow
	seen := make(map[string]int, len(rows))
	for _, r := range rows {
		reason := ""
		switch {
		case strings.TrimSpace(r.FSN) == "":
			reason = RefusedEmptyFSN
		case seen[r.FSN] != 0:
			reason = fmt.Sprintf(RefusedDuplicate, seen[r.FSN])
		case !ValidDecision(r.Status):
			reason = RefusedStatus
		case utf8.RuneCountInString(r.Comment) > MaxBizfinComment:
			reason = RefusedComment
		}
		if seen[r.FSN] == 0 {
			seen[r.FSN] = r.Line
		}
		if reason != "" {
			refused = append(refused, RefusedRow{Line: r.Line, FSN: r.FSN, Reason: reason})
		}
	}
	return refused
}

// DecisionRow is one row of the manual approval audit.
type DecisionRow struct {
	ID            int64     `json:"id" openapi:"always"`
	DecidedAt     time.Time `json:"decided_at" openapi:"always"`
	DecidedBy     string    `json:"decided_by" openapi:"always"`
	RunID         int64     `json:"run_id" openapi:"always"`
	ProductID     string    `json:"product_id" openapi:"always"`
	OldPrice      float64   `json:"old_price" openapi:"always"`
	NewPrice      float64   `json:"new_price" openapi:"always"`
	Decision      string    `json:"decision" openapi:"always"`
	BizfinComment string    `json:"bizfin_comment" openapi:"always"`
	Source        string    `json:"source" openapi:"always"`
}

// decisionSorts are the audit grid's sortable columns.
var decisionSorts = map[string]string{
	"decided_at": "d.decided_at", "decided_by": "u.email", "run_id": "d.run_id", "product_id": "d.product_id",
	"old_price": "d.old_price", "new_price": "d.new_price", "decision": "d.decision", "source": "d.source",
}

// DecisionSortable reports whether the audit grid sorts by the column.
func DecisionSortable(col string) bool { _, ok := decisionSorts[col]; return ok }

// DecisionFilter narrows the audit grid (its column filters): text contained in
// the product, the user's e-mail or the comment (case-insensitive), decisions
// and sources from their sets, and decision times in [From, To).
type DecisionFilter struct {
	ProductID, DecidedBy, Comment string
	Decisions, Sources            []string
	From, To                      time.Time
}

// where is the filter's predicate over approval_decisions d (and users u) with
// its arguments numbered after args; every value is bound.
func (f DecisionFilter) where(args []any) (string, []any) {
	var preds []string
	add := func(pred string, v any) {
		args = append(args, v)
		preds = append(preds, strings.ReplaceAll(pred, "$?", "$"+strconv.Itoa(len(args))))
	}
	// ILIKE's wildcards in the text are literal: the filter is "contains".
	like := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	if f.ProductID != "" {
		add(`d.product_id ILIKE '%' || $? || '%'`, like.Replace(f.ProductID))
	}
	if f.DecidedBy != "" {
		add(`coalesce(u.email, '') ILIKE '%' || $? || '%'`, like.Replace(f.DecidedBy))
	}
	if f.Comment != "" {
		add(`d.bizfin_comment ILIKE '%' || $? || '%'`, like.Replace(f.Comment))
	}
	if f.Decisions != nil {
		add(`d.decision = ANY($?)`, f.Decisions)
	}
	if f.Sources != nil {
		add(`d.source = ANY($?)`, f.Sources)
	}
	if !f.From.IsZero() {
		add(`d.decided_at >= $?`, f.From)
	}
	if !f.To.IsZero() {
		add(`d.decided_at < $?`, f.To)
	}
	if len(preds) == 0 {
		return "", args
	}
	return " AND " + strings.Join(preds, " AND "), args
}

// DecisionPage is one block of the account's decisions that pass the filter,
// newest first unless sorted by a column of decisionSorts; total is how many pass.
func (s *Store) DecisionPage(ctx context.Context, accountID int64, f DecisionFilter, startRow, limit int, sortCol string, desc bool) (rows []DecisionRow, total int, err error) {
	order := "d.id DESC"
	if e, ok := decisionSorts[sortCol]; ok {
		dir := " ASC"
		if desc {
			dir = " DESC"
		}
		order = e + dir + " NULLS LAST, d.id DESC"
	}
	where, args := f.where([]any{accountID})
	from := ` FROM approval_decisions d LEFT JOIN users u ON u.id = d.decided_by WHERE d.account_id = $1` + where
	if err := s.DB.QueryRow(ctx, `SELECT count(*)`+from, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	n := len(args)
	args = append(args, limit, startRow)
	cur, err := s.DB.Query(ctx, `SELECT d.id, d.decided_at, coalesce(u.email, ''), d.run_id, d.product_id, d.old_price, d.new_price,
		d.decision, d.bizfin_comment, d.source`+from+` ORDER BY `+order+` LIMIT $`+strconv.Itoa(n+1)+` OFFSET $`+strconv.Itoa(n+2), args...)
	if err != nil {
		return nil, 0, err
	}
	rows, err = pgx.CollectRows(cur, pgx.RowToStructByPos[DecisionRow])
	return rows, total, err
}

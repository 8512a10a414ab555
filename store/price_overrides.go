package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"pricelens/engine"
)

// The rows of the Upload Files kinds (docs/pricer.md#upload-files), parsed and checked
// by package uploads; ApplyUpload writes them.

// ContractRow is a contract file row (Kind "contract": a price band) or a manual
// contract row (Kind "manual": one pinned price, Floor = Ceiling, with a comment).
type ContractRow struct {
	Line           int
	FSN            string
	Kind           string
	Floor, Ceiling float64
	Start, End     time.Time
	Comment        string
}

// EventRow is an event planning row: a promotional price of a product in a window.
type EventRow struct {
	Line       int
	FSN, Name  string
	Price      float64
	Start, End time.Time
}

// LabelRow assigns an existing label (by name, case-insensitive) to a product; CI
// says the file is a CI label file, whose labels must be CI labels (labels
// read-only for SSO users, governed by "edit CI label"), while a label FSN file's
// must not be.
type LabelRow struct {
	Line       int
	FSN, Label string
	CI         bool
}

// ResetRow returns a product to business as usual: its contract and its events
// that have not ended are deleted.
type ResetRow struct {
	Line int
	FSN  string
}

// UploadRows are one file's rows; the list of the file's kind is filled.
type UploadRows struct {
	Contracts []ContractRow
	Events    []EventRow
	Labels    []LabelRow
	Resets    []ResetRow
}

// RefusedMessage is the sentence of an upload with refused rows.
func RefusedMessage(refused, total int) string {
	return fmt.Sprintf("Nothing was applied: %d of %d rows were refused.", refused, total)
}

// ApplyUpload applies a file's rows all or nothing, and finishes the upload: when
// prior (the rows the parser or the catalogue check refused) is not empty, or a
// row is refused here (unknown label, nothing to reset), nothing is written and
// the upload fails with every refusal; otherwise every row is written and the
// upload is done, in one transaction. today is the day events "have not ended" on.
func (s *Store) ApplyUpload(ctx context.Context, u UploadFile, total int, rows UploadRows, prior []Refusal, today time.Time) ([]Refusal, error) {
	if len(prior) > 0 {
		return prior, s.FailUpload(ctx, u, total, prior, RefusedMessage(len(prior), total))
	}
	var refused []Refusal
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		if refused, err = applyRows(ctx, tx, u, rows, today); err != nil || len(refused) > 0 {
			return errors.Join(err, errRefused)
		}
		return finishUpload(ctx, tx, u, "done", total, total, nil, "")
	})
	if errors.Is(err, errRefused) && len(refused) > 0 {
		return refused, s.FailUpload(ctx, u, total, refused, RefusedMessage(len(refused), total))
	}
	return refused, err
}

func applyRows(ctx context.Context, tx pgx.Tx, u UploadFile, rows UploadRows, today time.Time) ([]Refusal, error) {
	a := u.Actor()
	switch {
	case len(rows.Contracts) > 0:
		return nil, putContracts(ctx, tx, a, u.ID, rows.Contracts)
	case len(rows.Events) > 0:
		return nil, putEvents(ctx, tx, a, u.ID, rows.Events)
	case len(rows.Labels) > 0:
		return assignLabelRows(ctx, tx, a, rows.Labels)
	case len(rows.Resets) > 0:
		return resetBAU(ctx, tx, a, rows.Resets, today)
	}
	return nil, nil
}

func putContracts(ctx context.Context, tx pgx.Tx, a Actor, uploadID int64, rows []ContractRow) error {
	n := len(rows)
	fsn, kind, comment := make([]string, n), make([]string, n), make([]string, n)
	floor, ceiling := make([]float64, n), make([]float64, n)
	start, end := make([]time.Time, n), make([]time.Time, n)
	for i, r := range rows {
		fsn[i], kind[i], comment[i], floor[i], ceiling[i], start[i], end[i] = r.FSN, r.Kind, r.Comment, r.Floor, r.Ceiling, r.Start, r.End
	}
	_, err := tx.Exec(ctx, `INSERT INTO price_contracts (account_id, product_id, kind, floor_price, ceiling_price, starts_on, ends_on, comment, upload_id, updated_by)
		SELECT $1, f, k, lo, hi, s, e, c, $2, $3 FROM unnest($4::text[], $5::text[], $6::float8[], $7::float8[], $8::date[], $9::date[], $10::text[]) AS t(f, k, lo, hi, s, e, c)
		ON CONFLICT (account_id, product_id) DO UPDATE SET kind = EXCLUDED.kind, floor_price = EXCLUDED.floor_price, ceiling_price = EXCLUDED.ceiling_price,
			starts_on = EXCLUDED.starts_on, ends_on = EXCLUDED.ends_on, comment = EXCLUDED.comment, upload_id = EXCLUDED.upload_id,
			updated_by = EXCLUDED.updated_by, updated_at = now()`,
		a.AccountID, uploadID, nullID(a.UserID), fsn, kind, floor, ceiling, start, end, comment)
	return err
}

func putEvents(ctx context.Context, tx pgx.Tx, a Actor, uploadID int64, rows []EventRow) error {
	n := len(rows)
	fsn, name := make([]string, n), make([]string, n)
	price := make([]float64, n)
	start, end := make([]time.Time, n), make([]time.Time, n)
	for i, r := range rows {
		fsn[i], name[i], price[i], start[i], end[i] = r.FSN, r.Name, r.Price, r.Start, r.End
	}
	_, err := tx.Exec(ctx, `INSERT INTO price_events (account_id, product_id, event_name, event_price, starts_on, ends_on, upload_id, updated_by)
		SELECT $1, f, nm, p, s, e, $2, $3 FROM unnest($4::text[], $5::text[], $6::float8[], $7::date[], $8::date[]) AS t(f, nm, p, s, e)
		ON CONFLICT (account_id, product_id, lower(event_name)) DO UPDATE SET event_name = EXCLUDED.event_name, event_price = EXCLUDED.event_price,
			starts_on = EXCLUDED.starts_on, ends_on = EXCLUDED.ends_on, upload_id = EXCLUDED.upload_id, updated_by = EXCLUDED.updated_by, updated_at = now()`,
		a.AccountID, uploadID, nullID(a.UserID), fsn, name, price, start, end)
	return err
}

// assignLabelRows assigns each row's label through assign (the ClickHouse mirror's
// outbox and the audit row included), refusing names the account has no label of
// and labels of the other family (CI or not).
func assignLabelRows(ctx context.Context, tx pgx.Tx, a Actor, rows []LabelRow) ([]Refusal, error) {
	names := make([]string, 0, len(rows))
	for _, r := range rows {
		names = append(names, strings.ToLower(r.Label))
	}
	res, err := tx.Query(ctx, `SELECT lower(name), id, sso_user_read_only FROM labels WHERE account_id = $1 AND lower(name) = ANY($2) FOR SHARE`, a.AccountID, names)
	if err != nil {
		return nil, err
	}
	type label struct {
		id int64
		ci bool
	}
	known := map[string]label{}
	for res.Next() {
		var n string
		var l label
		if err := res.Scan(&n, &l.id, &l.ci); err != nil {
			res.Close()
			return nil, err
		}
		known[n] = l
	}
	res.Close()
	if err := res.Err(); err != nil {
		return nil, err
	}
	var refused []Refusal
	products := map[int64][]string{}
	var order []int64
	for _, r := range rows {
		l, ok := known[strings.ToLower(r.Label)]
		switch {
		case !ok:
			refused = append(refused, Refusal{r.Line, r.FSN, fmt.Sprintf("the account has no label %q (create it first)", r.Label)})
		case l.ci && !r.CI:
			refused = append(refused, Refusal{r.Line, r.FSN, fmt.Sprintf("%q is a CI label: upload it in a CI label file", r.Label)})
		case !l.ci && r.CI:
			refused = append(refused, Refusal{r.Line, r.FSN, fmt.Sprintf("%q is not a CI label: upload it in a label FSN file", r.Label)})
		default:
			if products[l.id] == nil {
				order = append(order, l.id)
			}
			products[l.id] = append(products[l.id], r.FSN)
		}
	}
	if len(refused) > 0 {
		return refused, nil
	}
	for _, id := range order {
		if _, err := assign(ctx, tx, a, id, products[id]); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// resetBAU deletes the products' contracts and their events that have not ended;
// a product with neither is refused (nothing to reset).
func resetBAU(ctx context.Context, tx pgx.Tx, a Actor, rows []ResetRow, today time.Time) ([]Refusal, error) {
	fsns := make([]string, len(rows))
	for i, r := range rows {
		fsns[i] = r.FSN
	}
	res, err := tx.Query(ctx, `WITH c AS (DELETE FROM price_contracts WHERE account_id = $1 AND product_id = ANY($2) RETURNING product_id),
		e AS (DELETE FROM price_events WHERE account_id = $1 AND product_id = ANY($2) AND ends_on >= $3 RETURNING product_id)
		SELECT product_id FROM c UNION SELECT product_id FROM e`, a.AccountID, fsns, today)
	if err != nil {
		return nil, err
	}
	reset, err := pgx.CollectRows(res, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	had := make(map[string]bool, len(reset))
	for _, f := range reset {
		had[f] = true
	}
	var refused []Refusal
	for _, r := range rows {
		if !had[r.FSN] {
			refused = append(refused, Refusal{r.Line, r.FSN, "this FSN has no contract or planned event to reset"})
		}
	}
	if len(refused) > 0 {
		return refused, nil
	}
	return nil, audit(ctx, tx, a, "reset_bau", "price_overrides", len(rows), map[string]any{"products": len(rows)})
}

// Override is one active entry of a kind, as the Upload Files screen lists it:
// the kind's CSV columns as text, and when it was last written.
type Override struct {
	Values    []string  `json:"values" openapi:"always"`
	UpdatedAt time.Time `json:"updated_at" openapi:"always"`
}

// OverridesShown bounds the active entries listed per kind.
const OverridesShown = 200

// ActiveOverrides lists what a kind's uploads keep in force in the account (at most
// OverridesShown, newest first) and how many there are: contracts and events that
// have not ended (on today), and the product labels of the label kinds (ci: CI
// labels). Values follow the kind's CSV columns.
func (s *Store) ActiveOverrides(ctx context.Context, accountID int64, kind string, today time.Time) ([]Override, int, error) {
	var sql string
	args := []any{accountID, OverridesShown, today}
	switch kind {
	case "contract", "manual_contract":
		k := map[string]string{"contract": "contract", "manual_contract": "manual"}[kind]
		cols := `product_id, floor_price::text, ceiling_price::text, starts_on::text, ends_on::text`
		if k == "manual" {
			cols = `product_id, floor_price::text, starts_on::text, ends_on::text, comment`
		}
		sql = `SELECT ARRAY[` + cols + `], updated_at, count(*) OVER () FROM price_contracts
			WHERE account_id = $1 AND kind = '` + k + `' AND ends_on >= $3 ORDER BY updated_at DESC, product_id LIMIT $2`
	case "event_planning":
		sql = `SELECT ARRAY[product_id, event_name, event_price::text, starts_on::text, ends_on::text], updated_at, count(*) OVER () FROM price_events
			WHERE account_id = $1 AND ends_on >= $3 ORDER BY updated_at DESC, product_id LIMIT $2`
	case "label_fsn", "ci_label":
		ci := map[bool]string{true: "true", false: "false"}[kind == "ci_label"]
		sql = `SELECT ARRAY[la.product_id, l.name], la.assigned_at, count(*) OVER () FROM label_assignments la JOIN labels l ON l.id = la.label_id
			WHERE la.account_id = $1 AND l.sso_user_read_only = ` + ci + ` ORDER BY la.assigned_at DESC, la.product_id LIMIT $2`
		args = args[:2]
	default:
		return []Override{}, 0, nil
	}
	rows, err := s.DB.Query(ctx, sql, args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []Override{}
	total := 0
	for rows.Next() {
		var o Override
		if err := rows.Scan(&o.Values, &o.UpdatedAt, &total); err != nil {
			return nil, 0, err
		}
		out = append(out, o)
	}
	return out, total, rows.Err()
}

// EngineTerms are the account's contracts and planned events in force on day (a
// UTC date), as a pricer run applies them (engine.PriceTerms). A product with
// several events that day takes the one that started last (the lowest price on a
// tie).
func (s *Store) EngineTerms(ctx context.Context, accountID int64, day time.Time) (*engine.PriceTerms, error) {
	t := &engine.PriceTerms{}
	d := day.UTC().Format("2006-01-02")
	rows, err := s.DB.Query(ctx, `SELECT product_id, floor_price, ceiling_price FROM price_contracts
		WHERE account_id = $1 AND starts_on <= $2::date AND ends_on >= $2::date ORDER BY product_id`, accountID, d)
	if err != nil {
		return nil, err
	}
	if t.Contracts, err = pgx.CollectRows(rows, pgx.RowToStructByPos[engine.Contract]); err != nil {
		return nil, err
	}
	rows, err = s.DB.Query(ctx, `SELECT DISTINCT ON (product_id) product_id, event_price FROM price_events
		WHERE account_id = $1 AND starts_on <= $2::date AND ends_on >= $2::date
		ORDER BY product_id, starts_on DESC, event_price ASC`, accountID, d)
	if err != nil {
		return nil, err
	}
	if t.Events, err = pgx.CollectRows(rows, pgx.RowToStructByPos[engine.EventPrice]); err != nil {
		return nil, err
	}
	return t, nil
}

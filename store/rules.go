package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"pricelens/engine"
)

// Rule is a dynamic-pricer rule (docs/pricer.md) as PostgreSQL keeps it. Scope is the
// grid condition's JSON, parsed by the engine when the rule is checked or run.
type Rule struct {
	ID        int64              `json:"groupId"`
	Name      string             `json:"name"`
	Section   engine.RuleSection `json:"section"`
	Type      engine.RuleType    `json:"rule_type"`
	Status    string             `json:"status"` // active, inactive
	Order     int                `json:"order"`  // 1-based within (section, rule_type)
	Scope     json.RawMessage    `json:"scope"`
	Source    engine.RuleSource  `json:"source"`
	Adjust    engine.RuleAdjust  `json:"adjust"`
	UpdatedAt time.Time          `json:"updated_at"`
	UpdatedBy string             `json:"updated_by"` // e-mail, "" when unknown
}

// Engine is the rule as the run compiles it.
func (r Rule) Engine() (engine.Rule, error) {
	er := engine.Rule{ID: r.ID, Name: r.Name, Section: r.Section, Type: r.Type, Active: r.Status == RuleActive,
		Source: r.Source, Adjust: r.Adjust}
	if len(r.Scope) > 0 && string(r.Scope) != "{}" && string(r.Scope) != "null" {
		c, err := engine.ParseCondition(r.Scope)
		if err != nil {
			return er, err
		}
		er.Scope = c
	}
	return er, nil
}

// Rule statuses.
const (
	RuleActive   = "active"
	RuleInactive = "inactive"
)

// RuleFields are a rule's editable fields, validated by the caller.
type RuleFields struct {
	Name    string
	Section engine.RuleSection
	Type    engine.RuleType
	Status  string
	Scope   json.RawMessage
	Source  engine.RuleSource
	Adjust  engine.RuleAdjust
}

// RuleFilter narrows a rule listing (refreshRulesList); zero fields match all.
type RuleFilter struct {
	Sections []engine.RuleSection // the sections the caller may read
	Type     engine.RuleType
	Status   string
	Search   string // case-insensitive substring of the name
}

const ruleCols = `r.id, r.name, r.section, r.rule_type, r.status, r.position, r.scope, r.source, r.adjust, r.updated_at, coalesce(u.email, '')`

func scanRule(row pgx.Row) (Rule, error) {
	var r Rule
	var scope, source, adjust []byte
	err := row.Scan(&r.ID, &r.Name, &r.Section, &r.Type, &r.Status, &r.Order, &scope, &source, &adjust, &r.UpdatedAt, &r.UpdatedBy)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, NotFound("This rule does not exist.")
	}
	if err != nil {
		return r, err
	}
	r.Scope = scope
	if err := json.Unmarshal(source, &r.Source); err != nil {
		return r, err
	}
	r.Source.Normalize()
	return r, json.Unmarshal(adjust, &r.Adjust)
}

// Rules lists the account's rules in run order: section, type, position.
func (s *Store) Rules(ctx context.Context, accountID int64, f RuleFilter) ([]Rule, error) {
	sections := make([]string, len(f.Sections))
	for i, sec := range f.Sections {
		sections[i] = string(sec)
	}
	rows, err := s.DB.Query(ctx, `SELECT `+ruleCols+` FROM pricer_rules r LEFT JOIN users u ON u.id = r.updated_by
		WHERE r.account_id = $1 AND r.section = ANY($2) AND ($3 = '' OR r.rule_type = $3) AND ($4 = '' OR r.status = $4)
		  AND ($5 = '' OR strpos(lower(r.name), lower($5)) > 0)
		ORDER BY r.section DESC, r.rule_type, r.position, r.id`, accountID, sections, string(f.Type), f.Status, f.Search)
	if err != nil {
		return nil, err
	}
	out := []Rule{}
	for rows.Next() {
		r, err := scanRule(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// EngineRules are all of the account's rules as the run compiles them, in run
// order (inactive ones included: the compiler skips them).
func (s *Store) EngineRules(ctx context.Context, accountID int64) ([]engine.Rule, error) {
	rows, err := s.Rules(ctx, accountID, RuleFilter{Sections: []engine.RuleSection{engine.SectionTopBottom, engine.SectionMiddle}})
	if err != nil {
		return nil, err
	}
	out := make([]engine.Rule, 0, len(rows))
	for _, r := range rows {
		er, err := r.Engine()
		if err != nil {
			return nil, fmt.Errorf("rule %d (%s): %w", r.ID, r.Name, err)
		}
		out = append(out, er)
	}
	return out, nil
}

// Rule returns one rule of the account.
func (s *Store) Rule(ctx context.Context, accountID, id int64) (Rule, error) {
	return scanRule(s.DB.QueryRow(ctx, `SELECT `+ruleCols+` FROM pricer_rules r LEFT JOIN users u ON u.id = r.updated_by
		WHERE r.account_id = $1 AND r.id = $2`, accountID, id))
}

func ruleInTx(ctx context.Context, tx pgx.Tx, accountID, id int64) (Rule, error) {
	return scanRule(tx.QueryRow(ctx, `SELECT `+ruleCols+` FROM pricer_rules r LEFT JOIN users u ON u.id = r.updated_by
		WHERE r.account_id = $1 AND r.id = $2 FOR UPDATE OF r`, accountID, id))
}

// lockRules serializes the rule changes of one account (positions stay dense).
func lockRules(ctx context.Context, tx pgx.Tx, accountID int64) error {
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('pricer_rules', $1))`, accountID)
	return err
}

// SaveRule creates a rule (id 0: last of its list) or replaces rule id (moved to
// the end of its new list when its section or type changes). The audit row holds
// the rule before and after.
func (s *Store) SaveRule(ctx context.Context, a Actor, id int64, f RuleFields) (int64, error) {
	source, _ := json.Marshal(f.Source)
	adjust, _ := json.Marshal(f.Adjust)
	scope := f.Scope
	if len(scope) == 0 {
		scope = json.RawMessage(`{}`)
	}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if err := lockRules(ctx, tx, a.AccountID); err != nil {
			return err
		}
		var before *Rule
		if id != 0 {
			r, err := ruleInTx(ctx, tx, a.AccountID, id)
			if err != nil {
				return err
			}
			before = &r
		}
		var taken bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pricer_rules WHERE account_id = $1 AND lower(name) = lower($2) AND id != $3)`,
			a.AccountID, f.Name, id).Scan(&taken); err != nil {
			return err
		}
		if taken {
			return &Error{Kind: KindConflict, Message: "A rule with this name already exists", Field: "name"}
		}
		action := "rule_create"
		if before == nil {
			err := tx.QueryRow(ctx, `INSERT INTO pricer_rules (account_id, name, section, rule_type, status, position, scope, source, adjust, created_by, updated_by)
				VALUES ($1, $2, $3, $4, $5, (SELECT coalesce(max(position), 0) + 1 FROM pricer_rules WHERE account_id = $1 AND section = $3 AND rule_type = $4),
				        $6, $7, $8, $9, $9) RETURNING id`,
				a.AccountID, f.Name, f.Section, f.Type, f.Status, scope, source, adjust, nullID(a.UserID)).Scan(&id)
			if err != nil {
				return err
			}
		} else {
			action = "rule_edit"
			moved := before.Section != f.Section || before.Type != f.Type
			if _, err := tx.Exec(ctx, `UPDATE pricer_rules SET name = $3, section = $4, rule_type = $5, status = $6, scope = $7, source = $8, adjust = $9,
				position = CASE WHEN $10 THEN (SELECT coalesce(max(position), 0) + 1 FROM pricer_rules WHERE account_id = $1 AND section = $4 AND rule_type = $5) ELSE position END,
				updated_by = $11, updated_at = now() WHERE account_id = $1 AND id = $2`,
				a.AccountID, id, f.Name, f.Section, f.Type, f.Status, scope, source, adjust, moved, nullID(a.UserID)); err != nil {
				return err
			}
			if moved {
				if err := compactPositions(ctx, tx, a.AccountID, before.Section, before.Type); err != nil {
					return err
				}
			}
		}
		after, err := ruleInTx(ctx, tx, a.AccountID, id)
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, action, "rule", id, map[string]any{"before": before, "after": after})
	})
	return id, err
}

func compactPositions(ctx context.Context, tx pgx.Tx, accountID int64, sec engine.RuleSection, t engine.RuleType) error {
	_, err := tx.Exec(ctx, `UPDATE pricer_rules r SET position = n.rn FROM (
			SELECT id, row_number() OVER (ORDER BY position, id) AS rn FROM pricer_rules WHERE account_id = $1 AND section = $2 AND rule_type = $3
		) n WHERE r.id = n.id AND r.position != n.rn`, accountID, sec, t)
	return err
}

// DeleteRule removes a rule; the rules after it move up.
func (s *Store) DeleteRule(ctx context.Context, a Actor, id int64) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if err := lockRules(ctx, tx, a.AccountID); err != nil {
			return err
		}
		before, err := ruleInTx(ctx, tx, a.AccountID, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM pricer_rules WHERE account_id = $1 AND id = $2`, a.AccountID, id); err != nil {
			return err
		}
		if err := compactPositions(ctx, tx, a.AccountID, before.Section, before.Type); err != nil {
			return err
		}
		return audit(ctx, tx, a, "rule_delete", "rule", id, map[string]any{"before": before, "after": nil})
	})
}

// SetRuleStatus activates or deactivates a rule.
func (s *Store) SetRuleStatus(ctx context.Context, a Actor, id int64, status string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		before, err := ruleInTx(ctx, tx, a.AccountID, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE pricer_rules SET status = $3, updated_by = $4, updated_at = now() WHERE account_id = $1 AND id = $2`,
			a.AccountID, id, status, nullID(a.UserID)); err != nil {
			return err
		}
		after, err := ruleInTx(ctx, tx, a.AccountID, id)
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "rule_status", "rule", id, map[string]any{"before": before, "after": after})
	})
}

// ReorderRules puts the rules of one (section, type) list in the order of ids,
// which must be exactly that list's rules.
func (s *Store) ReorderRules(ctx context.Context, a Actor, sec engine.RuleSection, t engine.RuleType, ids []int64) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if err := lockRules(ctx, tx, a.AccountID); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT id FROM pricer_rules WHERE account_id = $1 AND section = $2 AND rule_type = $3 ORDER BY position, id`, a.AccountID, sec, t)
		if err != nil {
			return err
		}
		before, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		a1, a2 := slices.Clone(before), slices.Clone(ids)
		slices.Sort(a1)
		slices.Sort(a2)
		if !slices.Equal(a1, a2) {
			return Invalid("order", "The order must list every rule of this list exactly once; reload the rules and try again")
		}
		if _, err := tx.Exec(ctx, `UPDATE pricer_rules r SET position = o.pos, updated_by = $3, updated_at = now()
			FROM unnest($2::bigint[]) WITH ORDINALITY AS o(id, pos) WHERE r.account_id = $1 AND r.id = o.id`, a.AccountID, ids, nullID(a.UserID)); err != nil {
			return err
		}
		return audit(ctx, tx, a, "rule_reorder", "rules_order", string(sec)+"/"+string(t), map[string]any{"before": before, "after": ids})
	})
}

// RuleAuditEntry is one row of the rules audit log.
type RuleAuditEntry struct {
	ID       int64     `json:"id"`
	At       time.Time `json:"at"`
	User     string    `json:"user"` // e-mail
	Action   string    `json:"action"`
	EntityID string    `json:"rule_id"`
	Before   any       `json:"before"` // the rule (or order, or guardrails) before; null for a create
	After    any       `json:"after"`  // after; null for a delete
}

// RuleAudit lists the account's rule changes, newest first, and their total.
func (s *Store) RuleAudit(ctx context.Context, accountID int64, limit, offset int) ([]RuleAuditEntry, int, error) {
	var total int
	if err := s.DB.QueryRow(ctx, `SELECT count(*) FROM audit_log WHERE account_id = $1 AND entity IN ('rule', 'rules_order', 'guardrails')`,
		accountID).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.DB.Query(ctx, `SELECT a.id, a.at, coalesce(u.email, ''), a.action, a.entity_id,
			coalesce(a.detail->'before', 'null'::jsonb), coalesce(a.detail->'after', 'null'::jsonb)
		FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
		WHERE a.account_id = $1 AND a.entity IN ('rule', 'rules_order', 'guardrails') ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
		accountID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	out := []RuleAuditEntry{}
	for rows.Next() {
		var e RuleAuditEntry
		var before, after []byte
		if err := rows.Scan(&e.ID, &e.At, &e.User, &e.Action, &e.EntityID, &before, &after); err != nil {
			rows.Close()
			return nil, 0, err
		}
		e.Action = strings.TrimPrefix(e.Action, "rule_")
		if err := json.Unmarshal(before, &e.Before); err != nil {
			rows.Close()
			return nil, 0, err
		}
		if err := json.Unmarshal(after, &e.After); err != nil {
			rows.Close()
			return nil, 0, err
		}
		out = append(out, e)
	}
	return out, total, rows.Err()
}

// Guardrails returns the account's guardrails (the defaults when never set).
func (s *Store) Guardrails(ctx context.Context, accountID int64) (engine.Guardrails, error) {
	var g engine.Guardrails
	err := s.DB.QueryRow(ctx, `SELECT max_change_pct, rounding_endings, min_margin_pct, auto_approve_pct, matrix_profile
		FROM pricer_guardrails WHERE account_id = $1`, accountID).Scan(&g.MaxChangePct, &g.RoundingEndings, &g.MinMarginPct, &g.AutoApprovePct, &g.MatrixProfile)
	if errors.Is(err, pgx.ErrNoRows) {
		return engine.Guardrails{RoundingEndings: []float64{}}, nil
	}
	if g.RoundingEndings == nil {
		g.RoundingEndings = []float64{}
	}
	return g, err
}

// SaveGuardrails replaces the account's guardrails (validated by the caller).
func (s *Store) SaveGuardrails(ctx context.Context, a Actor, g engine.Guardrails) error {
	if g.RoundingEndings == nil {
		g.RoundingEndings = []float64{}
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		before, err := s.Guardrails(ctx, a.AccountID)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO pricer_guardrails (account_id, max_change_pct, rounding_endings, min_margin_pct, auto_approve_pct, matrix_profile, updated_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (account_id) DO UPDATE SET max_change_pct = $2, rounding_endings = $3, min_margin_pct = $4, auto_approve_pct = $5,
				matrix_profile = $6, updated_by = $7, updated_at = now()`,
			a.AccountID, g.MaxChangePct, g.RoundingEndings, g.MinMarginPct, g.AutoApprovePct, g.MatrixProfile, nullID(a.UserID)); err != nil {
			return err
		}
		return audit(ctx, tx, a, "guardrails_save", "guardrails", a.AccountID, map[string]any{"before": before, "after": g})
	})
}

package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// Scenario is a folder of the user's saved reports.
type Scenario struct {
	ID              int64        `json:"id"`
	Name            string       `json:"name"`
	Description     string       `json:"description"`
	Icon            int16        `json:"icon"`
	BackgroundColor string       `json:"background_color"`
	Order           int32        `json:"order"`
	Reports         []ReportStub `json:"reports"`
}

// ReportStub is a report inside a scenario listing.
type ReportStub struct {
	ID         int64  `json:"id"`
	ReportName string `json:"report_name"`
	ReportType string `json:"report_type"`
	ReportPath string `json:"report_path"`
	FolderID   int64  `json:"folder_id"`
}

// ScenarioFields are the editable fields (nil: unchanged on patch).
type ScenarioFields struct {
	Name, Description, BackgroundColor *string
	Icon                               *int16
}

const scenarioCols = `id, name, description, icon, background_color, sort_order`

func scanScenario(row pgx.Row) (Scenario, error) {
	var sc Scenario
	err := row.Scan(&sc.ID, &sc.Name, &sc.Description, &sc.Icon, &sc.BackgroundColor, &sc.Order)
	if errors.Is(err, pgx.ErrNoRows) {
		return sc, NotFound("Scenario not found")
	}
	sc.Reports = []ReportStub{}
	return sc, err
}

func (s *Store) reportStubs(ctx context.Context, a Actor) ([]ReportStub, error) {
	rows, err := s.DB.Query(ctx, `SELECT id, report_name, report_type, report_path, coalesce(folder_id, -1) FROM saved_reports
		WHERE account_id = $1 AND user_id = $2 AND removed_at IS NULL ORDER BY when_added DESC, id DESC`, a.AccountID, a.UserID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[ReportStub])
}

// Scenarios lists the actor's scenarios with their reports, and the reports without a folder.
func (s *Store) Scenarios(ctx context.Context, a Actor) ([]Scenario, []ReportStub, error) {
	rows, err := s.DB.Query(ctx, `SELECT `+scenarioCols+` FROM scenarios WHERE account_id = $1 AND user_id = $2
		ORDER BY sort_order, id`, a.AccountID, a.UserID)
	if err != nil {
		return nil, nil, err
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Scenario, error) { return scanScenario(r) })
	if err != nil {
		return nil, nil, err
	}
	stubs, err := s.reportStubs(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	idx := map[int64]int{}
	for i, sc := range list {
		idx[sc.ID] = i
	}
	other := []ReportStub{}
	for _, st := range stubs {
		if i, ok := idx[st.FolderID]; ok {
			list[i].Reports = append(list[i].Reports, st)
		} else {
			other = append(other, st)
		}
	}
	if list == nil {
		list = []Scenario{}
	}
	return list, other, nil
}

// Scenario returns one of the actor's scenarios with its reports.
func (s *Store) Scenario(ctx context.Context, a Actor, id int64) (Scenario, error) {
	sc, err := scanScenario(s.DB.QueryRow(ctx, `SELECT `+scenarioCols+` FROM scenarios WHERE id = $1 AND account_id = $2 AND user_id = $3`,
		id, a.AccountID, a.UserID))
	if err != nil {
		return sc, err
	}
	stubs, err := s.reportStubs(ctx, a)
	for _, st := range stubs {
		if st.FolderID == id {
			sc.Reports = append(sc.Reports, st)
		}
	}
	return sc, err
}

// CreateScenario adds a scenario at the end of the actor's order.
func (s *Store) CreateScenario(ctx context.Context, a Actor, f ScenarioFields) (Scenario, error) {
	var sc Scenario
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		sc, err = scanScenario(tx.QueryRow(ctx, `INSERT INTO scenarios (account_id, user_id, name, description, icon, background_color, sort_order)
			VALUES ($1, $2, $3, $4, $5, $6, (SELECT coalesce(max(sort_order), 0) + 1 FROM scenarios WHERE account_id = $1 AND user_id = $2))
			RETURNING `+scenarioCols, a.AccountID, a.UserID, deref(f.Name), deref(f.Description), derefIcon(f.Icon), deref(f.BackgroundColor)))
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "create", "scenario", sc.ID, map[string]any{"name": sc.Name})
	})
	return sc, err
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func derefIcon(p *int16) int16 {
	if p == nil {
		return 0
	}
	return *p
}

// PatchScenario changes the given fields of the actor's scenario.
func (s *Store) PatchScenario(ctx context.Context, a Actor, id int64, f ScenarioFields) (Scenario, error) {
	var sc Scenario
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		sc, err = scanScenario(tx.QueryRow(ctx, `UPDATE scenarios SET name = coalesce($4, name), description = coalesce($5, description),
			icon = coalesce($6, icon), background_color = coalesce($7, background_color)
			WHERE id = $1 AND account_id = $2 AND user_id = $3 RETURNING `+scenarioCols,
			id, a.AccountID, a.UserID, f.Name, f.Description, f.Icon, f.BackgroundColor))
		if err != nil {
			return err
		}
		return audit(ctx, tx, a, "update", "scenario", id, map[string]any{"name": sc.Name})
	})
	if err != nil {
		return sc, err
	}
	return s.Scenario(ctx, a, id)
}

// DeleteScenario deletes the actor's scenario; its reports go to folder -1.
func (s *Store) DeleteScenario(ctx context.Context, a Actor, id int64) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM scenarios WHERE id = $1 AND account_id = $2 AND user_id = $3`, id, a.AccountID, a.UserID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return NotFound("Scenario not found")
		}
		return audit(ctx, tx, a, "delete", "scenario", id, nil)
	})
}

// ReorderScenarios sets the order of the actor's scenarios; ids must be exactly theirs.
func (s *Store) ReorderScenarios(ctx context.Context, a Actor, ids []int64) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM scenarios WHERE account_id = $1 AND user_id = $2`, a.AccountID, a.UserID).Scan(&n); err != nil {
			return err
		}
		if n != len(ids) || len(uniqueIDs(ids)) != len(ids) {
			return Invalid("order", "The order must list each of your scenarios exactly once")
		}
		tag, err := tx.Exec(ctx, `UPDATE scenarios s SET sort_order = o.pos FROM unnest($3::bigint[]) WITH ORDINALITY AS o(id, pos)
			WHERE s.id = o.id AND s.account_id = $1 AND s.user_id = $2`, a.AccountID, a.UserID, ids)
		if err != nil {
			return err
		}
		if int(tag.RowsAffected()) != len(ids) {
			return Invalid("order", "The order must list each of your scenarios exactly once")
		}
		return audit(ctx, tx, a, "reorder", "scenario", "", map[string]any{"order": ids})
	})
}

// AssociateReport moves the actor's report into a scenario (folder -1: none).
func (s *Store) AssociateReport(ctx context.Context, a Actor, reportID, folderID int64) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if err := checkFolder(ctx, tx, a, folderID); err != nil {
			var se *Error
			if errors.As(err, &se) {
				return NotFound("Scenario not found")
			}
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE saved_reports SET folder_id = $4, updated_at = now()
			WHERE id = $1 AND account_id = $2 AND user_id = $3 AND removed_at IS NULL`, reportID, a.AccountID, a.UserID, folderArg(folderID))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return NotFound("Report not found")
		}
		return audit(ctx, tx, a, "associate", "saved_report", reportID, map[string]any{"folder_id": folderID})
	})
}

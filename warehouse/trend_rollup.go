package warehouse

import (
	"context"
	"fmt"
	"time"

	"pricelens/engine"
)

// refreshTrendRollup rebuilds account id's trend rollup (migration 00050,
// engine.TrendRollupBuild) over its whole history, up to 3 years back, to
// yesterday: built chunk by chunk of products into trend_rollup_build, its build
// row written, then swapped into trend_rollup with REPLACE PARTITION, so readers
// see the old rollup or the new one. An account without scans gets no rollup (its
// trends read the raw scans, which are empty). The refresh after a load calls it
// after the snapshot, whose products (weights, categories) it reads.
func (w *Warehouse) refreshTrendRollup(ctx context.Context, id uint32, settings engine.Settings, now time.Time) error {
	part := engine.IntLit(int64(id))
	drop := func(t engine.Table) error {
		return w.Conn.Exec(ctx, "ALTER TABLE "+t.String()+" DROP PARTITION "+part)
	}
	if err := drop(engine.TableTrendRollupBuild); err != nil {
		return err
	}
	var first time.Time
	var ids []uint32
	if err := w.Conn.QueryRow(ctx, "SELECT toDateTime(toDate(min(scanned_at))), arraySort(groupUniqArray(competitor_id)) FROM "+
		engine.TableOffers.String()+" WHERE account_id = ?", id).Scan(&first, &ids); err != nil {
		return err
	}
	today := time.Date(now.UTC().Year(), now.UTC().Month(), now.UTC().Day(), 0, 0, 0, 0, time.UTC)
	last := today.AddDate(0, 0, -1)
	if earliest := today.AddDate(-engine.TrendYearsBack, 0, 0); first.Before(earliest) {
		first = earliest
	}
	first = time.Date(first.Year(), first.Month(), first.Day(), 0, 0, 0, 0, time.UTC)
	if len(ids) == 0 || first.After(last) {
		return drop(engine.TableTrendRollup)
	}
	comps := make([]engine.Competitor, len(ids))
	for i, c := range ids {
		comps[i] = engine.Competitor{ID: int64(c)}
	}
	a := engine.Account{AccountID: id, Settings: settings, Now: now}
	ranges, err := w.snapshotRanges(ctx, id)
	if err != nil {
		return err
	}
	build := uint64(now.UnixNano())
	for _, r := range ranges {
		st, err := engine.TrendRollupBuild(a, comps, first, last, r.lo, r.hi, build)
		if err != nil {
			return err
		}
		if err := w.Conn.Exec(ctx, st.SQL, st.Args...); err != nil {
			return fmt.Errorf("trend rollup: %w", err)
		}
	}
	s := a.Settings
	if s.StalenessDays <= 0 {
		s.StalenessDays = engine.DefaultSettings().StalenessDays
	}
	if err := w.Conn.Exec(ctx, `INSERT INTO `+engine.TableTrendRollupBuilds.String()+` (account_id, build_id, built_at, first_day, last_day, staleness, parity, lower, upper, competitors)
		SELECT ?, ?, now(), toDate(?), toDate(?), ?, ?, ?, ?, CAST(? AS Array(UInt32))`,
		id, build, first.Format("2006-01-02"), last.Format("2006-01-02"), uint32(s.StalenessDays), s.Parity, s.Lower, s.Upper, ids); err != nil {
		return err
	}
	if err := w.Conn.Exec(ctx, "ALTER TABLE "+engine.TableTrendRollup.String()+" REPLACE PARTITION "+part+" FROM "+engine.TableTrendRollupBuild.String()); err != nil {
		return err
	}
	return drop(engine.TableTrendRollupBuild)
}

// TrendRollup reads what the account's current trend rollup covers (nil: none).
func (w *Warehouse) TrendRollup(ctx context.Context, id uint32) (*engine.TrendRollup, error) {
	res, err := w.Query(ctx, SQL(`SELECT toString(first_day), toString(last_day), staleness, parity, lower, upper, competitors
		FROM `+engine.TableTrendRollupBuilds.String()+` WHERE account_id = ? AND build_id = (SELECT any(build_id) FROM `+engine.TableTrendRollup.String()+` WHERE account_id = ?)
		LIMIT 1`, id, id))
	if err != nil || len(res.Rows) == 0 {
		return nil, err
	}
	r := res.Rows[0]
	out := &engine.TrendRollup{}
	out.FirstDay, _ = time.Parse("2006-01-02", r[0].(string))
	out.LastDay, _ = time.Parse("2006-01-02", r[1].(string))
	st, _ := r[2].(uint64)
	out.Staleness = int(st)
	out.Parity, _ = r[3].(float64)
	out.Lower, _ = r[4].(float64)
	out.Upper, _ = r[5].(float64)
	ids, _ := r[6].([]uint32)
	for _, c := range ids {
		out.Competitors = append(out.Competitors, int64(c))
	}
	return out, nil
}

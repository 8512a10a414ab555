import { useSession } from '../../lib/session';
import { chosenIds, MARKET } from '../../lib/competitorPick';
import { formatValue } from '../../lib/format';
import { DateRangePicker } from '../../components/DateRangePicker';
import { CompetitorSelect } from '../../components/CompetitorSelect';
import { LineChart } from '../../components/LineChart';
import { Table } from '../../components/Table';
import { getLowerCfData, getLowerCfList, getTrend, getTrendColumns, getTrendRows, type TrendRow } from '../../api/trend';
import { asOfNote, customFieldKey, flagLines, flaggedNote, MARKET_KEY, mergeLine, tableColumns, trendLines, type TrendReport } from './reports';
import { trendData, type TrendState } from './state';
import { useLoad } from '../../lib/useLoad';
import { ExportCsv, Loaded, ViewToggle, WeighBy } from './TrendControls';

/**
 * A line trend (price trend, margin trend, price vs. market): my value, the market,
 * the selected competitors' mean and each picked competitor per day, with up to two
 * extra custom-field lines, as a chart or a table of the same rows.
 */
export function LineTrend({ report, state, set, reportId, share }: { report: TrendReport; state: TrendState; set: (s: Partial<TrendState>) => void; reportId?: string; share: boolean }) {
  const { account } = useSession();
  const competitors = Object.values(account.competitors).map((c) => ({ id: c.id, name: c.name }));
  const allIds = competitors.map((c) => c.id);
  const ids = chosenIds(state.pick, allIds);
  const data = trendData(report, state, allIds);
  const wantMarket = report.marketLines && state.pick.includes(MARKET);
  const main = useLoad(JSON.stringify([data, wantMarket]), async (signal) => {
    const [answer, market] = await Promise.all([
      getTrend(data, signal),
      // The market is the mean over every competitor: this answer's selected competitors when all are chosen.
      wantMarket && ids.length < allIds.length ? getTrendRows({ ...data, competitorId: [] }, signal) : Promise.resolve(null),
    ]);
    return { ...answer, rows: wantMarket ? mergeLine(answer.rows, market ?? answer.rows, 'selected_competitors', MARKET_KEY) : answer.rows };
  });
  // The extra lines load on their own: adding one does not ask for the report's rows again.
  const extra = useLoad(JSON.stringify([data, state.customFields]), (signal) => Promise.all(state.customFields.map((f) => getLowerCfData(data, f, signal))));
  const flagged = main.data?.flagged ?? {};
  let rows: TrendRow[] = main.data?.rows ?? [];
  state.customFields.forEach((f, i) => (rows = mergeLine(rows, extra.data?.[i] ?? [], 'value', customFieldKey(f))));
  const columns = useLoad('columns' + report.name + reportId, () => getTrendColumns(report.name, reportId, share));
  const cfList = useLoad('cf', () => getLowerCfList());
  const fields = cfList.data?.customFields ?? [];
  const chosenFields = fields.filter((f) => state.customFields.includes(f.logical_name));
  const lines = flagLines(trendLines(report.name, state.pick, competitors, chosenFields), flagged);
  const currency = String(account.settings.currency_symbol ?? '$');
  const fmt = (v: number) => formatValue(report.format, v, currency);
  const tableCols = tableColumns(columns.data ?? [], lines, report.format);
  return (
    <>
      <div className="toolbar">
        {report.weighBy && <WeighBy value={state.weightBy} onChange={(weightBy) => set({ weightBy })} />}
        <DateRangePicker value={state.dates} onChange={(dates) => set({ dates })} />
        <CompetitorSelect competitors={competitors} value={state.pick} onChange={(pick) => set({ pick })} marketLines={report.marketLines} />
        {fields.length > 0 && (
          <label>
            Add a line
            <select
              value=""
              disabled={state.customFields.length >= (cfList.data?.maxLines ?? 2)}
              onChange={(e) => e.target.value && set({ customFields: [...state.customFields, e.target.value] })}
            >
              <option value="">Custom field…</option>
              {fields
                .filter((f) => !state.customFields.includes(f.logical_name))
                .map((f) => (
                  <option key={f.logical_name} value={f.logical_name}>
                    {f.display_name}
                  </option>
                ))}
            </select>
          </label>
        )}
        {chosenFields.map((f) => (
          <span className="chip" key={f.logical_name}>
            {f.display_name}
            <button aria-label={'Remove line ' + f.display_name} onClick={() => set({ customFields: state.customFields.filter((x) => x !== f.logical_name) })}>
              ×
            </button>
          </span>
        ))}
        <ViewToggle value={state.view} onChange={(view) => set({ view })} />
        <ExportCsv name={report.title} columns={tableCols} rows={rows} />
      </div>
      {asOfNote(main.data?.dataAsOf) && (
        <div className="hint as-of-note" role="note">
          {asOfNote(main.data?.dataAsOf)}
        </div>
      )}
      {flaggedNote(lines, flagged) && (
        <div className="hint flag-note" role="note">
          {flaggedNote(lines, flagged)}
        </div>
      )}
      <Loaded loading={main.loading} failed={main.failed}>
        {state.view === 'graph' ? (
          <LineChart rows={rows} lines={lines} format={fmt} label={report.title} />
        ) : (
          <Table label={report.title + ' table'} columns={tableCols} rows={rows} currency={currency} />
        )}
      </Loaded>
    </>
  );
}

import { useMemo, useState } from 'react';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { GridApi } from 'ag-grid-community';
import { ExportDialog } from '../../components/ExportDialog';
import { useSession } from '../../lib/session';
import { exportResults, getColumnsDef, getConditionsData, getCountOfRow, type ResultRow } from './api/results';
import { codeWord, formatResult } from './resultColumns';
import { changeFilter, exportCondition, resultCondition } from './resultCondition';
import { ResultGroups } from './ResultGroups';
import { GROUP_BY } from './resultGroups';
import { ResultsGrid } from './ResultsGrid';
import { useResultsGrid, type ResultsSource } from './useResultsGrid';

type Step = { kind: string; rule_id?: number; rule_name?: string; source?: string; source_value?: number; value?: number | null; text: string };

/**
 * Results and Simulation Results (/new/repricing/results, /new/repricing/simulation_results): the
 * latest complete run's (or simulation's) per-product results as a server-side grid with the
 * shared filters, chips and count, and "why this price" on every row (tooltip and a side panel
 * with the explanation's steps).
 */
export function Results({ simulation }: { simulation: boolean }) {
  const title = simulation ? 'Simulation Results' : 'Results';
  const { account } = useSession();
  const currency = String(account.settings.currency_symbol ?? '$');
  const [why, setWhy] = useState<ResultRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const source = useMemo(() => resultsSource(simulation), [simulation]);
  // The insights panel's candidates open the results with their filter (?change=up|down).
  const [initialFilter] = useState(() => (simulation ? null : changeFilter(new URLSearchParams(window.location.search).get('change'))));
  const grid = useResultsGrid(source, { currency, groupBy: GROUP_BY[0].id, initialFilter });
  const components = useMemo(() => ({ whyCell: (p: CustomCellRendererProps) => <WhyCell {...p} onOpen={setWhy} /> }), []);
  const { runId } = grid;

  return (
    <ResultsGrid
      grid={grid}
      title={title}
      groupByOptions={GROUP_BY}
      countText={(c) => `${c.count.toLocaleString('en-US')} products` + (simulation || c.pending == null ? '' : `, ${c.pending.toLocaleString('en-US')} pending`)}
      runLabel={simulation ? 'Simulation' : 'Run'}
      emptyText={simulation ? 'No simulation has finished yet.' : 'No run has finished yet.'}
      toolbar={
        <button className="btn" onClick={() => setExporting(true)} disabled={runId == null}>
          Export
        </button>
      }
      groups={(mode, groupBy, cond) => <ResultGroups mode={mode} groupBy={groupBy} cond={cond} currency={currency} />}
      aside={why && <WhyPanel row={why} currency={currency} onClose={() => setWhy(null)} />}
      components={components}
    >
      {exporting && runId != null && (
        <ExportDialog
          start={() => exportResults(exportCondition(grid.currentCond(), runId, visibleColumns(grid.api(), grid.headers)))}
          onClose={() => setExporting(false)}
        />
      )}
    </ResultsGrid>
  );
}

/** resultsSource is the results grid's side of the server: a run's (or the latest simulation's) results. */
function resultsSource(simulation: boolean): ResultsSource {
  return {
    columns: getColumnsDef,
    rows: getConditionsData,
    count: (cond) => getCountOfRow(cond).then((c) => ({ count: c.count, pending: c.pending })),
    condition: (req, search) => resultCondition(req, search, simulation),
    // Group and graph modes read the run the grid shows.
    groupCondition: (cond, runId) => ({ ...cond, run: runId }),
  };
}

/** visibleColumns are the result columns the grid shows, in its order (the file's columns). */
function visibleColumns(api: GridApi | null, headers: Record<string, string>): string[] {
  return (api?.getAllDisplayedColumns() ?? []).map((c) => c.getColId()).filter((id) => id in headers);
}

/** WhyCell shows the explanation sentence and opens the panel with its steps. */
function WhyCell(p: CustomCellRendererProps & { onOpen: (r: ResultRow) => void }) {
  if (!p.data) return null;
  return (
    <button className="btn btn-link why-cell" aria-label={'Why this price ' + String(p.data.id)} onClick={() => p.onOpen(p.data as ResultRow)}>
      {String(p.value ?? '')}
    </button>
  );
}

/** WhyPanel is "why this price": the sentence, then each step (rule, source value, bound, guardrail, rounding). */
function WhyPanel({ row, currency, onClose }: { row: ResultRow; currency: string; onClose: () => void }) {
  const steps = (Array.isArray(row.steps) ? row.steps : []) as Step[];
  return (
    <aside className="why-panel" role="complementary" aria-label="Why this price">
      <div className="page-head">
        <h2>Why this price</h2>
        <button className="btn btn-link" onClick={onClose} aria-label="Close why this price">
          ×
        </button>
      </div>
      <p className="muted">
        {String(row.name ?? '')} ({String(row.id)})
      </p>
      <dl className="facts">
        <dt>Current price</dt>
        <dd>{formatResult('currency', row.price, currency)}</dd>
        <dt>Recommended price</dt>
        <dd>{formatResult('currency', row.recommended_price, currency)}</dd>
        <dt>Change</dt>
        <dd>{formatResult('percent', row.change_pct, currency)}</dd>
        <dt>Status</dt>
        <dd>{codeWord('status', row.status)}</dd>
      </dl>
      <p className="why-sentence">{String(row.explanation ?? '')}</p>
      <ol className="why-steps">
        {steps.map((s, i) => (
          <li key={i} data-kind={s.kind}>
            {s.text}
          </li>
        ))}
      </ol>
    </aside>
  );
}

import { useState, type ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { exportTrendTable, type TrendRow } from '../../api/trend';
import { csvText, saveFile } from '../../lib/csv';
import { useUI } from '../../store/ui';

/** The weigh-by selector: Price or a custom field (docs/product.md §2); competitiveness metrics weigh by a custom field or NotWeighted. */
export function WeighBy({ value, onChange, notWeighted = false }: { value: string; onChange: (v: string) => void; notWeighted?: boolean }) {
  const { account } = useSession();
  return (
    <label>
      {notWeighted ? 'Weighted By' : 'Weigh by'}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {notWeighted ? <option value="NotWeighted">NotWeighted</option> : <option value="price">Price</option>}
        {account.custom_fields.map((c) => (
          <option key={c.logical_name} value={c.logical_name}>
            {c.display_name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The graph/table toggle. */
export function ViewToggle({ value, onChange }: { value: 'graph' | 'table'; onChange: (v: 'graph' | 'table') => void }) {
  return (
    <div className="segmented" role="group" aria-label="View">
      {(['graph', 'table'] as const).map((v) => (
        <button key={v} className={value === v ? 'active' : ''} aria-pressed={value === v} onClick={() => onChange(v)}>
          {v === 'graph' ? 'Graph' : 'Table'}
        </button>
      ))}
    </div>
  );
}

/** A labelled select of fixed choices. */
export function Choice<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly { value: T; label: string }[]; onChange: (v: T) => void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Loading, failed or the content. */
export function Loaded({ loading, failed, children }: { loading: boolean; failed: boolean; children: ReactNode }) {
  if (loading) return <div className="page-loading">Loading...</div>;
  if (failed) return <div className="empty-state">No data to display</div>;
  return <>{children}</>;
}

/**
 * ExportCsv saves the trend table, the rows on screen in the table's columns, as a CSV
 * file: the server lays the cells out (trend/exportDataInClientSide, docs/product.md §7), the
 * browser writes the file. Disabled while it runs and when there are no rows.
 */
export function ExportCsv({ name, columns, rows }: { name: string; columns: { field: string; headerName: string }[]; rows: TrendRow[] }) {
  const [busy, setBusy] = useState(false);
  const snack = useUI((s) => s.snack);
  const run = async () => {
    setBusy(true);
    try {
      const t = await exportTrendTable(rows, columns);
      saveFile(name + '.csv', csvText(t.columns, t.data));
    } catch (e) {
      snack(e instanceof Error && e.message ? e.message : 'an error occurred, please try again');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn" disabled={busy || rows.length === 0} onClick={run}>
      {busy ? 'Exporting...' : 'Export CSV'}
    </button>
  );
}

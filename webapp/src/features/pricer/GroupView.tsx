import type { ReactNode } from 'react';
import { BarChart, type BarRow, type BarSeries } from '../../components/BarChart';

/** A column of a group table: its header and what a group row shows in it. */
export type GroupColumn<T> = { header: string; cell: (row: T) => ReactNode };

/**
 * GroupView draws the group and graph modes of a pricer results grid (Results, Manual Approval):
 * a table with a row per group (its label, then the columns), or a stacked bar per group, from
 * the group rows of the grid's condition. What differs per grid is only the columns, the bars'
 * series and the labels, so a fix to the modes reaches both.
 */
export function GroupView<T extends { group_key: string }>({
  mode,
  label,
  by,
  rows,
  error,
  groupLabel,
  columns,
  bars,
  series,
}: {
  mode: 'group' | 'graph';
  /** The table's and the chart's name, "Results by status". */
  label: string;
  /** The group-by column's label: the first header. */
  by: string;
  rows?: T[];
  error?: string;
  groupLabel: (key: string) => string;
  columns: GroupColumn<T>[];
  bars: (rows: T[]) => BarRow[];
  series: BarSeries[];
}) {
  if (error) return <div className="form-error">{error}</div>;
  if (!rows) return <div className="page-loading">Loading...</div>;
  if (mode === 'graph') return <BarChart rows={bars(rows)} series={series} label={label} />;
  return (
    <div className="result-groups">
      {rows.length === 0 ? (
        <div className="empty-state">No data to display</div>
      ) : (
        <table className="data-table" aria-label={label}>
          <thead>
            <tr>
              <th>{by}</th>
              {columns.map((c) => (
                <th key={c.header}>{c.header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.group_key}>
                <th scope="row">{groupLabel(r.group_key)}</th>
                {columns.map((c) => (
                  <td key={c.header}>{c.cell(r)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

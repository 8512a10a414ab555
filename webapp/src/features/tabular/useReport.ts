import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { groupLevelOf, predefinedByHref } from '../../lib/reports';
import type { SavedReport } from '../../api/types';
import { getColumnsDef } from './api/grid';
import { getSaveReport } from './api/savedReports';
import { colIdOf, type ApiColumn } from './columns';
import { rowCountOf, type Condition, type ScreenState } from './condition';
import { GROUP_COLUMNS, initialGrid, prefetchFirstBlock, withGroupColumns, type InitialGrid } from './initial';
import { fetchBlock, prefetchCount, takeColumns } from './prefetch';
import { useTabular } from './store';

/** A report ready to show: what the screen needs before ag-grid is built. */
export type LoadedReport = {
  reportType: string;
  title: string;
  saved?: SavedReport;
  /** the API's columns */
  columns: ApiColumn[];
  /** the API's columns and the screen's own group columns */
  allColumns: ApiColumn[];
  init: InitialGrid;
  screen: ScreenState;
};

export type ReportLoad = 'loading' | 'ready' | 'unavailable' | 'notfound';

/**
 * useReport loads a report by address: a predefined report id, a saved report id or
 * a share link (insight: the products of a pricing insight, ?insight=). It opens the saved report, takes (or asks for) the column
 * definitions, sets the screen's UI state and starts the first block and the count
 * before ag-grid exists.
 */
export function useReport(id: string, share: boolean, insight?: string): { state: ReportLoad; report: LoadedReport | null } {
  const [report, setReport] = useState<LoadedReport | null>(null);
  const [state, setState] = useState<ReportLoad>('loading');
  const reset = useTabular((s) => s.reset);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      setState('loading');
      let saved: SavedReport | undefined;
      let reportType = id;
      if (share || /^\d+$/.test(id)) {
        try {
          const r = await getSaveReport(id, share);
          saved = r.report;
          reportType = saved.report_type;
        } catch (e) {
          if (cancelled) return;
          if (e instanceof ApiError && e.status === 404) setState(share ? 'unavailable' : 'notfound');
          return;
        }
      } else if (!predefinedByHref(id)) {
        setState('notfound');
        return;
      }
      const askColumns = () => getColumnsDef({ reportId: share ? id : saved ? saved.id : id, isShareLink: share });
      // A predefined report's columns may already be on their way (prefetchReport, started with the page).
      const early = !share && !saved ? takeColumns(id) : undefined;
      const cols = early ? await early.catch(askColumns) : await askColumns();
      if (cancelled) return;
      const cond = (saved?.condition ?? {}) as Partial<Condition>;
      const level = saved ? savedGroupLevel(saved) : groupLevelOf(reportType);
      const mode = saved?.chart ? 'graph' : level ? 'group' : 'table';
      const weightBy = saved?.distribution_weights_cf || cond.weightBy || 'product';
      const search = cond.search ?? '';
      reset({ mode, groupLevel: level ?? '', weightBy, search });
      const apiColumns = cols.columns;
      const allColumns = withGroupColumns(apiColumns);
      const init = initialGrid(allColumns, new Set(apiColumns.map(colIdOf)), saved, mode, level ?? '');
      const screen: ScreenState = { reportType, reportId: saved?.id, search, weightBy, competitorIds: [], visibleColumns: init.visible, ...(insight ? { insight } : {}) };
      // The first block is asked for while ag-grid is still being built (the grid takes it
      // when its first request is the same condition).
      const first = prefetchFirstBlock(init, screen, fetchBlock);
      // The count goes out as soon as the first block is in, not once the grid has been built.
      first.block
        .then((b) => {
          if (first.condition.group.length > 0 || rowCountOf(b.lastRow) === undefined) prefetchCount(first.condition);
        })
        .catch(() => {});
      setReport({
        reportType,
        title: saved?.report_name || saved?.page_title || predefinedByHref(reportType)?.name || reportType,
        saved,
        columns: apiColumns,
        allColumns,
        init,
        screen,
      });
      setState('ready');
    })().catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [id, share, insight, reset]);

  return { state, report };
}

/** savedGroupLevel is the row-group level a saved report was saved in (or its type's default). */
function savedGroupLevel(r: SavedReport): string | undefined {
  const g = (Array.isArray(r.group_mode) ? r.group_mode : []) as unknown[];
  const first = g[0];
  const colId = typeof first === 'string' ? first : (first as { id?: string } | undefined)?.id;
  if (!colId) return groupLevelOf(r.report_type);
  return Object.entries(GROUP_COLUMNS).find(([, c]) => c === colId)?.[0] ?? (colId in GROUP_COLUMNS ? colId : undefined);
}

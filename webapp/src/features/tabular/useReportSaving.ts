import { useState, type RefObject } from 'react';
import type { GridApi } from 'ag-grid-community';
import { ApiError } from '../../lib/api';
import { navigate } from '../../lib/router';
import { useUI } from '../../store/ui';
import { insertSaveReport, insertSaveReportForCopyLink, updateSaveReport } from './api/savedReports';
import type { ScreenState } from './condition';
import { reportState, visibleColIds } from './gridState';
import { useTabular } from './store';
import type { LoadedReport } from './useReport';

/**
 * useReportSaving is Save, Save As and the share link of the report screen (docs/product.md §4),
 * with their snackbars. `saved` follows the saved report as the server last answered it.
 */
export function useReportSaving(gridApi: RefObject<GridApi | null>, screen: RefObject<ScreenState>, report: LoadedReport, share: boolean, known: Set<string>) {
  const snack = useUI((s) => s.snack);
  const [saved, setSaved] = useState(report.saved);
  const body = () => reportState(gridApi.current!, { reportType: report.reportType, pageTitle: report.saved?.page_title }, screen.current);

  const save = async () => {
    if (!saved) return;
    try {
      const r = await updateSaveReport({ id: saved.id, report_name: saved.report_name, folder_id: saved.folder_id, ...body() });
      setSaved(r.report);
      snack('Your report has been saved');
    } catch {
      snack('report update fail');
    }
  };

  /** saveAs rethrows a 400 (the dialog shows it); otherwise the dialog is done. */
  const saveAs = async (name: string, folderId: number) => {
    let r: { id: number };
    try {
      r = await insertSaveReport({ ...body(), report_name: name, folder_id: folderId });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) throw e;
      snack('create a new report fail');
      return;
    }
    snack('report save successfully', { label: 'View report', to: '/pricing/type/' + r.id });
    // Saving a shared report moves the user to the /type/ path (docs/product.md §4).
    if (share) navigate('/pricing/type/' + r.id);
  };

  const createShareLink = async () => {
    const a = gridApi.current!;
    const r = await insertSaveReportForCopyLink({
      ...(saved && !share ? { reportId: saved.id } : {}),
      condition: { ...body(), graphMode: useTabular.getState().mode === 'graph', show_columns: visibleColIds(a, known) },
    });
    return window.location.origin + (r.url || '/pricing/share/' + r.id);
  };

  return { saved, save, saveAs, createShareLink };
}

import { api } from '../../../lib/api';
import type { Condition } from '../condition';

/** The export calls (DESIGN §9): start, state, cancel, the user's recent exports and the file. */

export type ExportState = {
  reportName: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'canceled';
  percent: number;
  /** null while unknown (before the first rows are written) */
  eta_seconds: number | null;
  rows: number;
  error?: string;
  created_at: string;
  expires_at: string;
};

export type ExportSelection = { selectAll: boolean; toggledNodes: string[] };

/** ExportRequest is what an export sends: the grid's condition and its selection (null: every row). */
export type ExportRequest = { condition: Condition; selection: ExportSelection | null };

export const startExport = (condition: Condition, selection: ExportSelection | null) =>
  api.post<{ exportReportName: string }>('/tabular/exportDataToCsv', { condition, ...(selection ?? {}) });

export const initialExportProcess = (reportName: string) => api.post<ExportState>('/tabular/initialExportProcess', { reportName });

export const getExportStatus = (reportName: string) => api.post<ExportState>('/tabular/getExportStatus', { reportName });

export const abortExport = (reportName: string) => api.post<ExportState>('/system/abortExport', { reportName }, { quiet: [409] });

export const getMyExports = () => api.get<{ exports: ExportState[] }>('/tabular/getMyExports');

/** csvFileUrl is the download address of a finished export. */
export const csvFileUrl = (reportName: string) => '/api/tabular/getCsvFile?reportName=' + encodeURIComponent(reportName);

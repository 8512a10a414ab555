import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';
import type { Condition } from '../condition';

/** The export calls (DESIGN §9): start, state, cancel, the user's recent exports and the file. */

type StartExport = Route<'/tabular/exportDataToCsv', 'post'>;
type InitialExportProcess = Route<'/tabular/initialExportProcess', 'post'>;
type GetExportStatus = Route<'/tabular/getExportStatus', 'post'>;
type AbortExport = Route<'/system/abortExport', 'post'>;
type GetMyExports = Route<'/tabular/getMyExports', 'get'>;

/** ExportState is an export's state as the server reports it (status, percent, eta_seconds null while unknown, rows). */
export type ExportState = GetExportStatus['answer'];

export type ExportSelection = { selectAll: boolean; toggledNodes: string[] };

/** ExportRequest is what an export sends: the grid's condition and its selection (null: every row). */
export type ExportRequest = { condition: Condition; selection: ExportSelection | null };

export const startExport = (condition: Condition, selection: ExportSelection | null) =>
  api.post<StartExport>('/tabular/exportDataToCsv', { condition, ...(selection ?? {}) });

export const initialExportProcess = (reportName: string) => api.post<InitialExportProcess>('/tabular/initialExportProcess', { reportName });

export const getExportStatus = (reportName: string) => api.post<GetExportStatus>('/tabular/getExportStatus', { reportName });

export const abortExport = (reportName: string) => api.post<AbortExport>('/system/abortExport', { reportName }, { quiet: [409] });

export const getMyExports = () => api.get<GetMyExports>('/tabular/getMyExports').then((r) => ({ exports: r.exports ?? [] }));

/** csvFileUrl is the download address of a finished export. */
export const csvFileUrl = (reportName: string) => '/api/tabular/getCsvFile?reportName=' + encodeURIComponent(reportName);

import { api } from '../lib/api';
import type { Route } from './route';

/** The calls every grid's export shares (docs/exports.md): state, cancel, the user's recent exports and the file; each grid starts its own (tabular, assortment, repricing). */

type InitialExportProcess = Route<'/tabular/initialExportProcess', 'post'>;
type GetExportStatus = Route<'/tabular/getExportStatus', 'post'>;
type AbortExport = Route<'/system/abortExport', 'post'>;
type GetMyExports = Route<'/tabular/getMyExports', 'get'>;

/** ExportState is an export's state as the server reports it (status, percent, eta_seconds null while unknown, rows). */
export type ExportState = GetExportStatus['answer'];

/** ExportSelection is a grid's selection sent with an export (docs/api-contract.md#the-grid-contract). */
export type ExportSelection = { selectAll: boolean; toggledNodes: string[] };

export const initialExportProcess = (reportName: string) => api.post<InitialExportProcess>('/tabular/initialExportProcess', { reportName });

export const getExportStatus = (reportName: string) => api.post<GetExportStatus>('/tabular/getExportStatus', { reportName });

export const abortExport = (reportName: string) => api.post<AbortExport>('/system/abortExport', { reportName }, { quiet: [409] });

export const getMyExports = () => api.get<GetMyExports>('/tabular/getMyExports').then((r) => ({ exports: r.exports ?? [] }));

/** csvFileUrl is the download address of a finished export. */
export const csvFileUrl = (reportName: string) => '/api/tabular/getCsvFile?reportName=' + encodeURIComponent(reportName);

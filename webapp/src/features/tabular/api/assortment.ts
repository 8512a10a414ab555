import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';
import type { ApiColumn } from '../columns';
import type { Condition } from '../condition';

/** The assortment reports' and the real-time view's calls (docs/reports.md#assortment-reports, "Real-time view"). */

type AssortmentData = Route<'/assortment/getConditionsData', 'post'>;
type AssortmentCount = Route<'/assortment/getCountOfRow', 'post'>;
type AssortmentColumns = Route<'/assortment/getColumnsDef', 'post'>;
type RealTimeData = Route<'/tabular/getConditionsDataForRealTime', 'post'>;
type RealTimeColumns = Route<'/tabular/getColumnDefRealTime', 'post'>;
type RealTimeCount = Route<'/tabular/getRealTimeTabularCount', 'post'>;
type ScanSummary = Route<'/tabular/pricing', 'get'>;
type AssortmentExport = Route<'/assortment/exportDataToCsv', 'post'>;
type RealTimeExport = Route<'/tabular/exportDataToCsvRealTime', 'post'>;

export type GridBlock = { lastRow: number; rows: Record<string, unknown>[] };
export type CompetitorScans = NonNullable<ScanSummary['answer']['competitors']>[number];

type WireColumn = Omit<ApiColumn, 'radioValues'> & { radioValues?: string[] | null };
const columnsOf = (r: { columns?: WireColumn[] | null }): ApiColumn[] => (r.columns ?? []).map((c) => ({ ...c, radioValues: c.radioValues ?? undefined }));
const blockOf = (b: { lastRow: number; rows?: unknown[] | null }): GridBlock => ({ lastRow: b.lastRow, rows: (b.rows ?? []) as GridBlock['rows'] });

export const getAssortmentColumns = (tableName: string) => api.post<AssortmentColumns>('/assortment/getColumnsDef', { tableName }).then(columnsOf);

export const getAssortmentData = (tableName: string, data: Condition) =>
  api.post<AssortmentData>('/assortment/getConditionsData', { tableName, data }).then(blockOf);

/** getAssortmentCount is how many rows the condition matches: the pager's "of N". */
export const getAssortmentCount = (tableName: string, data: Condition) =>
  api.post<AssortmentCount>('/assortment/getCountOfRow', { tableName, data }, { quiet: true }).then((r) => r.count);

export const getRealTimeColumns = (competitorsId: number[]) => api.post<RealTimeColumns>('/tabular/getColumnDefRealTime', { competitorsId }).then(columnsOf);

export const getRealTimeData = (competitorsId: number[], offset: number) =>
  api.post<RealTimeData>('/tabular/getConditionsDataForRealTime', { competitorsId, offset }).then(blockOf);

export const getRealTimeCount = (competitorsId: number[]) =>
  api.post<RealTimeCount>('/tabular/getRealTimeTabularCount', { competitorsId }, { quiet: true }).then((r) => r.count);

/** getScanSummary lists each competitor with its latest scan (GET /tabular/pricing). */
export const getScanSummary = (): Promise<CompetitorScans[]> => api.get<ScanSummary>('/tabular/pricing').then((r) => r.competitors ?? []);

export const startAssortmentExport = (tableName: string, data: Condition) => api.post<AssortmentExport>('/assortment/exportDataToCsv', { tableName, data });

export const startRealTimeExport = (competitorsId: number[]) => api.post<RealTimeExport>('/tabular/exportDataToCsvRealTime', { competitorsId });

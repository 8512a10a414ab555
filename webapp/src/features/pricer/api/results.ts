import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';
import type { components } from '../../../api/schema';

/** The results grids' calls (docs/product.md §7 "Grid data"): columns, rows of one run, count. */

type GetColumnsDef = Route<'/repricing/getColumnsDef', 'get'>;
type GetConditionsData = Route<'/repricing/getConditionsData', 'post'>;
type GetCountOfRow = Route<'/repricing/getCountOfRow', 'post'>;
type ExportResults = Route<'/repricing/exportDataToCsv', 'post'>;

export type ResultColumn = components['schemas']['GridColumnDef'];
/** ResultRow is one product's result: the result columns, explanation (a sentence) and steps. */
export type ResultRow = Record<string, unknown>;

export const getColumnsDef = (): Promise<ResultColumn[]> => api.get<GetColumnsDef>('/repricing/getColumnsDef').then((r) => r.columns ?? []);

/** getConditionsData asks for one block of a run's results; the condition carries run (latest, simulation). */
export const getConditionsData = (data: object) =>
  api.post<GetConditionsData>('/repricing/getConditionsData', { data: data as never }).then((b) => ({ rows: (b.rows ?? []) as ResultRow[], lastRow: b.lastRow, runId: b.run_id ?? null }));

/** getCountOfRow counts a condition's results and how many are pending; a failure only leaves the count out. */
export const getCountOfRow = (conditionData: object) =>
  api.post<GetCountOfRow>('/repricing/getCountOfRow', { conditionData: conditionData as never, calculatePendingRow: true }, { quiet: true });

/** exportResults starts the CSV export of a results condition (its run, filters, sort, search, visible columns); the shared dialog follows it. */
export const exportResults = (condition: object) => api.post<ExportResults>('/repricing/exportDataToCsv', { condition: condition as never });

import { api } from '../../../lib/api';
import type { ApiColumn } from '../columns';
import type { Condition } from '../condition';
import type { Block } from '../initial';

/** The grid's calls (api/CONTRACT.md "Grid"): columns, rows, count. */

export type ColumnsAnswer = { columns: ApiColumn[] };

/** getColumnsDef asks for a report's column definitions; quiet when a failure is handled by the caller (a prefetch). */
export const getColumnsDef = (body: { reportId: string | number; report_type: string; isShareLink: boolean }, quiet = false) =>
  api.post<ColumnsAnswer>('/tabular/getColumnsDef', body, quiet ? { quiet: true } : undefined);

/** getConditionsData asks for one block of rows. */
export const getConditionsData = (condition: Condition) => api.post<Block>('/tabular/getConditionsData', { condition });

/** getCountOfRow counts the rows of a condition; a failure only leaves the count out. */
export const getCountOfRow = (condition: Condition) => api.post<{ count: number }>('/tabular/getCountOfRow', { condition }, { quiet: true });

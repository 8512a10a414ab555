import { api } from '../../../lib/api';
import type { Handwritten } from '../../../api/route';
import type { ApiColumn } from '../columns';
import type { Condition } from '../condition';
import type { Block } from '../initial';

/** The grid's calls (api/CONTRACT.md "Grid"): columns, rows, count. */

export type ColumnsAnswer = { columns: ApiColumn[] };

type GetColumnsDef = Handwritten<'/tabular/getColumnsDef', 'post', { body: { reportId: string | number; report_type: string; isShareLink: boolean }; answer: ColumnsAnswer }>;
type GetConditionsData = Handwritten<'/tabular/getConditionsData', 'post', { body: { condition: Condition }; answer: Block }>;
type GetCountOfRow = Handwritten<'/tabular/getCountOfRow', 'post', { body: { condition: Condition }; answer: { count: number } }>;

/** getColumnsDef asks for a report's column definitions; quiet when a failure is handled by the caller (a prefetch). */
export const getColumnsDef = (body: GetColumnsDef['body'], quiet = false) =>
  api.post<GetColumnsDef>('/tabular/getColumnsDef', body, quiet ? { quiet: true } : undefined);

/** getConditionsData asks for one block of rows. */
export const getConditionsData = (condition: Condition) => api.post<GetConditionsData>('/tabular/getConditionsData', { condition });

/** getCountOfRow counts the rows of a condition; a failure only leaves the count out. */
export const getCountOfRow = (condition: Condition) => api.post<GetCountOfRow>('/tabular/getCountOfRow', { condition }, { quiet: true });

import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';
import type { ApiColumn } from '../columns';
import type { Condition } from '../condition';
import type { Block } from '../initial';

/** The grid's calls (docs/api-contract.md "Grid"): columns, rows, count. */

type GetColumnsDef = Route<'/tabular/getColumnsDef', 'post'>;
type GetConditionsData = Route<'/tabular/getConditionsData', 'post'>;
type GetCountOfRow = Route<'/tabular/getCountOfRow', 'post'>;
type SearchInReport = Route<'/tabular/searchInReport', 'post'>;

/** ColumnsAnswer is a report's column definitions (none: an empty list). */
export type ColumnsAnswer = { columns: ApiColumn[] };

/** getColumnsDef asks for a report's column definitions; quiet when a failure is handled by the caller (a prefetch). */
export const getColumnsDef = (body: GetColumnsDef['body'], quiet = false): Promise<ColumnsAnswer> =>
  api
    .post<GetColumnsDef>('/tabular/getColumnsDef', body, quiet ? { quiet: true } : undefined)
    .then((r) => ({ columns: (r.columns ?? []).map((c) => ({ ...c, radioValues: c.radioValues ?? undefined })) }));

/**
 * getConditionsData asks for one block of rows (none: an empty block). A row is an open object in
 * the document (its fields are the report's columns); the grid reads it as a record, never null.
 */
export const getConditionsData = (condition: Condition): Promise<Block> =>
  api.post<GetConditionsData>('/tabular/getConditionsData', { condition }).then((b) => ({ lastRow: b.lastRow, rows: (b.rows ?? []) as Block['rows'] }));

/** getCountOfRow counts the rows of a condition; a failure only leaves the count out. */
export const getCountOfRow = (condition: Condition) => api.post<GetCountOfRow>('/tabular/getCountOfRow', { condition }, { quiet: true });

/** A search suggestion: a product of the report whose name, brand, manufacturer id or id holds the text. */
export type Suggestion = { id: string; name: string; canonical_mfgr_display?: string; mfgr_prod_id?: string };

/**
 * searchInReport suggests the report's products for a search text (POST
 * /tabular/searchInReport): the first matches under the report's condition and how many match.
 */
export const searchInReport = (search: string, condition: Condition): Promise<{ count: number; rows: Suggestion[] }> =>
  api
    .post<SearchInReport>('/tabular/searchInReport', { search, mode: 'table', condition }, { quiet: true })
    .then((r) => ({ count: r.count, rows: (r.rows ?? []).filter((x) => x !== null) as unknown as Suggestion[] }));

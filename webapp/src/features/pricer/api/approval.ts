import { api, uploadForm } from '../../../lib/api';
import type { Route } from '../../../api/route';
import type { components } from '../../../api/schema';
import type { ResultColumn, ResultRow } from './results';

/** The manual approval calls (issue 16): the approval grid, decisions, the bizfin comment, the audit and the approval CSV. */

type S = components['schemas'];
type GetColumnsDef = Route<'/approval/getColumnsDef', 'get'>;
type GetConditionsData = Route<'/approval/getConditionsData', 'post'>;
type GetCountOfRow = Route<'/approval/getCountOfRow', 'post'>;
type Decide = Route<'/approval/decide', 'post'>;
type UpdateComment = Route<'/approval/updateComment', 'post'>;
type GetAuditData = Route<'/approval/getAuditData', 'post'>;

export type DecideBody = S['GridDecideRequest'];
export type DecisionRow = S['StoreDecisionRow'];

export const getApprovalColumns = (): Promise<ResultColumn[]> => api.get<GetColumnsDef>('/approval/getColumnsDef').then((r) => r.columns ?? []);

export const getApprovalRows = (data: object) =>
  api.post<GetConditionsData>('/approval/getConditionsData', { data: data as never }).then((b) => ({ rows: (b.rows ?? []) as ResultRow[], lastRow: b.lastRow, runId: b.run_id ?? null }));

export const getApprovalCount = (conditionData: object) => api.post<GetCountOfRow>('/approval/getCountOfRow', { conditionData: conditionData as never }, { quiet: true });

export const decide = (body: DecideBody) => api.post<Decide>('/approval/decide', body);

export const updateComment = (runId: number, productId: string, comment: string) =>
  api.post<UpdateComment>('/approval/updateComment', { run_id: runId, product_id: productId, bizfin_comment: comment });

/** The audit grid's filter model, as the server reads it (GridAuditFilter per column). */
export type AuditFilters = Record<string, S['GridAuditFilter']>;

export const getAuditData = (startRow: number, limit: number, sort: { colId: string; sort: 'asc' | 'desc' }[], filters: AuditFilters = {}) =>
  api.post<GetAuditData>('/approval/getAuditData', { startRow, limit, sort, filters });

/** uploadApprovalCsv sends the approval CSV (the UploadDialog reads the answer). */
export const uploadApprovalCsv = (form: FormData) => uploadForm('/upload/uploadApprovalCsv', form);

/** The approval CSV's columns (docs/product.md §3, §9 example CSVs). */
export const APPROVAL_CSV_COLUMNS = ['fsn', 'status', 'bizfin comment'] as const;
export const APPROVAL_CSV_EXAMPLE = 'fsn,status,bizfin comment\nFSN0001,approved,within the budget\nFSN0002,rejected,\n';

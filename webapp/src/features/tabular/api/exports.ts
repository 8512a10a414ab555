import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';
import type { ExportSelection } from '../../../api/exports';
import type { Condition } from '../condition';

/** The tabular grid's export call (docs/exports.md); the state, cancel and download calls are shared (src/api/exports). */

type StartExport = Route<'/tabular/exportDataToCsv', 'post'>;

/** ExportRequest is what an export sends: the grid's condition and its selection (null: every row). */
export type ExportRequest = { condition: Condition; selection: ExportSelection | null };

export const startExport = (condition: Condition, selection: ExportSelection | null) =>
  api.post<StartExport>('/tabular/exportDataToCsv', { condition, ...(selection ?? {}) });

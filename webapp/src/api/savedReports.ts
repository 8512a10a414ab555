import { api } from '../lib/api';
import type { Route } from './route';
import type { components } from './schema';
import type { SavedReportSummary } from './types';

/** The caller's saved reports: the saved reports page lists them, the home dashboard its latest. */

type GetAllSaveReports = Route<'/saveReport/getAllSaveReports', 'get'>;

/** summary gives a report's recipients as lists (the document's null: none); a whole report keeps its other fields. */
export const summary = (r: components['schemas']['AppstateReportSummary']): SavedReportSummary => ({
  ...r,
  email_ids: r.email_ids ?? [],
  user_ids: r.user_ids ?? [],
});

/** getAllSaveReports lists the saved reports (none: an empty list). */
export const getAllSaveReports = (): Promise<SavedReportSummary[]> =>
  api.get<GetAllSaveReports>('/saveReport/getAllSaveReports').then((r) => (r.reports ?? []).map(summary));


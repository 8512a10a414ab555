/** A saved report in the list (getAllSaveReports, api/CONTRACT.md "Saved reports"): no saved grid state. */
export type SavedReportSummary = {
  id: number;
  user_id?: number;
  report_name: string;
  report_type: string;
  report_path: string;
  page_title?: string;
  distribution_weights_cf?: string;
  folder_id: number;
  scheduled_days: string;
  email_ids: string[];
  user_ids: number[];
  share: number;
  chart?: boolean;
  when_added?: string;
  is_old?: boolean;
  expires_at?: string | null;
  read_only?: boolean;
  constantReport?: boolean;
};

/** A whole saved report (getSaveReport by id): the summary and the saved grid state. */
export type SavedReport = SavedReportSummary & {
  filters?: unknown;
  ordering?: unknown;
  visible_columns?: unknown;
  columns_index?: unknown;
  group_mode?: unknown;
  selected_rows?: unknown;
  condition?: Record<string, unknown>;
};

export type Scenario = {
  id: number;
  name: string;
  description: string;
  icon: number;
  background_color: string;
  order: number;
  reports: { id: number; report_name: string; report_type: string; report_path: string }[];
};

export function reportLink(r: { id: number; report_path?: string }): string {
  return '/pricing/type/' + r.id;
}

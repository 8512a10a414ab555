/** Saved report JSON of api/CONTRACT.md "Saved reports". */
export type SavedReport = {
  id: number;
  user_id?: number;
  report_name: string;
  report_type: string;
  report_path: string;
  page_title?: string;
  filters?: unknown;
  ordering?: unknown;
  visible_columns?: unknown;
  columns_index?: unknown;
  group_mode?: unknown;
  distribution_weights_cf?: string;
  folder_id: number;
  scheduled_days: string;
  email_ids: string[];
  user_ids: number[];
  share: number;
  chart?: boolean;
  selected_rows?: unknown;
  condition?: Record<string, unknown>;
  when_added?: string;
  is_old?: boolean;
  expires_at?: string | null;
  read_only?: boolean;
  constantReport?: boolean;
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

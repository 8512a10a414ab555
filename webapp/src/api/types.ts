/**
 * The API's shapes that more than one feature reads (api/CONTRACT.md "Sign-in and session",
 * "Accounts", "Saved reports"), written by hand while the OpenAPI document leaves their routes
 * open (route.ts: Handwritten). When a route's schema lands, its shape here becomes an alias of
 * the generated one (components['schemas'][…] of schema.d.ts, or Answer<path, method>); add
 * shapes here only when shared code needs them.
 */

import type { Action } from './permissions.gen';

export type User = { id: number; email: string; is_saml: boolean };

export type Account = { id: number; name: string };

export type Competitor = { id: number; name: string; checked: boolean };

export type Label = { id: number; name: string; color: string; sso_user_read_only: boolean };

export type CustomField = { logical_name: string; display_name: string };

/** Permission map by resource id (1-9) → action → permission names (spec §6). */
export type Permissions = Record<string, Partial<Record<Action, string[]>>>;

export type AccountData = {
  account_id: number;
  account_name: string;
  userEmail: string;
  site_id: string;
  baseAppDomain?: string;
  competitors: Record<string, Competitor>;
  settings: Record<string, unknown>;
  field_format?: Record<string, unknown>;
  labels: Label[];
  customfield_selector?: string;
  custom_fields: CustomField[];
  comparison_values?: unknown[];
  userPermissions: Permissions;
  role_types?: { id: number; name: string }[];
  role?: string;
};

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

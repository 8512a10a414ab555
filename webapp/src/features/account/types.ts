/** Shapes of api/CONTRACT.md "Sign-in and session" and "Accounts". */

export type User = { id: number; email: string; is_saml: boolean };

export type Account = { id: number; name: string };

export type Competitor = { id: number; name: string; checked: boolean };

export type Label = { id: number; name: string; color: string; sso_user_read_only: boolean };

export type CustomField = { logical_name: string; display_name: string };

/** Permission map by resource id (1-9) → action → permission names (spec §6). */
export type Permissions = Record<string, Partial<Record<'create:any' | 'read:any' | 'update:any' | 'delete:any', string[]>>>;

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

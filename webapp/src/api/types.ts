/**
 * The API's shapes that more than one feature reads, named from the OpenAPI document
 * (components['schemas'] of schema.d.ts). Only what the document cannot say is written here:
 * the account data's open fields (settings, custom fields: `unknown` in the document) narrowed
 * to what the screens read, and its nil collections (nullable in the document) as empty ones;
 * api/session.ts makes that one conversion.
 */

import type { components } from './schema';
import type { Action } from './permissions.gen';

type Schemas = components['schemas'];

export type User = Schemas['AccessUser'];

export type Account = Schemas['AccessAccountName'];

export type Label = Schemas['AppstateLabel'];

/** A competitor of the account: StoreCompetitor, whose fields the server always writes (the document marks none required). */
export type Competitor = Required<Schemas['StoreCompetitor']>;

/** A custom field of the account settings (`custom_fields` is open in the document). */
export type CustomField = { logical_name: string; display_name: string };

/** Permission map by resource id (1-9) → action → permission names (docs/product.md §6). */
export type Permissions = Record<string, Partial<Record<Action, string[]>>>;

/** The selected account's data as the screens read it: AccessAccountData with no null collections. */
export type AccountData = Omit<Schemas['AccessAccountData'], 'competitors' | 'settings' | 'labels' | 'custom_fields' | 'userPermissions' | 'categories'> & {
  competitors: Record<string, Competitor>;
  settings: Record<string, unknown>;
  labels: Label[];
  custom_fields: CustomField[];
  userPermissions: Permissions;
  categories: string[];
};

/** A saved report in the list (getAllSaveReports): no saved grid state; its recipients as lists (none: empty). */
export type SavedReportSummary = Omit<Schemas['AppstateReportSummary'], 'email_ids' | 'user_ids'> & { email_ids: string[]; user_ids: number[] };

/** A whole saved report (getSaveReport by id): the summary and the saved grid state. */
export type SavedReport = Schemas['AppstateReport'];

export type Scenario = Schemas['AppstateScenario'];

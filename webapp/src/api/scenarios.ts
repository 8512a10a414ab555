import { api } from '../lib/api';
import type { Route } from './route';
import type { Scenario } from './types';

/** Scenarios, the folders of saved reports (docs/api-contract.md "Scenarios"); a 400 is shown in the dialog. */

type ListScenarios = Route<'/scenarios', 'get'>;
type CreateScenario = Route<'/scenarios', 'post'>;
type UpdateScenario = Route<'/scenarios/{id}', 'patch'>;
type AssociateReport = Route<'/scenarios/associate', 'put'>;

/** ScenarioFields is what the scenario dialog sends: every field of the body, none left out. */
export type ScenarioFields = { [K in keyof CreateScenario['body']]-?: NonNullable<CreateScenario['body'][K]> };

/** listScenarios lists the user's scenarios (none: an empty list); quiet where a failure only leaves the list empty. */
export const listScenarios = (quiet = false): Promise<Scenario[]> =>
  api.get<ListScenarios>('/scenarios', quiet ? { quiet: true } : undefined).then((r) => r.scenarios ?? []);
export const createScenario = (body: ScenarioFields) => api.post<CreateScenario>('/scenarios', body, { quiet: [400] });
export const updateScenario = (id: number, body: ScenarioFields) => api.patch<UpdateScenario>('/scenarios/' + id, body, { quiet: [400] });
/** associateReport puts a saved report in a scenario (-1: none). */
export const associateReport = (reportId: number, folderId: number) => api.put<AssociateReport>('/scenarios/associate', { report_id: reportId, folder_id: folderId }, { quiet: [400] });

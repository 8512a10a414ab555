import { api } from '../lib/api';
import type { Handwritten } from './route';
import type { Scenario } from './types';

/** Scenarios, the folders of saved reports (api/CONTRACT.md "Scenarios"); a 400 is shown in the dialog. */

export type ScenarioFields = { name: string; description: string; icon: number; background_color: string };

type ListScenarios = Handwritten<'/scenarios', 'get', { answer: { scenarios: Scenario[] } }>;
type CreateScenario = Handwritten<'/scenarios', 'post', { body: ScenarioFields; answer: { scenario: Scenario } }>;
type UpdateScenario = Handwritten<'/scenarios/{id}', 'patch', { body: ScenarioFields; answer: { scenario: Scenario } }>;
type AssociateReport = Handwritten<'/scenarios/associate', 'put', { body: { report_id: number; folder_id: number }; answer: { ok: boolean } }>;

/** listScenarios lists the user's scenarios; quiet where a failure only leaves the list empty. */
export const listScenarios = (quiet = false) => api.get<ListScenarios>('/scenarios', quiet ? { quiet: true } : undefined);

export const createScenario = (body: ScenarioFields) => api.post<CreateScenario>('/scenarios', body, { quiet: [400] });

export const updateScenario = (id: number, body: ScenarioFields) => api.patch<UpdateScenario>('/scenarios/' + id, body, { quiet: [400] });

/** associateReport puts a saved report in a scenario (-1: none). */
export const associateReport = (reportId: number, folderId: number) => api.put<AssociateReport>('/scenarios/associate', { report_id: reportId, folder_id: folderId }, { quiet: [400] });

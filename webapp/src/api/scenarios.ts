import { api } from '../lib/api';
import type { Scenario } from './types';

/** Scenarios, the folders of saved reports (api/CONTRACT.md "Scenarios"); a 400 is shown in the dialog. */

export type ScenarioFields = { name: string; description: string; icon: number; background_color: string };

/** listScenarios lists the user's scenarios; quiet where a failure only leaves the list empty. */
export const listScenarios = (quiet = false) => api.get<{ scenarios: Scenario[] }>('/scenarios', quiet ? { quiet: true } : undefined);

export const createScenario = (body: ScenarioFields) => api.post<{ scenario: Scenario }>('/scenarios', body, { quiet: [400] });

export const updateScenario = (id: number, body: ScenarioFields) => api.patch<{ scenario: Scenario }>('/scenarios/' + id, body, { quiet: [400] });

/** associateReport puts a saved report in a scenario (-1: none). */
export const associateReport = (reportId: number, folderId: number) => api.put('/scenarios/associate', { report_id: reportId, folder_id: folderId }, { quiet: [400] });

import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';
import type { components } from '../../../api/schema';

/** The rule calls of the dynamic pricer (docs/product.md §7 "Dynamic pricer rules", docs/pricer.md). */

type S = components['schemas'];
export type Rule = S['StoreRule'];
export type RuleIn = S['PricerRuleIn'];
export type RuleSource = S['EngineRuleSource'];
export type SourceBox = { sources: S['EngineSourceOption'][]; competitors: S['PricerCompetitor'][]; aggregates: string[] };
export type Targets = S['PricerTargets'];
export type RunState = S['PricerRunState'];
export type Preview = S['PricerPreviewOut'];
export type Guardrails = S['EngineGuardrails'];
export type MatrixProfile = S['PricerMatrixProfile'];
export type AuditEntry = S['StoreRuleAuditEntry'];

type SourceSelectBox = Route<'/rules/prepareSourceSelectBox', 'get'>;
type GetRuleData = Route<'/rules/getRuleData', 'post'>;
type RefreshRulesList = Route<'/rules/refreshRulesList', 'post'>;
type AddRule = Route<'/rules/addRule', 'post'>;
type RemoveRule = Route<'/rules/removeRule', 'post'>;
type UpdateStatus = Route<'/rules/updateStatus', 'post'>;
type Reorder = Route<'/rules/reorder', 'post'>;
type GetTargets = Route<'/rules/targets', 'get'>;
type RunRulebase = Route<'/rules/runRulebase', 'post'>;
type IsRunProcess = Route<'/rules/isRunProcess', 'get'>;
type GetGuardrails = Route<'/rules/getGuardrails', 'get'>;
type SaveGuardrails = Route<'/rules/saveGuardrails', 'post'>;
type GetAuditLog = Route<'/rules/getAuditLog', 'get'>;
type PreviewRule = Route<'/rules/preview', 'post'>;
type MatrixProfiles = Route<'/v1/site_reprice_matrix_profiles', 'get'>;

export const prepareSourceSelectBox = (): Promise<SourceBox> =>
  api.get<SourceSelectBox>('/rules/prepareSourceSelectBox').then((r) => ({ sources: r.sources ?? [], competitors: r.competitors ?? [], aggregates: r.aggregates ?? [] }));

export const getRuleData = (groupId: number): Promise<Rule> => api.post<GetRuleData>('/rules/getRuleData', { groupId }).then((r) => r.rule);

/** refreshRulesList lists the rules matching filterParams (status, search; every readable section). */
export const refreshRulesList = (filterParams: RefreshRulesList['body']['filterParams']): Promise<Rule[]> =>
  api.post<RefreshRulesList>('/rules/refreshRulesList', { filterParams }).then((r) => r.rules ?? []);

/** addRule creates a rule (no groupId) or replaces rule groupId; 400s are shown by the dialog itself. */
export const addRule = (rule: RuleIn) => api.post<AddRule>('/rules/addRule', rule, { quiet: [400] });

export const removeRule = (groupId: number) => api.post<RemoveRule>('/rules/removeRule', { groupId });

export const updateStatus = (groupId: number, status: 'active' | 'inactive') => api.post<UpdateStatus>('/rules/updateStatus', { groupId, status });

export const reorder = (order: number[], section: string, rule_type: string) => api.post<Reorder>('/rules/reorder', { order, section, rule_type });

export const getTargets = (): Promise<Targets> => api.get<GetTargets>('/rules/targets').then((r) => ({ ...r, targets: r.targets ?? [] }));

export const runRulebase = (isSimulation: boolean) => api.post<RunRulebase>('/rules/runRulebase', { isSimulation });

export const isRunProcess = () => api.get<IsRunProcess>('/rules/isRunProcess', { quiet: true });

export const getGuardrails = () => api.get<GetGuardrails>('/rules/getGuardrails').then((r) => r.guardrails);

export const saveGuardrails = (body: SaveGuardrails['body']) => api.post<SaveGuardrails>('/rules/saveGuardrails', body, { quiet: [400] }).then((r) => r.guardrails);

export const getAuditLog = (limit: number, offset: number) =>
  api.get<GetAuditLog>(`/rules/getAuditLog?limit=${limit}&offset=${offset}`).then((r) => ({ rows: r.rows ?? [], lastRow: r.lastRow }));

/** previewRule is the rule's live preview; quiet: an unfinished rule in the dialog is not an error to show. */
export const previewRule = (rule: RuleIn, signal?: AbortSignal) => api.post<PreviewRule>('/rules/preview', rule, { quiet: true, signal });

export const getMatrixProfiles = (): Promise<MatrixProfile[]> =>
  api.get<MatrixProfiles>('/v1/site_reprice_matrix_profiles', { quiet: true }).then((r) => r.profiles ?? []);

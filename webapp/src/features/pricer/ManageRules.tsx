import { useCallback, useEffect, useState } from 'react';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ConfirmDialog } from '../../components/Dialog';
import { Link } from '../../lib/router';
import { getRuleData, getTargets, refreshRulesList, prepareSourceSelectBox, removeRule, reorder, updateStatus, type Rule, type SourceBox, type Targets } from './api/rules';
import { emptyForm, fromRule, moved, sourceText, type RuleForm } from './ruleForm';
import { RuleDialog } from './RuleDialog';
import { GuardrailsPanel } from './GuardrailsPanel';
import { MandatedBrands } from './mandated/MandatedBrands';
import { useRunState } from './useRunState';

const TYPE_NAMES: Record<string, string> = { floor: 'Floor rules', ceiling: 'Ceiling rules', target: 'Target rules' };

/**
 * Manage Pricing Rules (/new/repricing/dynamic_pricer): the rule lists of the sections the user may
 * read (permissions 5 and 6), each in run order with arrows and drag to reorder (permission 7), the
 * status toggle, the add/edit dialog, the account's guardrails, and Run / Simulate.
 */
export function ManageRules() {
  const [targets, setTargets] = useState<Targets | null>(null);
  const [box, setBox] = useState<SourceBox | null>(null);
  const [rules, setRules] = useState<Rule[] | null>(null);
  const [dialog, setDialog] = useState<RuleForm | null>(null);
  const [removing, setRemoving] = useState<Rule | null>(null);
  const [filter, setFilter] = useState({ search: '', status: '' });
  const run = useRunState();
  const load = useCallback(() => refreshRulesList(filter).then(setRules, () => setRules([])), [filter]);
  useEffect(() => {
    getTargets().then(setTargets, () => {});
    prepareSourceSelectBox().then(setBox, () => {});
  }, []);
  // The lists follow the search and status filter (rules/refreshRulesList), 200 ms after typing.
  useEffect(() => {
    const id = window.setTimeout(() => void load(), filter.search ? 200 : 0);
    return () => window.clearTimeout(id);
  }, [load, filter.search]);
  if (!targets || !box || !rules) return <div className="page-loading">Loading...</div>;
  const canEdit = (section: string) => !!targets.targets!.find((t) => t.section === section)?.can_edit;
  const anyEdit = targets.targets!.some((t) => t.can_edit);
  const runState = run.state;

  return (
    <div className="page pricer">
      <Breadcrumb items={[{ label: 'Manage Pricing Rules' }]} />
      <div className="page-head">
        <h1>Manage Pricing Rules</h1>
        <div className="head-actions">
          {targets.can_run && (
            <>
              <button className="btn" disabled={run.running} onClick={() => void run.start(true)}>
                Simulate
              </button>
              <button className="btn btn-primary" disabled={run.running} onClick={() => void run.start(false)}>
                Run
              </button>
            </>
          )}
        </div>
      </div>
      <RunStatus running={run.running} state={runState} />
      <div className="toolbar">
        <input aria-label="Search rules" placeholder="Search rules..." value={filter.search} onChange={(e) => setFilter({ ...filter, search: e.target.value })} />
        <select aria-label="Rule status" value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value })}>
          <option value="">All statuses</option>
          <option value="active">active</option>
          <option value="inactive">inactive</option>
        </select>
      </div>
      {targets.targets!.map((t) => (
        <section key={t.section} className="rule-section" aria-label={t.name}>
          <div className="page-head">
            <h2>{t.name}</h2>
            {t.can_edit && (
              <button className="btn" onClick={() => setDialog(emptyForm(t.section, t.rule_types![0]))}>
                Add rule
              </button>
            )}
          </div>
          {t.rule_types!.map((type) => (
            <RuleList
              key={type}
              title={TYPE_NAMES[type] ?? type}
              rules={rules.filter((r) => r.section === t.section && r.rule_type === type).sort((a, b) => (a.order ?? 0) - (b.order ?? 0))}
              box={box}
              canEdit={t.can_edit}
              // A filtered list is not the whole order: reorder the full list only.
              canReorder={targets.can_reorder && !filter.search && !filter.status}
              onEdit={(r) => void getRuleData(r.groupId!).then((x) => setDialog(fromRule(x)))}
              onRemove={setRemoving}
              onStatus={(r, on) => void updateStatus(r.groupId!, on ? 'active' : 'inactive').then(load, load)}
              onReorder={(ids) => {
                // Shown at once; the server's order comes back with the reload.
                setRules((all) => (all ?? []).map((r) => (ids.includes(r.groupId!) ? { ...r, order: ids.indexOf(r.groupId!) + 1 } : r)));
                void reorder(ids, t.section, type).then(load, load);
              }}
            />
          ))}
        </section>
      ))}
      {targets.targets!.length === 0 && <div className="empty-state">No data to display</div>}
      <GuardrailsPanel canEdit={canEdit('top_bottom')} />
      <MandatedBrands />
      {dialog && anyEdit && (
        <RuleDialog
          initial={dialog}
          box={box}
          targets={targets}
          onClose={(saved) => {
            setDialog(null);
            if (saved) void load();
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          message={`Remove the rule "${removing.name}"?`}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const id = removing.groupId!;
            setRemoving(null);
            void removeRule(id).then(load, load);
          }}
        />
      )}
    </div>
  );
}

function RunStatus({ running, state }: { running: boolean; state: ReturnType<typeof useRunState>['state'] }) {
  if (running) {
    return (
      <div className="run-status" role="status">
        <span className="spinner" /> {state?.is_simulation ? 'Simulation' : 'Run'} in progress...
      </div>
    );
  }
  if (!state || !state.status) return null;
  const what = state.is_simulation ? 'simulation' : 'run';
  if (state.status === 'failed') return <div className="run-status form-error" role="status">The last {what} failed{state.error ? ': ' + state.error : ''}</div>;
  return (
    <div className="run-status" role="status">
      Last {what} {state.status}: {state.products.toLocaleString('en-US')} products, {state.changed.toLocaleString('en-US')} changed
      {!state.is_simulation && `, ${state.auto_approved.toLocaleString('en-US')} auto-approved, ${state.pending.toLocaleString('en-US')} pending`}.{' '}
      <Link to={state.is_simulation ? '/new/repricing/simulation_results' : '/new/repricing/results'}>{state.is_simulation ? 'Simulation Results' : 'Results'}</Link>
    </div>
  );
}

/** One rule list (a section's floor, ceiling or target rules) in run order. */
function RuleList({
  title,
  rules,
  box,
  canEdit,
  canReorder,
  onEdit,
  onRemove,
  onStatus,
  onReorder,
}: {
  title: string;
  rules: Rule[];
  box: SourceBox;
  canEdit: boolean;
  canReorder: boolean;
  onEdit: (r: Rule) => void;
  onRemove: (r: Rule) => void;
  onStatus: (r: Rule, on: boolean) => void;
  onReorder: (ids: number[]) => void;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const ids = rules.map((r) => r.groupId!);
  const move = (from: number, to: number) => {
    const next = moved(ids, from, to);
    if (next !== ids) onReorder(next);
  };
  return (
    <div className="rule-list">
      <h3>{title}</h3>
      {rules.length === 0 ? (
        <div className="muted">No data to display</div>
      ) : (
        <table className="table" aria-label={title}>
          <thead>
            <tr>
              <th>Order</th>
              <th>Name</th>
              <th>Source</th>
              <th>Active</th>
              <th>Updated</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rules.map((r, i) => (
              <tr
                key={r.groupId}
                draggable={canReorder}
                onDragStart={() => setDragged(i)}
                onDragOver={(e) => canReorder && dragged !== null && e.preventDefault()}
                onDrop={() => {
                  if (dragged !== null) move(dragged, i);
                  setDragged(null);
                }}
                className={dragged === i ? 'dragging' : undefined}
              >
                <td>
                  {canReorder && <span className="drag-handle" aria-hidden="true">⠿</span>} {r.order}
                  {canReorder && (
                    <>
                      <button className="btn btn-link" aria-label={'Move up ' + r.name} disabled={i === 0} onClick={() => move(i, i - 1)}>
                        ↑
                      </button>
                      <button className="btn btn-link" aria-label={'Move down ' + r.name} disabled={i === rules.length - 1} onClick={() => move(i, i + 1)}>
                        ↓
                      </button>
                    </>
                  )}
                </td>
                <td>{r.name}</td>
                <td>{sourceText(r, box.sources, box.competitors)}</td>
                <td>
                  <label className="check">
                    <input type="checkbox" aria-label={'Active ' + r.name} checked={r.status === 'active'} disabled={!canEdit} onChange={(e) => onStatus(r, e.target.checked)} />
                  </label>
                </td>
                <td className="muted">
                  {r.updated_by} {r.updated_at ? new Date(r.updated_at).toLocaleString() : ''}
                </td>
                <td>
                  {canEdit && (
                    <>
                      <button className="btn btn-link" onClick={() => onEdit(r)}>
                        Edit
                      </button>
                      <button className="btn btn-link" onClick={() => onRemove(r)}>
                        Remove
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

import { useEffect, useMemo, useState } from 'react';
import type { CustomFilterProps } from 'ag-grid-react';
import { Dialog, DialogActions, FormError } from '../../components/Dialog';
import { BrandFilter, CategoryFilter } from '../../components/grid/filters';
import { ApiError } from '../../lib/api';
import { addRule, previewRule, type Preview, type SourceBox, type Targets } from './api/rules';
import { bucketLabel, competitorLabel, formErrors, toRuleIn, withSourceKind, type RuleForm } from './ruleForm';

/** How long the dialog waits after the last edit before it asks for the live preview. */
export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * The add/edit rule dialog (docs/product.md §2, §4; docs/pricer.md): name, section and rule type, status, the
 * source with the competitor menu, the adjustment, the scope (the grid's category tree and brand
 * filters, and a search), and a live preview of the rule over its scope before saving.
 */
export function RuleDialog({
  initial,
  box,
  targets,
  onClose,
}: {
  initial: RuleForm;
  box: SourceBox;
  targets: Targets;
  onClose: (saved: boolean) => void;
}) {
  const [f, setF] = useState<RuleForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const [menu, setMenu] = useState(false);
  const [scopePanel, setScopePanel] = useState<'' | 'category' | 'brand'>('');
  const editable = targets.targets!.filter((t) => t.can_edit);
  const section = editable.find((t) => t.section === f.section) ?? editable[0];
  // An edit answers the messages shown for the previous version of the form.
  const set = (p: Partial<RuleForm>) => {
    setF((x) => ({ ...x, ...p }));
    setErrors({});
  };
  const comps = box.competitors;

  const save = async () => {
    const e = formErrors(f);
    setErrors(e);
    setServerError('');
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      await addRule(toRuleIn(f));
      onClose(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        if (err.field) setErrors({ [err.field.replace(/\[\d+\]$/, '')]: err.message });
        else setServerError(err.message);
      }
    } finally {
      setBusy(false);
    }
  };

  const preview = usePreview(f);
  const toggleCompetitor = (id: number, on: boolean) => {
    const ids = f.source.competitors ?? [];
    set({ source: { ...f.source, competitors: on ? [...ids, id] : ids.filter((x) => x !== id) } });
  };
  const err = (k: string) => (errors[k] ? <div className="form-error" role="alert">{errors[k]}</div> : null);

  return (
    <Dialog
      title={f.groupId ? 'Edit rule' : 'Add rule'}
      width={880}
      onClose={() => onClose(false)}
      actions={<DialogActions onCancel={() => onClose(false)} onPrimary={() => void save()} busy={busy} />}
    >
      <div className="rule-dialog">
        <div className="rule-form">
          <label className="field">
            Rule name
            <input value={f.name} maxLength={200} onChange={(e) => set({ name: e.target.value })} />
          </label>
          {err('name')}
          <div className="row">
            <label className="field">
              Section
              <select
                value={f.section}
                disabled={!!f.groupId}
                onChange={(e) => {
                  const t = editable.find((x) => x.section === e.target.value)!;
                  set({ section: t.section, rule_type: t.rule_types![0] });
                }}
              >
                {editable.map((t) => (
                  <option key={t.section} value={t.section}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              Rule type
              <select value={f.rule_type} onChange={(e) => set({ rule_type: e.target.value })}>
                {(section?.rule_types ?? []).map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              Status
              <select value={f.status} onChange={(e) => set({ status: e.target.value as RuleForm['status'] })}>
                <option value="active">active</option>
                <option value="inactive">inactive</option>
              </select>
            </label>
          </div>
          <div className="row">
            <label className="field">
              Source
              <select value={f.source.kind} onChange={(e) => (setMenu(false), set({ source: withSourceKind(f.source, e.target.value) }))}>
                {box.sources.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
            {f.source.kind === 'competitors' && (
              <>
                <div className="field">
                  Competitors
                  <button type="button" className="btn menu-button" aria-label="Competitors" aria-expanded={menu} onClick={() => setMenu(!menu)}>
                    {competitorLabel(f.source.competitors ?? [], comps)}
                  </button>
                  {menu && (
                    <div className="menu-list competitor-menu" role="group" aria-label="Choose competitors">
                      {comps.map((c) => (
                        <label key={c.id} className="check">
                          <input type="checkbox" checked={(f.source.competitors ?? []).includes(c.id)} onChange={(e) => toggleCompetitor(c.id, e.target.checked)} />
                          {c.name}
                        </label>
                      ))}
                    </div>
                  )}
                </div>
                <label className="field">
                  Aggregate
                  <select value={f.source.aggregate ?? 'min'} onChange={(e) => set({ source: { ...f.source, aggregate: e.target.value } })}>
                    {box.aggregates.map((a) => (
                      <option key={a} value={a}>
                        {a}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="check">
                  <input type="checkbox" checked={!!f.source.in_stock_only} onChange={(e) => set({ source: { ...f.source, in_stock_only: e.target.checked } })} />
                  In stock only
                </label>
              </>
            )}
            {f.source.kind === 'fixed' && (
              <label className="field">
                Fixed charge
                <input type="number" step="0.01" value={f.source.amount ?? ''} onChange={(e) => set({ source: { ...f.source, amount: e.target.value === '' ? undefined : Number(e.target.value) } })} />
              </label>
            )}
          </div>
          {err('source.competitors')}
          {err('source.amount')}
          {err('source.kind')}
          <div className="row">
            <label className="field">
              Adjust %
              <input type="number" step="0.1" value={f.percent} onChange={(e) => set({ percent: e.target.value })} />
            </label>
            <label className="field">
              Adjust amount
              <input type="number" step="0.01" value={f.amount} onChange={(e) => set({ amount: e.target.value })} />
            </label>
          </div>
          {err('adjust.percent')}
          {err('adjust.amount')}
          <fieldset className="scope">
            <legend>Scope</legend>
            <div className="row">
              <button type="button" className="btn" onClick={() => setScopePanel(scopePanel === 'category' ? '' : 'category')}>
                Categories: {f.categories.length ? f.categories.map((p) => p.join(' > ')).join(', ') : 'All'}
              </button>
              <button type="button" className="btn" onClick={() => setScopePanel(scopePanel === 'brand' ? '' : 'brand')}>
                Brands: {f.brands.length ? f.brands.join(', ') : 'All'}
              </button>
              <label className="field">
                Search
                <input value={f.search} onChange={(e) => set({ search: e.target.value })} />
              </label>
            </div>
            {scopePanel === 'category' && (
              <CategoryFilter
                {...filterProps({ filterType: 'category', paths: f.categories }, (m) => {
                  set({ categories: (m as { paths?: string[][] } | null)?.paths ?? [] });
                  setScopePanel('');
                })}
              />
            )}
            {scopePanel === 'brand' && (
              <BrandFilter
                {...filterProps({ filterType: 'set', values: f.brands }, (m) => {
                  set({ brands: ((m as { values?: string[] } | null)?.values ?? []).filter(Boolean) });
                  setScopePanel('');
                })}
              />
            )}
            {Object.entries(errors)
              .filter(([k]) => k.startsWith('scope'))
              .map(([k, v]) => (
                <div key={k} className="form-error" role="alert">
                  {v}
                </div>
              ))}
          </fieldset>
          <FormError message={serverError} />
        </div>
        <RulePreview state={preview} />
      </div>
    </Dialog>
  );
}

/** filterProps lets a grid filter component edit a value outside the grid (ag-grid's filter context is a no-op there). */
function filterProps(model: unknown, onModelChange: (m: unknown) => void): CustomFilterProps {
  return { model, onModelChange, column: { getColId: () => 'scope' } } as unknown as CustomFilterProps;
}

type PreviewState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; p: Preview } | { kind: 'error'; message: string };

/** usePreview asks for the rule's preview after each pause in editing, dropping answers for older versions of the form. */
function usePreview(f: RuleForm): PreviewState {
  const body = useMemo(() => (Object.keys(formErrors(f)).length ? null : JSON.stringify(toRuleIn(f))), [f]);
  const [state, setState] = useState<PreviewState>({ kind: 'idle' });
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (shownFor !== body) {
    setShownFor(body);
    setState(body ? { kind: 'loading' } : { kind: 'idle' });
  }
  useEffect(() => {
    if (!body) return;
    const ctl = new AbortController();
    const id = window.setTimeout(() => {
      previewRule(JSON.parse(body), ctl.signal)
        .then((p) => !ctl.signal.aborted && setState({ kind: 'ready', p }))
        .catch((e) => !ctl.signal.aborted && setState({ kind: 'error', message: e instanceof ApiError ? e.message : 'Preview failed' }));
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(id);
      ctl.abort();
    };
  }, [body]);
  return state;
}

/** RulePreview shows what the rule would do over its scope: matched, decided, changed, and the changes' distribution. */
function RulePreview({ state }: { state: PreviewState }) {
  return (
    <aside className="rule-preview" aria-label="Preview" aria-busy={state.kind === 'loading'}>
      <h3>Preview</h3>
      {state.kind === 'idle' && <p className="muted">Fill in the rule to see its effect.</p>}
      {state.kind === 'loading' && <p className="muted">Calculating...</p>}
      {state.kind === 'error' && <p className="form-error">{state.message}</p>}
      {state.kind === 'ready' && <PreviewFigures p={state.p} />}
    </aside>
  );
}

function PreviewFigures({ p }: { p: Preview }) {
  const buckets = p.distribution ?? [];
  const max = Math.max(1, ...buckets.map((b) => b.count));
  return (
    <>
      <dl className="facts">
        <dt>Products matched</dt>
        <dd data-testid="preview-matched">{p.matched.toLocaleString('en-US')}</dd>
        <dt>Decided by this rule</dt>
        <dd data-testid="preview-decided">{p.decided.toLocaleString('en-US')}</dd>
        <dt>Would change</dt>
        <dd data-testid="preview-changed">{p.changed.toLocaleString('en-US')}</dd>
      </dl>
      {buckets.length > 0 && (
        <table className="distribution" aria-label="Distribution of changes">
          <tbody>
            {buckets.map((b, i) => (
              <tr key={i}>
                <th>{bucketLabel(b.from, b.to)}</th>
                <td>
                  <span className="bar" style={{ width: `${(100 * b.count) / max}%` }} />
                </td>
                <td className="num">{b.count.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

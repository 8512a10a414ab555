import { useEffect, useState } from 'react';
import { Dialog, DialogActions, FormError } from '../../../components/Dialog';
import { getCategoryDropDownList } from '../../../api/filters';
import { BrandChecklist } from '../../../components/BrandChecklist';
import { ApiError } from '../../../lib/api';
import { saveMandatedBrands } from '../api/mandated';
import { CATEGORY_LIST_DELAY_MS, COMMENT_MAX, counter, emptyMandatedForm, showsVerticals, toRequest, validate, verticalsOf, type SuperCategory } from './mandatedForm';

type Node = { id?: number; name: string; children?: Node[] | null };

/**
 * The Add mandated brands dialog (docs/product.md §2, §4, §5): super categories the user may choose (the category
 * list is the user's), the vertical menu when exactly one is chosen (filled after 3 s), brands with a
 * search, and a comment with its n/200 counter. Closes with toSave true after a save, false on Cancel.
 */
export function MandatedBrandDialog({ onClose }: { onClose: (toSave: boolean) => void }) {
  const [form, setForm] = useState(emptyMandatedForm);
  const [tree, setTree] = useState<Node[] | null>(null);
  const [verticals, setVerticals] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getCategoryDropDownList().then(
      (r) => setTree((r.categories ?? []) as Node[]),
      () => setTree([]),
    );
  }, []);

  // The vertical menu: shown when exactly one super category is chosen, filled after 3 s.
  const one = showsVerticals(form) ? form.superCategories[0].name : '';
  useEffect(() => {
    if (!one || !tree) return;
    const id = window.setTimeout(() => setVerticals(verticalsOf(tree, one)), CATEGORY_LIST_DELAY_MS);
    return () => {
      window.clearTimeout(id);
      setVerticals(null);
    };
  }, [one, tree]);

  const supers: SuperCategory[] = (tree ?? []).filter((n) => n.id).map((n) => ({ id: n.id!, name: n.name }));
  const toggleSuper = (s: SuperCategory, on: boolean) =>
    setForm((f) => ({ ...f, verticals: [], superCategories: on ? [...f.superCategories, s] : f.superCategories.filter((x) => x.id !== s.id) }));
  const toggle = (key: 'verticals' | 'brands', v: string, on: boolean) => setForm((f) => ({ ...f, [key]: on ? [...f[key], v] : f[key].filter((x) => x !== v) }));

  const save = async () => {
    const msg = validate(form);
    if (msg) return setError(msg);
    setBusy(true);
    setError('');
    try {
      await saveMandatedBrands(toRequest(form, verticals ?? []));
      onClose(true);
    } catch (e) {
      // A refused form shows its message here; any other failure also had the error dialog.
      setError(e instanceof ApiError && (e.status === 400 || e.status === 403) ? e.message : 'an error occurred, please try again');
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Add mandated brands"
      onClose={() => onClose(false)}
      actions={<DialogActions onCancel={() => onClose(false)} onPrimary={() => void save()} busy={busy} />}
    >
      <div className="mandated-dialog">
        <fieldset>
          <legend>Super category</legend>
          <div className="tree" role="group" aria-label="Super categories">
            {tree === null ? 'Loading...' : supers.length === 0 ? <div className="muted">No data to display</div> : null}
            {supers.map((s) => (
              <label key={s.id} className="check">
                <input type="checkbox" checked={form.superCategories.some((x) => x.id === s.id)} onChange={(e) => toggleSuper(s, e.target.checked)} />
                {s.name}
              </label>
            ))}
          </div>
        </fieldset>
        {one && (
          <fieldset>
            <legend>Vertical category</legend>
            <div className="tree" role="group" aria-label="Verticals">
              {verticals === null ? (
                'Loading...'
              ) : verticals.length === 0 ? (
                <div className="muted">No data to display</div>
              ) : (
                <>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={verticals.every((v) => form.verticals.includes(v))}
                      onChange={(e) => setForm((f) => ({ ...f, verticals: e.target.checked ? [...verticals] : [] }))}
                    />
                    Select all
                  </label>
                  {verticals.map((v) => (
                    <label key={v} className="check">
                      <input type="checkbox" checked={form.verticals.includes(v)} onChange={(e) => toggle('verticals', v, e.target.checked)} />
                      {v}
                    </label>
                  ))}
                </>
              )}
            </div>
            <div className="muted">No vertical chosen, or all of them: every vertical.</div>
          </fieldset>
        )}
        <fieldset>
          <legend>Brands</legend>
          <BrandChecklist picked={form.brands} onToggle={(b, on) => toggle('brands', b, on)} />
        </fieldset>
        <label className="field">
          Comment
          <textarea aria-label="Comment" maxLength={COMMENT_MAX} value={form.comment} onChange={(e) => setForm((f) => ({ ...f, comment: e.target.value }))} />
          <span className="muted counter">{counter(form.comment)}</span>
        </label>
        <FormError message={error} />
      </div>
    </Dialog>
  );
}

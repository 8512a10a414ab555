import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { associateReport, createScenario, updateScenario } from '../../api/scenarios';
import { Dialog, DialogActions, FormError } from '../Dialog';
import { MSG, SCENARIO_COLORS, SCENARIO_ICONS } from '../../lib/validation';
import type { Scenario } from '../../api/types';

/** Add scenario / Edit scenario (docs/product.md §4 scenario dialog modes). */
export function ScenarioDialog({ scenario, onDone, onClose }: { scenario?: Scenario; onDone: (s: Scenario) => void; onClose: () => void }) {
  const [name, setName] = useState(scenario?.name ?? '');
  const [description, setDescription] = useState(scenario?.description ?? '');
  const [icon, setIcon] = useState(scenario?.icon ?? 0);
  const [color, setColor] = useState(scenario?.background_color || SCENARIO_COLORS[0]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!name.trim()) return setError(MSG.scenarioName);
    setBusy(true);
    try {
      const body = { name: name.trim(), description, icon, background_color: color };
      const r = scenario ? await updateScenario(scenario.id, body) : await createScenario(body);
      onDone(r.scenario);
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={scenario ? 'Edit scenario' : 'Add scenario'}
      width={550}
      onClose={onClose}
      actions={<DialogActions onCancel={onClose} onPrimary={save} busy={busy} />}
    >
      <label>
        Scenario name
        <input aria-label="Scenario name" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Description
        <input aria-label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <div className="palette" role="group" aria-label="Icon">
        {SCENARIO_ICONS.map((ic, i) => (
          <button key={i} type="button" aria-pressed={icon === i} className={icon === i ? 'swatch active' : 'swatch'} onClick={() => setIcon(i)}>
            {ic}
          </button>
        ))}
      </div>
      <div className="palette" role="group" aria-label="Colour">
        {SCENARIO_COLORS.map((c) => (
          <button key={c} type="button" aria-label={c} aria-pressed={color === c} className={color === c ? 'swatch active' : 'swatch'} style={{ background: c }} onClick={() => setColor(c)} />
        ))}
      </div>
      <FormError message={error} />
    </Dialog>
  );
}

export const NEW_SCENARIO = 'new';

/**
 * FolderChoice: None (only when a folder is already set), an existing
 * scenario, or New scenario (docs/product.md §4 Save As scenario choice).
 */
export function FolderChoice({
  scenarios,
  current,
  value,
  onChange,
  newName,
  onNewName,
}: {
  scenarios: Scenario[];
  current: number;
  value: string;
  onChange: (v: string) => void;
  newName: string;
  onNewName: (v: string) => void;
}) {
  return (
    <>
      <label>
        Scenario
        <select aria-label="Scenario" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose...</option>
          {current !== -1 && <option value="-1">None</option>}
          {scenarios.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
          <option value={NEW_SCENARIO}>New scenario</option>
        </select>
      </label>
      {value === NEW_SCENARIO && (
        <label>
          New scenario name
          <input aria-label="New scenario name" value={newName} onChange={(e) => onNewName(e.target.value)} />
        </label>
      )}
    </>
  );
}

/** resolveFolder turns the folder choice into a folder id, creating the scenario when asked. */
export async function resolveFolder(value: string, newName: string): Promise<number> {
  if (value === NEW_SCENARIO) {
    if (!newName.trim()) throw new ApiError(400, 'scenario', MSG.scenarioName);
    const r = await createScenario({ name: newName.trim(), description: '', icon: 0, background_color: SCENARIO_COLORS[0] });
    return r.scenario.id;
  }
  return value === '' ? -1 : Number(value);
}

/** Associate report to scenario: choose a folder, none, or create a new one. */
export function AssociateDialog({
  reportId,
  folderId,
  scenarios,
  onDone,
  onClose,
}: {
  reportId: number;
  folderId: number;
  scenarios: Scenario[];
  onDone: () => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(folderId === -1 ? '' : String(folderId));
  const [newName, setNewName] = useState('');
  const [error, setError] = useState('');
  const save = async () => {
    try {
      const folder = await resolveFolder(value, newName);
      await associateReport(reportId, folder);
      onDone();
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    }
  };
  return (
    <Dialog
      title="Associate report to scenario"
      width={550}
      onClose={onClose}
      actions={<DialogActions onCancel={onClose} onPrimary={save} />}
    >
      <FolderChoice scenarios={scenarios} current={folderId} value={value} onChange={setValue} newName={newName} onNewName={setNewName} />
      <FormError message={error} />
    </Dialog>
  );
}

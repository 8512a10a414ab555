import type { CustomField, Label } from '../../api/types';
import { LEVELS } from '../../lib/reports';
import type { GridMode } from './columns';
import { LabelMenu } from './LabelMenu';
import { useTabular } from './store';
import { SearchBox } from './SearchBox';
import type { Suggestion } from './api/grid';

/**
 * The toolbar above the grid (docs/product.md §4): mode, group level, weigh-by, search,
 * select-all-on-page, the labels menu and the row count. The mode, level, weight and
 * banner are the screen's UI state (the tabular store); the actions go to the grid.
 */
export function ReportToolbar({
  count,
  customFields,
  labels,
  canLabel,
  onMode,
  onWeight,
  onSearch,
  suggest,
  onSelectPage,
  onPickLabel,
  onAddLabel,
}: {
  count: number | null;
  customFields: CustomField[];
  labels: Label[];
  canLabel: boolean;
  onMode: (mode: GridMode, level?: string) => void;
  onWeight: (weightBy: string) => void;
  onSearch: (text: string) => void;
  suggest: (text: string) => Promise<{ count: number; rows: Suggestion[] }>;
  onSelectPage: (on: boolean) => void;
  onPickLabel: (label: Label) => void;
  onAddLabel: () => void;
}) {
  const mode = useTabular((s) => s.mode);
  const groupLevel = useTabular((s) => s.groupLevel);
  const weightBy = useTabular((s) => s.weightBy);
  const banner = useTabular((s) => s.banner);

  return (
    <div className="toolbar">
      <div className="segmented" role="group" aria-label="Mode">
        <button className={mode === 'table' ? 'active' : ''} aria-pressed={mode === 'table'} onClick={() => onMode('table')}>
          Table
        </button>
        <button className={mode === 'group' ? 'active' : ''} aria-pressed={mode === 'group'} onClick={() => onMode('group')}>
          Group
        </button>
        <button className={mode === 'graph' ? 'active' : ''} aria-pressed={mode === 'graph'} disabled={mode === 'table'} onClick={() => onMode('graph')}>
          Graph
        </button>
      </div>
      {mode !== 'table' && (
        <label>
          Group by{' '}
          <select aria-label="Group by" value={groupLevel} onChange={(e) => onMode('group', e.target.value)}>
            {LEVELS.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Weigh by{' '}
        <select aria-label="Weigh by" value={weightBy} onChange={(e) => onWeight(e.target.value)}>
          <option value="product">Product</option>
          {customFields.map((c) => (
            <option key={c.logical_name} value={c.logical_name}>
              {c.display_name}
            </option>
          ))}
        </select>
      </label>
      <SearchBox initial={useTabular.getState().search} onSearch={onSearch} suggest={suggest} />
      {mode === 'table' && (
        <label className="check">
          <input type="checkbox" aria-label="Select all on page" checked={banner !== 'none'} onChange={(e) => onSelectPage(e.target.checked)} />
          Select all on page
        </label>
      )}
      {mode === 'table' && canLabel && <LabelMenu labels={labels} onPick={onPickLabel} onAdd={onAddLabel} />}
      <span className="row-count" aria-live="polite">
        {count !== null ? `${count.toLocaleString('en-US')} ${mode === 'table' ? 'products' : 'rows'}` : ''}
      </span>
    </div>
  );
}

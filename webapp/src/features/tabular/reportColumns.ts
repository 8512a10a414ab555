import type { RefObject } from 'react';
import type { ColDef, SetFilterValuesFuncParams } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { Label } from '../../api/types';
import { GridTooltip, LabelsCell, type LabelChip } from './cells';
import { toColDefs, type ApiColumn } from './columns';
import { GROUP_COLUMNS } from './initial';
import { labelChips, labelNames } from './labels';
import { loadSetValues } from './setValues';

/**
 * reportColDefs is the report screen's ag-grid column definitions: the API's columns
 * (toColDefs) with what needs the screen — group columns, set-filter values from the
 * API lists, tooltips, and the labels column with its chips. `labels` is read when
 * ag-grid asks, so a label created later shows without new definitions.
 */
export function reportColDefs(
  columns: ApiColumn[],
  o: {
    mode: 'table' | 'group';
    currency: string;
    labels: RefObject<Label[]>;
    onRemoveLabel?: (p: CustomCellRendererProps, chip: LabelChip) => Promise<void>;
  },
): ColDef[] {
  const defs = toColDefs(columns, { mode: o.mode, currency: o.currency });
  for (const d of defs) {
    if (Object.values(GROUP_COLUMNS).includes(d.colId!)) d.enableRowGroup = true;
    if (d.colId === 'vertical_brand') d.hide = true;
    if (d.filter === 'agSetColumnFilter') {
      const source = (d.filterParams as { source?: string }).source ?? '';
      d.filterParams = { ...(d.filterParams as object), values: (p: SetFilterValuesFuncParams) => void loadSetValues(source, o.labels.current).then((v) => p.success(v)) };
    }
    if (d.filter === 'radioFilter') d.filterParams = { ...(d.filterParams as object) };
    if (d.tooltipComponentParams) d.tooltipComponent = GridTooltip;
    // labels holds label ids; people read the names (labelsNames, or the account's list).
    if (d.colId === 'labels') {
      d.valueFormatter = (p) => labelNames(p.data ?? {}, o.labels.current).join(', ');
      d.cellRenderer = LabelsCell;
      d.cellRendererParams = {
        chipsOf: (data: Record<string, unknown>) => labelChips(data, o.labels.current),
        onRemove: o.onRemoveLabel,
      };
    }
  }
  return defs;
}

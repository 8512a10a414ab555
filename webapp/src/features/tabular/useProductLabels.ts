import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { GridApi, IRowNode } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { ApiError } from '../../lib/api';
import { MSG } from '../../lib/validation';
import { useUI } from '../../store/ui';
import type { Label } from '../../api/types';
import { insertNewLabelsForProduct, insertProductLabels, removeLabelFromProduct } from './api/labels';
import type { LabelChip } from './cells';
import type { ScreenState } from './condition';
import { currentCondition } from './gridState';
import { labelIds, labelNames } from './labels';

type Selection = { selectAll: boolean; toggledNodes: string[] } | null;

function showMessage(message: string): void {
  useUI.getState().showDialog({ title: 'Message', message, buttons: ['ok'] });
}

/**
 * useProductLabels holds the account's labels as the screen knows them (a new one is
 * added at once) and the label actions of docs/product.md §4: each shows on the rows at once and
 * is rolled back when the server refuses. labelsRef is for ag-grid's callbacks, which
 * are built once per report.
 */
export function useProductLabels(gridApi: RefObject<GridApi | null>, screen: RefObject<ScreenState>, initial: Label[]) {
  const snack = useUI((s) => s.snack);
  const [labels, setLabels] = useState<Label[]>(initial);
  const labelsRef = useRef(labels);
  useEffect(() => {
    labelsRef.current = labels;
  }, [labels]);

  const removeLabel = useCallback(async (p: CustomCellRendererProps, chip: LabelChip) => {
    const node = p.node;
    const before = { ...node.data };
    const ids = labelIds(before).filter((x) => x !== chip.id);
    const names = labelNames(before, labelsRef.current).filter((x) => x !== chip.name);
    node.setData({ ...before, labels: ids.join(','), labelsNames: names.join(',') });
    try {
      const r = await removeLabelFromProduct(String(before.id), chip.name);
      if (!r || r.ok === false) throw new Error('refused');
    } catch (e) {
      node.setData(before);
      if (e instanceof ApiError) showMessage(e.message);
    }
  }, []);

  const assignLabel = async (label: Label) => {
    const a = gridApi.current!;
    const sel = a.getServerSideSelectionState() as Selection;
    if (!sel || (!sel.selectAll && sel.toggledNodes.length === 0)) {
      showMessage(MSG.chooseProduct);
      return;
    }
    const touched: { node: IRowNode; before: Record<string, unknown> }[] = [];
    a.forEachNode((n) => {
      if (n.group || !n.data || !n.isSelected()) return;
      const before = { ...n.data };
      const ids = labelIds(n.data);
      if (!ids.includes(String(label.id))) {
        touched.push({ node: n, before });
        n.setData({ ...n.data, labels: [...ids, String(label.id)].join(','), labelsNames: [...labelNames(n.data, labels), label.name].join(',') });
      }
    });
    try {
      const r = await insertProductLabels({
        productsIds: sel.selectAll ? [] : sel.toggledNodes,
        labelId: label.id,
        selectAllRows: sel.selectAll,
        toggled: sel.selectAll ? sel.toggledNodes : [],
        condition: currentCondition(a, screen.current),
      });
      if (!r || r.ok === false) throw new Error('refused');
      snack('label add successfully');
    } catch (e) {
      for (const t of touched) t.node.setData(t.before);
      if (e instanceof ApiError) showMessage(e.message);
    }
  };

  /** createLabel adds a label to the account and the selected rows; true when it was created. */
  const createLabel = async (name: string, color: string): Promise<boolean> => {
    const a = gridApi.current!;
    const sel = a.getServerSideSelectionState() as Selection;
    const r = await insertNewLabelsForProduct({
      name,
      color,
      productsIds: sel && !sel.selectAll ? sel.toggledNodes : [],
      selectAllRows: !!sel?.selectAll,
      condition: currentCondition(a, screen.current),
    });
    setLabels((ls) => [...ls, r.label]);
    a.refreshServerSide({ purge: false });
    snack('label add successfully');
    return true;
  };

  return { labels, labelsRef, removeLabel, assignLabel, createLabel };
}

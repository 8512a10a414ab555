import { useCallback, useRef, useState, type RefObject } from 'react';
import type { GridApi } from 'ag-grid-community';
import { getCountOfRow } from './api/grid';
import type { ScreenState } from './condition';
import { currentCondition } from './gridState';
import { takeCount } from './prefetch';

/**
 * useRowCount is the "N products" of the toolbar. refresh(known) takes a count the
 * first block already gave; refresh() asks the server (or takes the prefetched
 * answer) for what the grid shows now, and only the newest answer is kept.
 */
export function useRowCount(gridApi: RefObject<GridApi | null>, screen: RefObject<ScreenState>) {
  const [count, setCount] = useState<number | null>(null);
  const seq = useRef(0);
  const refresh = useCallback(
    (known?: number) => {
      const a = gridApi.current;
      if (!a) return;
      if (known !== undefined) {
        seq.current++;
        return setCount(known);
      }
      const condition = currentCondition(a, screen.current);
      const mine = ++seq.current;
      (takeCount(condition) ?? getCountOfRow(condition))
        .then((r) => {
          if (mine !== seq.current) return; // a newer filter asked again
          setCount(r.count);
          // Blocks say -1 until the last one; the count lets the pager show every page
          // (and jump to the last) in table mode.
          if (condition.group.length === 0 && gridApi.current === a && r.count > 0) a.setRowCount(r.count, true);
        })
        .catch(() => setCount(null));
    },
    [gridApi, screen],
  );
  return { count, refresh };
}

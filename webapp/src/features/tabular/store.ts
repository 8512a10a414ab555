import { create } from 'zustand';
import type { GridMode } from './columns';

/**
 * UI state of the tabular screen (docs/architecture.md: zustand holds UI state only):
 * mode, group level, weigh-by, search text and the select-all banner. Rows stay with
 * ag-grid and the screen.
 */
export type SelectAllBanner = 'none' | 'page' | 'report';

type TabularState = {
  mode: GridMode;
  groupLevel: string; // row-group column id in group mode
  weightBy: string;
  search: string;
  banner: SelectAllBanner;
  pageSelected: number;
  setMode: (m: GridMode) => void;
  setGroupLevel: (l: string) => void;
  setWeightBy: (w: string) => void;
  setSearch: (s: string) => void;
  setBanner: (b: SelectAllBanner, pageSelected?: number) => void;
  reset: (s: Partial<Pick<TabularState, 'mode' | 'groupLevel' | 'weightBy' | 'search'>>) => void;
};

export const useTabular = create<TabularState>((set) => ({
  mode: 'table',
  groupLevel: '',
  weightBy: 'product',
  search: '',
  banner: 'none',
  pageSelected: 0,
  setMode: (mode) => set({ mode }),
  setGroupLevel: (groupLevel) => set({ groupLevel }),
  setWeightBy: (weightBy) => set({ weightBy }),
  setSearch: (search) => set({ search }),
  setBanner: (banner, pageSelected = 0) => set({ banner, pageSelected }),
  reset: (s) => set({ mode: 'table', groupLevel: '', weightBy: 'product', search: '', banner: 'none', pageSelected: 0, ...s }),
}));

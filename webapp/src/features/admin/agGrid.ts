import {
  ModuleRegistry,
  themeQuartz,
  ClientSideRowModelModule,
  TextFilterModule,
  SelectEditorModule,
  CustomEditorModule,
  TooltipModule,
  RowApiModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  CellStyleModule,
  RenderApiModule,
  ValidationModule,
} from 'ag-grid-community';
import { LicenseManager, SetFilterModule, RowGroupingModule, ColumnMenuModule } from 'ag-grid-enterprise';

let registered = false;

/**
 * registerAdminGridModules registers the modules of the users and permissions grids
 * (client-side rows, editors, grouping); ag-grid keeps one registry, so the tabular
 * screen's own registration is unaffected. The licence key is VITE_AG_GRID_LICENSE_KEY.
 */
export function registerAdminGridModules(): void {
  if (registered) return;
  registered = true;
  const key = import.meta.env.VITE_AG_GRID_LICENSE_KEY as string | undefined;
  if (key) LicenseManager.setLicenseKey(key);
  ModuleRegistry.registerModules([
    ClientSideRowModelModule,
    TextFilterModule,
    SetFilterModule,
    SelectEditorModule,
    CustomEditorModule,
    RowGroupingModule,
    ColumnMenuModule,
    TooltipModule,
    RowApiModule,
    ColumnApiModule,
    ColumnAutoSizeModule,
    CellStyleModule,
    RenderApiModule,
    ...(import.meta.env.DEV ? [ValidationModule] : []),
  ]);
}

/** The grids' look: rows 40 px high (spec §9). */
export const adminGridTheme = themeQuartz.withParams({ fontSize: 13, rowHeight: 40, headerHeight: 40, spacing: 6 });

import { ModuleRegistry, TextFilterModule, NumberFilterModule, DateFilterModule, PaginationModule, RowSelectionModule, TooltipModule, CustomFilterModule, ColumnApiModule, RowApiModule, CellStyleModule, LocaleModule, ValidationModule, GridStateModule } from 'ag-grid-community';
import {
  LicenseManager,
  ServerSideRowModelModule,
  ServerSideRowModelApiModule,
  SetFilterModule,
  RowGroupingModule,
  ColumnsToolPanelModule,
  FiltersToolPanelModule,
  SideBarModule,
  ColumnMenuModule,
} from 'ag-grid-enterprise';

let registered = false;

/**
 * registerGridModules registers only the ag-grid modules the tabular screen
 * uses (smaller bundle than AllEnterpriseModule) and sets the licence key from
 * VITE_AG_GRID_LICENSE_KEY; without it ag-grid runs in trial mode.
 */
export function registerGridModules(): void {
  if (registered) return;
  registered = true;
  const key = import.meta.env.VITE_AG_GRID_LICENSE_KEY as string | undefined;
  if (key) LicenseManager.setLicenseKey(key);
  ModuleRegistry.registerModules([
    ServerSideRowModelModule,
    ServerSideRowModelApiModule,
    TextFilterModule,
    NumberFilterModule,
    DateFilterModule,
    SetFilterModule,
    CustomFilterModule,
    RowGroupingModule,
    ColumnsToolPanelModule,
    FiltersToolPanelModule,
    SideBarModule,
    ColumnMenuModule,
    PaginationModule,
    RowSelectionModule,
    TooltipModule,
    ColumnApiModule,
    RowApiModule,
    CellStyleModule,
    LocaleModule,
    GridStateModule,
    ...(import.meta.env.DEV ? [ValidationModule] : []),
  ]);
}

export { gridTheme } from '../../components/gridTheme';

import { ModuleRegistry, themeQuartz, TextFilterModule, NumberFilterModule, PaginationModule, TooltipModule, CustomFilterModule, ColumnApiModule, RowApiModule, CellStyleModule, LocaleModule, ValidationModule } from 'ag-grid-community';
import { LicenseManager, ServerSideRowModelModule, ServerSideRowModelApiModule, ColumnsToolPanelModule, FiltersToolPanelModule, SideBarModule, ColumnMenuModule } from 'ag-grid-enterprise';

let registered = false;

/** registerGridModules registers the ag-grid modules the results grids use (the licence as the report grid sets it). */
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
    CustomFilterModule,
    ColumnsToolPanelModule,
    FiltersToolPanelModule,
    SideBarModule,
    ColumnMenuModule,
    PaginationModule,
    TooltipModule,
    ColumnApiModule,
    RowApiModule,
    CellStyleModule,
    LocaleModule,
    ...(import.meta.env.DEV ? [ValidationModule] : []),
  ]);
}

export const gridTheme = themeQuartz.withParams({ fontSize: 13, rowHeight: 40, headerHeight: 40, spacing: 6 });

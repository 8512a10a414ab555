import { TextFilterModule, NumberFilterModule, DateFilterModule, PaginationModule, TooltipModule, CustomFilterModule, ColumnApiModule, RowApiModule, CellStyleModule, LocaleModule, RowSelectionModule, TextEditorModule } from 'ag-grid-community';
import { ServerSideRowModelModule, ServerSideRowModelApiModule, SetFilterModule, ColumnsToolPanelModule, FiltersToolPanelModule, SideBarModule, ColumnMenuModule } from 'ag-grid-enterprise';
import { registerGridModules as register } from '../../components/agGrid';

let registered = false;

/** registerGridModules registers the ag-grid modules the results grids use. */
export function registerGridModules(): void {
  if (registered) return;
  registered = true;
  register([
    ServerSideRowModelModule,
    ServerSideRowModelApiModule,
    TextFilterModule,
    NumberFilterModule,
    DateFilterModule,
    SetFilterModule,
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
    RowSelectionModule,
    TextEditorModule,
  ]);
}

export { gridLocaleText, gridTheme } from '../../components/gridTheme';

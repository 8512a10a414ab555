import { TextFilterModule, NumberFilterModule, DateFilterModule, PaginationModule, RowSelectionModule, TooltipModule, CustomFilterModule, ColumnApiModule, RowApiModule, CellStyleModule, LocaleModule, GridStateModule, ColumnAutoSizeModule, ScrollApiModule } from 'ag-grid-community';
import {
  ServerSideRowModelModule,
  ServerSideRowModelApiModule,
  SetFilterModule,
  RowGroupingModule,
  ColumnsToolPanelModule,
  FiltersToolPanelModule,
  SideBarModule,
  ColumnMenuModule,
} from 'ag-grid-enterprise';
import { registerGridModules as register } from '../../components/agGrid';

let registered = false;

/** registerGridModules registers the ag-grid modules the report grids use. */
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
    ColumnAutoSizeModule, // the real-time view sizes its columns to their contents (GridReport fitColumns)
    ScrollApiModule,
  ]);
}

export { gridLocaleText, gridTheme } from '../../components/gridTheme';

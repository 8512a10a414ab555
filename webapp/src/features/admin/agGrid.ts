import {
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
} from 'ag-grid-community';
import { SetFilterModule, RowGroupingModule, ColumnMenuModule } from 'ag-grid-enterprise';
import { registerGridModules } from '../../components/agGrid';

let registered = false;

/** registerAdminGridModules registers the modules of the users and permissions grids (client-side rows, editors, grouping). */
export function registerAdminGridModules(): void {
  if (registered) return;
  registered = true;
  registerGridModules([
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
  ]);
}

export { gridTheme as adminGridTheme } from '../../components/gridTheme';

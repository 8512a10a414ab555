package trend

import (
	"pricelens/api/grid"
	"pricelens/engine"
)

// columns shapes a trend report's table columns (engine.TrendColumns) into the
// specification's column definitions.
func columns(a engine.Account, r engine.TrendReport) grid.Columns {
	cols := engine.TrendColumns(a, r)
	out := grid.Columns{Columns: make([]grid.ColumnDef, 0, len(cols))}
	for _, c := range cols {
		ft := "number"
		if c.Format == "date" || c.Format == "text" {
			ft = c.Format
		}
		out.Columns = append(out.Columns, grid.ColumnDef{HeaderName: c.Header, Field: c.Field, ColID: c.Field, FilterType: ft,
			FormatType: c.Format, DefaultColumn: true, CompetitorID: c.CompetitorID})
	}
	return out
}

// exportTable lays the rows out in the requested columns; a cell is the row's
// value, or empty where the row has none.
func exportTable(in ExportRequest) ExportTable {
	out := ExportTable{Columns: make([]string, len(in.PivotColumns)), Data: make([][]any, 0, len(in.RowData))}
	for i, c := range in.PivotColumns {
		out.Columns[i] = c.HeaderName
		if c.HeaderName == "" {
			out.Columns[i] = c.Field
		}
	}
	for _, r := range in.RowData {
		row := make([]any, len(in.PivotColumns))
		for i, c := range in.PivotColumns {
			if v, ok := r[c.Field]; ok && v != nil {
				row[i] = v
			} else {
				row[i] = ""
			}
		}
		out.Data = append(out.Data, row)
	}
	return out
}

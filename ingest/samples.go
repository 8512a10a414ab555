package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// The full column sets of each kind, as written by the samples and the generators.
var (
	scanCols = []Col{
		{Name: "account_id", Type: ColInt}, {Name: "product_id", Type: ColString}, {Name: "competitor_id", Type: ColInt},
		{Name: "scanned_at", Type: ColTimestamp}, {Name: "price", Type: ColFloat, Optional: true},
		{Name: "in_stock", Type: ColBool}, {Name: "on_sale", Type: ColBool}, {Name: "comp_product_id", Type: ColString},
		{Name: "name", Type: ColString}, {Name: "brand", Type: ColString}, {Name: "mfgr_prod_id", Type: ColString},
		{Name: "url", Type: ColString}, {Name: "img_url", Type: ColString},
	}
	productCols = []Col{
		{Name: "account_id", Type: ColInt}, {Name: "product_id", Type: ColString}, {Name: "name", Type: ColString},
		{Name: "brand", Type: ColString}, {Name: "mfgr_prod_id", Type: ColString}, {Name: "super_category", Type: ColString},
		{Name: "category", Type: ColString}, {Name: "vertical", Type: ColString}, {Name: "my_price", Type: ColFloat},
		{Name: "cost", Type: ColFloat}, {Name: "currency", Type: ColString}, {Name: "url", Type: ColString},
		{Name: "img_url", Type: ColString}, {Name: "in_stock", Type: ColBool}, {Name: "revenue_30d", Type: ColFloat},
		{Name: "units_30d", Type: ColFloat}, {Name: "page_views_30d", Type: ColFloat}, {Name: "updated_at", Type: ColTimestamp},
	}
	metricCols = []Col{
		{Name: "account_id", Type: ColInt}, {Name: "product_id", Type: ColString}, {Name: "date", Type: ColDate},
		{Name: "my_price", Type: ColFloat}, {Name: "cost", Type: ColFloat}, {Name: "units_sold", Type: ColFloat},
		{Name: "revenue", Type: ColFloat}, {Name: "page_views", Type: ColFloat}, {Name: "updated_at", Type: ColTimestamp},
	}
)

// Gen describes generated rows: n rows of one account over products × competitors,
// starting at Start (scans: one scan per product and competitor per hour; metrics:
// one row per product per day). Every row has a distinct key, so n rows load as n.
type Gen struct {
	Account     int64
	Competitors []int64
	Products    int
	Start       time.Time
}

// Scans is a table of n generated scans; every 10th price is NULL (not found).
func (g Gen) Scans(n int) Table {
	c := len(g.Competitors)
	return Table{Cols: scanCols, N: n, Row: func(i int, d []any) {
		comp := g.Competitors[i%c]
		p := (i / c) % g.Products
		round := i / (c * g.Products)
		pid := fmt.Sprintf("FSN%08d", p)
		d[0], d[1], d[2] = g.Account, pid, comp
		d[3] = g.Start.Add(time.Duration(round) * time.Hour)
		if i%10 != 9 {
			d[4] = float64(100+p%900) + float64(i%97)/100
		}
		d[5], d[6] = i%7 != 0, i%5 == 0
		d[7] = fmt.Sprintf("C%d-%d", comp, p)
		d[8], d[9], d[10] = "Product "+pid, fmt.Sprintf("Brand %d", p%50), fmt.Sprintf("M-%d", p)
		d[11], d[12] = "https://shop.example/"+pid, "https://img.example/"+pid+".jpg"
	}}
}

// ProductsTable is a table of n generated products.
func (g Gen) ProductsTable(n int) Table {
	return Table{Cols: productCols, N: n, Row: func(i int, d []any) {
		pid := fmt.Sprintf("FSN%08d", i)
		d[0], d[1], d[2], d[3], d[4] = g.Account, pid, "Product "+pid, fmt.Sprintf("Brand %d", i%50), fmt.Sprintf("M-%d", i)
		d[5], d[6], d[7] = "Electronics", fmt.Sprintf("Category %d", i%10), fmt.Sprintf("Vertical %d", i%30)
		d[8], d[9], d[10] = float64(100+i%900), float64(70+i%600), "INR"
		d[11], d[12], d[13] = "https://my.example/"+pid, "https://img.example/"+pid+".jpg", i%9 != 0
		d[14], d[15], d[16] = float64(i%1000)*12.5, float64(i%100), float64(i%5000)
		d[17] = g.Start
	}}
}

// MetricsTable is a table of n generated daily metrics rows.
func (g Gen) MetricsTable(n int) Table {
	return Table{Cols: metricCols, N: n, Row: func(i int, d []any) {
		p := i % g.Products
		day := i / g.Products
		d[0], d[1] = g.Account, fmt.Sprintf("FSN%08d", p)
		d[2] = time.Date(g.Start.Year(), g.Start.Month(), g.Start.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, day)
		d[3], d[4], d[5] = float64(100+p%900), float64(70+p%600), float64(i%13)
		d[6], d[7], d[8] = float64(100+p%900)*float64(i%13), float64(i%400), g.Start
	}}
}

// Table returns n generated rows of a kind.
func (g Gen) Table(k Kind, n int) Table {
	switch k {
	case Products:
		return g.ProductsTable(n)
	case Metrics:
		return g.MetricsTable(n)
	}
	return g.Scans(n)
}

// WriteSamples writes an example file of every kind in every format into dir
// (scans.csv, scans.parquet, scans.arrow, products.csv, …). They load into the demo
// account 1 with its competitors 1 and 2 (`pricelens seed` creates them).
func WriteSamples(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	g := Gen{Account: 1, Competitors: []int64{1, 2}, Products: 5, Start: time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)}
	sizes := map[Kind]int{Scans: 20, Products: 5, Metrics: 15}
	for _, k := range Kinds {
		for _, f := range Formats {
			path := filepath.Join(dir, string(k)+"."+string(f))
			if err := writeFile(path, g.Table(k, sizes[k]), f, 0); err != nil {
				return fmt.Errorf("write %s: %w", path, err)
			}
		}
	}
	return nil
}

// WriteFile writes a table to a file in a format (groupRows as in Table.Write).
func WriteFile(path string, t Table, f Format, groupRows int) error {
	return writeFile(path, t, f, groupRows)
}

func writeFile(path string, t Table, f Format, groupRows int) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := t.Write(out, f, groupRows); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

package feed

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"strconv"

	"pricelens/engine"
	"pricelens/ingest"
)

// apply sets a batch's approved prices as the catalogue's my_price (the account
// setting store.ApplySetting), through the same products load a catalogue file
// goes through (ingest.Load: validation, the version that wins, the snapshot
// refresh): each product's latest row is read and loaded again with the new
// price. Several prices of one product in the batch: the latest approval wins. A
// product no longer in the catalogue is skipped. The load is idempotent (the same
// rows are the same load), so applying a batch again after a stop is harmless.
func (f Feeder) apply(ctx context.Context, accountID, batchID int64) (applied int, err error) {
	if f.W == nil {
		return 0, errors.New("applying approved prices needs ClickHouse (Feeder.W)")
	}
	rows, err := f.Store.FeedBatchRows(ctx, accountID, batchID)
	if err != nil {
		return 0, err
	}
	price := map[string]float64{}
	ids := []string{}
	for _, r := range rows { // by approval id: a later approval of a product wins
		if _, seen := price[r.ProductID]; !seen {
			ids = append(ids, r.ProductID)
		}
		price[r.ProductID] = r.NewPrice
	}
	if len(ids) == 0 {
		return 0, nil
	}
	st, err := engine.CompileCatalogRows(uint32(accountID), ids)
	if err != nil {
		return 0, err
	}
	res, err := f.W.Query(ctx, st)
	if err != nil {
		return 0, err
	}
	if len(res.Rows) == 0 {
		return 0, nil
	}
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	if err := cw.Write(engine.CatalogColumns); err != nil {
		return 0, err
	}
	myPrice := -1
	for i, c := range engine.CatalogColumns {
		if c == engine.ColMyPrice {
			myPrice = i
		}
	}
	for _, row := range res.Rows {
		rec := make([]string, len(row))
		for i, v := range row {
			rec[i], _ = v.(string)
		}
		rec[myPrice] = strconv.FormatFloat(price[rec[0]], 'f', -1, 64)
		if err := cw.Write(rec); err != nil {
			return 0, err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return 0, err
	}
	sum, err := ingest.Load(ctx, f.W, f.Store.DB, ingest.Request{Kind: ingest.Products, Name: BaseName(batchID) + "-my_price.csv",
		File: bytes.NewReader(buf.Bytes()), Size: int64(buf.Len()), Account: uint32(accountID), AllOrNothing: true})
	if err != nil {
		return 0, fmt.Errorf("applying batch %d to the catalogue: %w", batchID, err)
	}
	if sum.Rejected > 0 {
		return 0, fmt.Errorf("applying batch %d to the catalogue: %d rows rejected", batchID, sum.Rejected)
	}
	return len(res.Rows), nil
}

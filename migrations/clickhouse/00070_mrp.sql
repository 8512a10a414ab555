-- The product's maximum retail price (MRP), a source of the dynamic pricer's rules
-- ("MRP - CN"); 0 = unknown (the rule's source then has no value). Carried into the
-- report snapshot like the other product columns.

-- +goose NO TRANSACTION
-- +goose Up
ALTER TABLE products ADD COLUMN mrp Float64 DEFAULT 0;
ALTER TABLE product_snapshot ADD COLUMN mrp Float64 DEFAULT 0;
ALTER TABLE product_snapshot_build ADD COLUMN mrp Float64 DEFAULT 0;

-- +goose Down
ALTER TABLE product_snapshot_build DROP COLUMN mrp;
ALTER TABLE product_snapshot DROP COLUMN mrp;
ALTER TABLE products DROP COLUMN mrp;

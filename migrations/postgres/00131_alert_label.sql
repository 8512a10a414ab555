-- +goose Up
-- An alert watches a saved report or a label (docs/exports.md#price-alerts:
-- its competitors over a report or a label), or neither (every product of the account), never both. Removing
-- the label removes its alerts, as removing the report row does.
ALTER TABLE alerts
    ADD COLUMN label_id bigint REFERENCES labels(id) ON DELETE CASCADE,
    ADD CONSTRAINT alerts_report_or_label CHECK (saved_report_id IS NULL OR label_id IS NULL);

-- +goose Down
ALTER TABLE alerts DROP CONSTRAINT alerts_report_or_label, DROP COLUMN label_id;

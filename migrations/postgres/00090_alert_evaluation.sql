-- +goose Up
-- Price alerts are evaluated (issue 13 item 5). On the wire an alert's own id is
-- report_id (spec: removeAlert {report_id}); the saved report it watches was a
-- column of the same name, which the handlers confused with the alert's id. The
-- link is renamed saved_report_id (NULL: every product of the account), and the
-- alert gets its date filter (days, spec: Last day, 7, 14, 30, 60, 180), the
-- "only changes since the last notification" option, when it last mailed, and
-- the last period it was evaluated for (the day or ISO week: evaluate_alert
-- claims it in the transaction that queues the mail, so a period mails once even
-- when River has already cleaned its completed job away).
ALTER TABLE alerts RENAME COLUMN report_id TO saved_report_id;
ALTER TABLE alerts
    ADD COLUMN date_filter       smallint NOT NULL DEFAULT 1 CHECK (date_filter IN (1, 7, 14, 30, 60, 180)),
    ADD COLUMN since_last_notice boolean NOT NULL DEFAULT false,
    ADD COLUMN last_notified_at  timestamptz,
    ADD COLUMN evaluated_period  text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE alerts DROP COLUMN date_filter, DROP COLUMN since_last_notice, DROP COLUMN last_notified_at,
    DROP COLUMN evaluated_period;
ALTER TABLE alerts RENAME COLUMN saved_report_id TO report_id;

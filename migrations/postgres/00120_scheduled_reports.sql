-- +goose Up
-- Weekday schedules of saved reports (docs/exports.md#scheduled-reports).
-- scheduled_report_runs has one row per report and local day it was sent on: the
-- send_scheduled_report job inserts it in the transaction that queues the mail, so
-- a report is mailed at most once a day however many processes or ticks ask.
CREATE TABLE scheduled_report_runs (
    report_id   bigint NOT NULL REFERENCES saved_reports(id) ON DELETE CASCADE,
    local_date  date NOT NULL,                       -- the day in the account's time zone
    account_id  bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    export_id   text REFERENCES export_jobs(id) ON DELETE SET NULL,
    mail_id     bigint REFERENCES mail_messages(id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (report_id, local_date)
);

-- Files attached to a mail (a scheduled report's CSV): send_mail reads them when
-- it composes the message, so the mail row stays small.
CREATE TABLE mail_attachments (
    mail_id       bigint NOT NULL REFERENCES mail_messages(id) ON DELETE CASCADE,
    position      integer NOT NULL,
    filename      text NOT NULL,
    content_type  text NOT NULL,
    path          text NOT NULL,
    PRIMARY KEY (mail_id, position)
);

-- A scheduled report's CSV above the attachment limit is mailed as a link that
-- needs no session (recipients may have no account): the link's token, stored as
-- its SHA-256, opens that one file until the export expires.
ALTER TABLE export_jobs ADD COLUMN download_token_hash text UNIQUE;

-- +goose Down
ALTER TABLE export_jobs DROP COLUMN IF EXISTS download_token_hash;
DROP TABLE IF EXISTS mail_attachments;
DROP TABLE IF EXISTS scheduled_report_runs;

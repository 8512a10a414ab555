-- Delivery of queued mails by the send_mail job: how many SMTP attempts a mail took
-- and why the last one failed, so an undelivered mail says why on its row (the
-- job's own errors are in river_job). sent_at (00020) is set only after the SMTP
-- server accepted the mail.

-- +goose Up
ALTER TABLE mail_messages
    ADD COLUMN attempts   integer NOT NULL DEFAULT 0,
    ADD COLUMN last_error text;

-- +goose Down
ALTER TABLE mail_messages
    DROP COLUMN IF EXISTS last_error,
    DROP COLUMN IF EXISTS attempts;

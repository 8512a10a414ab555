package kinds

import "github.com/riverqueue/river"

// SendMail sends one mail of mail_messages over SMTP. It is inserted with the mail
// row (store.queueMail), so every recorded mail has exactly one job.
type SendMail struct {
	MailID int64 `json:"mail_id"`
}

// Kind names the job in River's tables; never rename it while jobs of it may be queued.
func (SendMail) Kind() string { return "send_mail" }

// InsertOpts make the job unique by mail id (in every state but cancelled and
// discarded), so a mail is never queued twice. The attempts, with the worker's
// backoff (doubling from a second, capped at 30 minutes), keep trying for about seven hours: long enough to
// ride out an SMTP outage, short enough that a password reset link (valid for an
// hour) is not delivered days late without anyone noticing the failed job.
func (SendMail) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 25, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

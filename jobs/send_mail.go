package jobs

import (
	"context"
	"errors"
	"fmt"
	"net/textproto"
	"time"

	"github.com/riverqueue/river"

	"pricelens/jobs/kinds"
	"pricelens/store"
)

// sendMail delivers one recorded mail over SMTP (see store.DeliverMail for why a
// mail is sent once, and the one narrow window in which it can be sent twice). A failed send fails the job, which River
// retries with the backoff below; the row keeps the attempt count and last error.
type sendMail struct {
	river.WorkerDefaults[kinds.SendMail]
	deps Deps
}

func (w *sendMail) Work(ctx context.Context, job *river.Job[kinds.SendMail]) error {
	sent, err := store.New(w.deps.DB).DeliverMail(ctx, job.Args.MailID, func(m store.Mail) error {
		msg, err := composeMail(m, w.deps.SMTP.From, time.Now())
		if err != nil {
			return err
		}
		return sendSMTP(ctx, w.deps.SMTP, msg)
	})
	switch {
	case errors.Is(err, store.ErrMailGone):
		return river.JobCancel(err)
	case permanent(err):
		// The server refused the mail for good (a 5xx: unknown mailbox, policy):
		// trying again would be refused again, so the job stops here, visibly.
		return river.JobCancel(err)
	case err != nil:
		return err
	}
	if sent {
		w.deps.Log.Info("mail sent", "mail_id", job.Args.MailID)
	}
	return nil
}

// permanent reports an SMTP reply of the 5xx class, or a mail that cannot be
// composed (a malformed stored address).
func permanent(err error) bool {
	var te *textproto.Error
	var ce composeError
	return (errors.As(err, &te) && te.Code >= 500) || errors.As(err, &ce)
}

// NextRetry doubles the wait from one second up to 30 minutes: a brief SMTP
// hiccup costs a second, a long outage is polled gently.
func (w *sendMail) NextRetry(job *river.Job[kinds.SendMail]) time.Time {
	return time.Now().Add(mailRetryWait(job.Attempt))
}

func mailRetryWait(attempt int) time.Duration {
	const most = 30 * time.Minute
	if attempt > 12 {
		return most
	}
	return min(time.Second<<max(attempt-1, 0), most)
}

// Timeout bounds one attempt (the SMTP conversation has its own deadline too).
func (w *sendMail) Timeout(*river.Job[kinds.SendMail]) time.Duration {
	return smtpTimeout + 10*time.Second
}

// composeError is a mail that cannot be turned into a message; retrying does not help.
type composeError struct{ error }

func (e composeError) Unwrap() error { return e.error }

func newComposeError(format string, args ...any) error {
	return composeError{fmt.Errorf(format, args...)}
}

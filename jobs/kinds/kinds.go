// Package kinds holds the kinds of background job as types: each kind's arguments
// and insert options, one file per kind. Code that asks for work imports only this
// package and inserts the job in the transaction of the change that needs it, so
// the job exists exactly when the change commits (a transactional outbox for free).
// Package jobs holds the workers that do the work; keeping the two apart lets the
// stores ask for work without depending on what the workers need (ClickHouse, mail).
package kinds

import (
	"context"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
)

// inserter is an insert-only River client: it has no pool of its own and only
// writes jobs into the caller's transaction, so one serves every database.
var inserter = sync.OnceValues(func() (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(nil), &river.Config{})
})

// InsertTx enqueues a job in tx with its kind's insert options.
func InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs) error {
	c, err := inserter()
	if err != nil {
		return err
	}
	_, err = c.InsertTx(ctx, tx, args, nil)
	return err
}

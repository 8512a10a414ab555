package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"pricelens/engine"
	"pricelens/jobs/kinds"
	"pricelens/store"
	"pricelens/uploads"
	"pricelens/warehouse"
)

// processUpload applies one file of the Upload Files screen (UploadProcessor).
type processUpload struct {
	river.WorkerDefaults[kinds.ProcessUpload]
	deps Deps
}

func (w *processUpload) Work(ctx context.Context, job *river.Job[kinds.ProcessUpload]) error {
	p := UploadProcessor{Store: store.New(w.deps.DB), W: w.deps.Warehouse, Now: w.deps.now}
	err := p.Process(ctx, job.Args.UploadID)
	if err != nil && ctx.Err() == nil && job.Attempt >= job.MaxAttempts {
		return p.fail(context.WithoutCancel(ctx), job.Args.UploadID, "The file could not be processed: "+err.Error())
	}
	return err
}

// UploadProcessor applies an uploaded file: parse and check every row (package
// uploads), check its FSNs against the account's catalogue in ClickHouse, then
// write every row in one PostgreSQL transaction (store.ApplyUpload) — or, when any
// row is refused, nothing, with the reason of each refused row.
type UploadProcessor struct {
	Store *store.Store
	W     *warehouse.Warehouse
	Now   func() time.Time
}

// Process works upload id. An upload already done or failed is left alone (the job
// ran again after finishing); an error before the transaction commits changed
// nothing, and the job's retry starts over.
func (p UploadProcessor) Process(ctx context.Context, id int64) error {
	u, content, ok, err := p.Store.BeginUpload(ctx, id)
	if err != nil || !ok {
		return err
	}
	kind, ok := uploads.Lookup(u.Kind)
	if !ok {
		return p.Store.FailUpload(ctx, u, 0, nil, "Unknown upload kind "+u.Kind)
	}
	parsed, err := kind.Parse(content, p.Now())
	if errors.Is(err, uploads.ErrUnreadable) {
		return p.Store.FailUpload(ctx, u, 0, nil, "Nothing was applied: "+err.Error())
	}
	if err != nil {
		return err
	}
	if len(parsed.FSNs) > 0 {
		st, err := engine.CompileKnownProducts(uint32(u.Actor().AccountID), parsed.FSNs)
		if err != nil {
			return err
		}
		known, err := p.W.Strings(ctx, st)
		if err != nil {
			return err
		}
		have := make(map[string]bool, len(known))
		for _, f := range known {
			have[f] = true
		}
		parsed.RefuseMissing(have, "unknown FSN: not in the account's catalogue")
	}
	_, err = p.Store.ApplyUpload(ctx, u, parsed.Total, parsed.Rows, parsed.Refused, p.Now())
	return err
}

func (p UploadProcessor) fail(ctx context.Context, id int64, msg string) error {
	u, _, ok, err := p.Store.BeginUpload(ctx, id)
	if err != nil || !ok {
		return err
	}
	return p.Store.FailUpload(ctx, u, 0, nil, msg)
}

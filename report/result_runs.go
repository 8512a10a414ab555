package report

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"pricelens/engine"
	"pricelens/store"
)

// Which pricer run a results grid or a results export reads. It is here, with
// the exports, because a results export's job compiles the run its stored
// condition names (CompileExport) without a request; the results and approval
// grids' handlers ask the same questions through these.

// RunRef names the results to read: "latest" (the latest complete real run, the
// default), "simulation" (the latest complete simulation) or a run id.
type RunRef struct {
	Simulation bool
	ID         int64
}

// ResultsCondition is a grid condition with the specification's "run" key.
type ResultsCondition struct {
	Cond engine.Condition
	Run  RunRef
}

// ParseResultsCondition parses a results condition sent under field (an object or
// a JSON string) and its run.
func ParseResultsCondition(field string, raw json.RawMessage) (ResultsCondition, error) {
	var out ResultsCondition
	t, err := ConditionObject(raw)
	if err != nil {
		return out, err
	}
	if out.Cond, err = engine.ParseCondition(t); err != nil {
		return out, err
	}
	var r struct {
		Run json.RawMessage `json:"run"`
	}
	_ = json.Unmarshal(t, &r)
	run := strings.TrimSpace(string(bytes.Trim(bytes.TrimSpace(r.Run), `"`)))
	switch run {
	case "", "null", "latest":
	case "simulation":
		out.Run.Simulation = true
	default:
		id, err := strconv.ParseInt(run, 10, 64)
		if err != nil || id <= 0 {
			return out, invalid(field+".run", "run must be latest, simulation or a run id")
		}
		out.Run.ID = id
	}
	return out, nil
}

// Run finds the complete run the caller asked for (found false: none yet).
func (s *Service) Run(ctx context.Context, accountID int64, ref RunRef) (store.PricerRun, bool, error) {
	st := store.New(s.DB)
	if ref.ID != 0 {
		r, err := st.Run(ctx, accountID, ref.ID)
		if err != nil {
			return r, false, err
		}
		if r.Status != store.RunComplete {
			return r, false, conflict("This run has no results: it is " + r.Status + ".")
		}
		kept, err := st.UnusedResultSets(ctx, accountID, 0)
		if err != nil {
			return r, false, err
		}
		for _, id := range kept {
			if id == r.ResultID {
				return r, false, notFound("The results of this run are no longer kept.")
			}
		}
		return r, true, nil
	}
	return st.LatestCompleteRun(ctx, accountID, ref.Simulation)
}

// Decided are a real run's records a person approved or rejected, which the
// results grid's status follows (so Results and Manual Approval agree); none for
// a simulation or no run.
func (s *Service) Decided(ctx context.Context, run store.PricerRun, found bool) (engine.ApprovalDecided, error) {
	if !found || run.IsSimulation {
		return engine.ApprovalDecided{}, nil
	}
	return store.New(s.DB).ApprovalDecidedSets(ctx, run.AccountID, run.ID)
}

// resultRun is the run a results export's stored condition names ("run": its id),
// with what its explanations need.
func (s *Service) resultRun(ctx context.Context, accountID int64, condJSON []byte) (engine.ResultRun, error) {
	rc, err := ParseResultsCondition("condition", condJSON)
	if err != nil {
		return engine.ResultRun{}, err
	}
	run, found, err := s.Run(ctx, accountID, rc.Run)
	if err != nil {
		return engine.ResultRun{}, err
	}
	if !found {
		return engine.ResultRun{}, ErrNoResults
	}
	d, err := s.Decided(ctx, run, found)
	if err != nil {
		return engine.ResultRun{}, err
	}
	return engine.ResultRun{ResultID: uint64(run.ResultID), Rules: run.Rules, Guardrails: run.Guardrails, Decided: d}, nil
}

// ErrNoResults answers an export of results that do not exist yet.
var ErrNoResults = conflict("There are no results to export yet: run or simulate the rules first.")

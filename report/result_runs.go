package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"pricelens/engine"
	"pricelens/pricer"
	"pricelens/store"
)

// A results export's condition: a grid condition with the "run" key naming the
// pricer run whose results it reads. It is here, with the exports, because the
// export job compiles the run its stored condition names (CompileExport) without
// a request; the results grid's handlers parse their requests with the same code.

// ResultsCondition is a grid condition with the specification's "run" key:
// "latest" (the latest complete real run, the default), "simulation" (the latest
// complete simulation) or a run id.
type ResultsCondition struct {
	Cond engine.Condition
	Run  pricer.RunRef
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

// resultRun is the run a results export's stored condition names ("run": its id),
// with what its explanations need. Its refusals are the export's words
// (exportError reads a *report.Error).
func (s *Service) resultRun(ctx context.Context, accountID int64, condJSON []byte) (engine.ResultRun, error) {
	rc, err := ParseResultsCondition("condition", condJSON)
	if err != nil {
		return engine.ResultRun{}, err
	}
	run, err := s.Pricer().ResultRun(ctx, accountID, rc.Run)
	return run, PricerRefusal(err)
}

// PricerRefusal is the pricer's refusal (no results, not kept) as the *Error the
// export job words for the user and api/grid maps to a status; other errors pass.
func PricerRefusal(err error) error {
	var r *pricer.Refusal
	if errors.As(err, &r) {
		if r.Err.Kind == store.KindNotFound {
			return notFound(r.Err.Message)
		}
		return conflict(r.Err.Message)
	}
	return err
}

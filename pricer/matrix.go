package pricer

import "pricelens/engine"

// The matrix profiles: named guardrail presets (the specification's "matrix profile
// select" lists profiles and types; their structure is not shown, so a profile is a
// set of guardrails and a type says how boldly it moves prices). Choosing one in
// saveGuardrails copies its guardrails to the account.

// MatrixType is one kind of matrix profile: how boldly its guardrails move prices.
type MatrixType struct {
	ID, Name, Description string
}

// MatrixProfile is a named guardrail preset of a type.
type MatrixProfile struct {
	ID, Name, Type string
	Guardrails     engine.Guardrails
}

// MatrixTypes are the kinds of matrix profile.
func MatrixTypes() []MatrixType { return append([]MatrixType(nil), matrixTypes...) }

// MatrixProfiles are the matrix profiles.
func MatrixProfiles() []MatrixProfile { return append([]MatrixProfile(nil), matrixProfiles...) }

var matrixTypes = []MatrixType{
	{"none", "No limits", "No maximum change, no rounding, no minimum margin; every change waits for approval"},
	{"conservative", "Conservative", "Small steps with a healthy margin floor; only tiny changes are approved automatically"},
	{"balanced", "Balanced", "Moderate steps, charm endings and a margin floor"},
	{"aggressive", "Aggressive", "Large steps to follow the market quickly, with a thin margin floor"},
}

func pct(f float64) *float64 { return &f }

var matrixProfiles = []MatrixProfile{
	{ID: "none", Name: "No limits", Type: "none", Guardrails: engine.Guardrails{RoundingEndings: []float64{}}},
	{ID: "conservative", Name: "Conservative (5 % steps, .99, 15 % margin)", Type: "conservative",
		Guardrails: engine.Guardrails{MaxChangePct: pct(5), RoundingEndings: []float64{0.99}, MinMarginPct: pct(15), AutoApprovePct: 2}},
	{ID: "balanced", Name: "Balanced (10 % steps, .49/.99, 10 % margin)", Type: "balanced",
		Guardrails: engine.Guardrails{MaxChangePct: pct(10), RoundingEndings: []float64{0.49, 0.99}, MinMarginPct: pct(10), AutoApprovePct: 5}},
	{ID: "aggressive", Name: "Aggressive (25 % steps, 5 % margin)", Type: "aggressive",
		Guardrails: engine.Guardrails{MaxChangePct: pct(25), RoundingEndings: []float64{}, MinMarginPct: pct(5), AutoApprovePct: 10}},
}

func init() {
	for i := range matrixProfiles {
		matrixProfiles[i].Guardrails.MatrixProfile = matrixProfiles[i].ID
	}
}

// Profile is the matrix profile id (ok false: there is none).
func Profile(id string) (MatrixProfile, bool) {
	for _, p := range matrixProfiles {
		if p.ID == id {
			return p, true
		}
	}
	return MatrixProfile{}, false
}

package pricer

import "pricelens/store"

// Refusal is a request the pricer refuses, with a message a person can act on.
// It wraps a typed store error, so the API's one mapping of store errors gives
// its status (409 conflict, 404 not found); a caller that words refusals itself
// (the export job) tells the pricer's own refusals from the store's by this type.
type Refusal struct{ Err *store.Error }

func (r *Refusal) Error() string { return r.Err.Message }
func (r *Refusal) Unwrap() error { return r.Err }

func conflict(msg string) error {
	return &Refusal{&store.Error{Kind: store.KindConflict, Message: msg}}
}
func notFound(msg string) error {
	return &Refusal{&store.Error{Kind: store.KindNotFound, Message: msg}}
}

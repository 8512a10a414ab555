package report

import (
	"context"

	"pricelens/engine"
	"pricelens/pricer"
	"pricelens/store"
	"pricelens/store/authz"
)

// The report service as the pricer's grids read it. The pricer's domain declares
// what it reads (pricer.Reports) rather than importing this package, which
// imports it (a results export compiles the run the pricer resolves); this hands
// the service over for one caller.

// pricerReports is pricer.Reports for one caller: the caller's account, the
// product report's rows, the rows' labels.
type pricerReports struct {
	s *Service
	p authz.Principal
}

var _ pricer.Reports = pricerReports{}

// PricerReports is the service as the pricer's grids read it for caller p.
func (s *Service) PricerReports(p authz.Principal) pricer.Reports { return pricerReports{s: s, p: p} }

func (r pricerReports) Account(ctx context.Context, withMeta bool) (engine.Account, error) {
	return r.s.account(ctx, r.p, withMeta)
}

func (r pricerReports) Rows(ctx context.Context, a engine.Account, c engine.Condition) ([]map[string]any, error) {
	b, err := r.s.Rows(ctx, a, c)
	return b.Rows, err
}

func (r pricerReports) Labels(ctx context.Context, a engine.Account, rows []map[string]any) error {
	return r.s.FillLabels(ctx, a, rows)
}

// Pricer is the pricer's domain over the service's databases.
func (s *Service) Pricer() *pricer.Pricer { return pricer.New(store.New(s.DB), s.W) }

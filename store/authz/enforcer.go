package authz

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/casbin/casbin/v2"
	"github.com/casbin/casbin/v2/model"
)

// casbinModel: a request asks whether a role holds a (resource, action) pair,
// either with one specific permission code or with any code ("*").
const casbinModel = `
[request_definition]
r = sub, obj, act, code

[policy_definition]
p = sub, obj, act, code

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = r.sub == p.sub && r.obj == p.obj && r.act == p.act && (r.code == "*" || r.code == p.code)
`

// GrantSource loads the grants of one account (the store's AccountGrants).
type GrantSource func(ctx context.Context, accountID int64) ([]Grant, error)

// Authorizer answers permission questions per account. It keeps one casbin
// enforcer per account for a few seconds, and drops it at once when this process
// changes the account's grants (other processes see a change within the TTL).
type Authorizer struct {
	load GrantSource
	ttl  time.Duration

	mu    sync.Mutex
	cache map[int64]cached
}

type cached struct {
	e  *casbin.Enforcer
	at time.Time
}

// NewAuthorizer builds an authorizer over a grant source.
func NewAuthorizer(load GrantSource) *Authorizer {
	return &Authorizer{load: load, ttl: 5 * time.Second, cache: map[int64]cached{}}
}

// Invalidate forgets the cached enforcer of an account (after its grants changed).
func (a *Authorizer) Invalidate(accountID int64) {
	a.mu.Lock()
	delete(a.cache, accountID)
	a.mu.Unlock()
}

func (a *Authorizer) enforcer(ctx context.Context, accountID int64) (*casbin.Enforcer, error) {
	a.mu.Lock()
	c, ok := a.cache[accountID]
	a.mu.Unlock()
	if ok && time.Since(c.at) < a.ttl {
		return c.e, nil
	}
	grants, err := a.load(ctx, accountID)
	if err != nil {
		return nil, err
	}
	e, err := NewEnforcer(grants)
	if err != nil {
		return nil, err
	}
	a.mu.Lock()
	a.cache[accountID] = cached{e: e, at: time.Now()}
	a.mu.Unlock()
	return e, nil
}

// NewEnforcer builds a casbin enforcer holding the given grants as policies.
func NewEnforcer(grants []Grant) (*casbin.Enforcer, error) {
	m, err := model.NewModelFromString(casbinModel)
	if err != nil {
		return nil, fmt.Errorf("authz model: %w", err)
	}
	e, err := casbin.NewEnforcer(m)
	if err != nil {
		return nil, fmt.Errorf("authz enforcer: %w", err)
	}
	rules := make([][]string, 0, len(grants))
	for _, g := range grants {
		rules = append(rules, []string{g.Role, strconv.Itoa(int(g.Resource)), string(g.Action), strconv.Itoa(int(g.Code))})
	}
	if len(rules) > 0 {
		if _, err := e.AddPolicies(rules); err != nil {
			return nil, fmt.Errorf("authz policies: %w", err)
		}
	}
	return e, nil
}

// Allowed reports whether role may do action on resource in the account; code 0
// means "with any permission code of that pair".
func (a *Authorizer) Allowed(ctx context.Context, accountID int64, role string, r Resource, act Action, code Code) (bool, error) {
	e, err := a.enforcer(ctx, accountID)
	if err != nil {
		return false, err
	}
	c := "*"
	if code > 0 {
		c = strconv.Itoa(int(code))
	}
	return e.Enforce(role, strconv.Itoa(int(r)), string(act), c)
}

// Can reports whether role holds the permission code under any of its actions.
func (a *Authorizer) Can(ctx context.Context, accountID int64, role string, code Code) (bool, error) {
	p, ok := Lookup(code)
	if !ok {
		return false, nil
	}
	for _, act := range p.Actions {
		ok, err := a.Allowed(ctx, accountID, role, p.Resource, act, code)
		if err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// AccessMap is the getAccessControl answer: resource id → action → permission names.
func (a *Authorizer) AccessMap(ctx context.Context, accountID int64, role string) (map[string]map[string][]string, error) {
	e, err := a.enforcer(ctx, accountID)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string][]string{}
	for _, row := range Rows() {
		ok, err := e.Enforce(role, strconv.Itoa(int(row.Resource)), string(row.Action), strconv.Itoa(int(row.Code)))
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		key := strconv.Itoa(int(row.Resource))
		if out[key] == nil {
			out[key] = map[string][]string{}
		}
		p, _ := Lookup(row.Code)
		out[key][string(row.Action)] = append(out[key][string(row.Action)], p.Name)
	}
	return out, nil
}

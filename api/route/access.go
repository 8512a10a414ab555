package route

import (
	"fmt"

	"pricelens/store/authz"
)

// accessKind orders the access rules from open to closed. Its zero value is
// invalid, so a Route whose Access was forgotten fails Check instead of silently
// getting some default: the table fails closed.
type accessKind int

const (
	invalid    accessKind = iota
	public                // no session
	session               // a signed-in session, account optional
	account               // a session with a selected account
	permission            // a selected account whose role holds a permission
)

// Access is what a route requires of its caller.
type Access struct {
	kind     accessKind
	Resource authz.Resource
	Action   authz.Action
	Code     authz.Code // 0: any code of (Resource, Action); the handler checks the exact one
	token    bool       // a bearer token of GET /api/token authenticates the caller (Token, OrToken)
	cookie   bool       // with token: a session authenticates a request without the token (OrToken)
}

// Public routes need no session (sign-in, health, the login page's config).
func Public() Access { return Access{kind: public} }

// Session routes need a signed-in user; the account may still be unselected.
func Session() Access { return Access{kind: session} }

// InAccount routes need a signed-in user with a selected account they belong to.
func InAccount() Access { return Access{kind: account} }

// Token routes take the short-lived API token of GET /api/token in the header
// "Authorization: Bearer <token>" instead of a session cookie: the token names the
// user and the account, whose membership is checked on every request. They are
// what the insights panel and the embedded widgets call (docs/product.md §7).
func Token() Access { return Access{kind: account, token: true} }

// Perm routes need the permission code under the action in the selected account.
// An unknown code panics when the table is built, which a test catches.
func Perm(code authz.Code, act authz.Action) Access {
	p, ok := authz.Lookup(code)
	if !ok {
		panic(fmt.Sprintf("route: unknown permission code %d", code))
	}
	return Access{kind: permission, Resource: p.Resource, Action: act, Code: code}
}

// AnyOf routes need any code of the resource under the action; the handler then
// checks the exact code (labels: "edit label" or "edit CI label" by label kind).
func AnyOf(r authz.Resource, act authz.Action) Access {
	return Access{kind: permission, Resource: r, Action: act}
}

// IsPublic reports a route that needs no session.
func (a Access) IsPublic() bool { return a.kind == public }

// OrToken is rule a that also takes the bearer token of GET /api/token: a request
// with "Authorization: Bearer" is the token's user in the token's account, one
// without is a session's, and a's permission is checked for either. The spec's
// /api/v1 routes take the token; the webapp calls them with its session.
func (a Access) OrToken() Access {
	if a.kind < account {
		panic("route: OrToken needs an account rule")
	}
	a.token, a.cookie = true, true
	return a
}

// IsToken reports a route a bearer token may authenticate (Token, OrToken).
func (a Access) IsToken() bool { return a.token }

// TakesSession reports a route a session may authenticate: every one but Token's.
func (a Access) TakesSession() bool { return !a.token || a.cookie }

// NeedsAccount reports a route that needs a selected account.
func (a Access) NeedsAccount() bool { return a.kind >= account }

// NeedsPermission reports a route whose role must hold a permission.
func (a Access) NeedsPermission() bool { return a.kind == permission }

// String names the rule for the OpenAPI document and error messages.
func (a Access) String() string {
	switch a.kind {
	case public:
		return "public"
	case session:
		return "session"
	case account:
		if a.token && !a.cookie {
			return "bearer token of GET /api/token"
		}
		return a.orToken("account")
	case permission:
		if a.Code != 0 {
			p, _ := authz.Lookup(a.Code)
			return a.orToken(fmt.Sprintf("permission %d (%s) %s", a.Code, p.Name, a.Action))
		}
		return a.orToken(fmt.Sprintf("any permission of %s %s", authz.ResourceNames[a.Resource], a.Action))
	}
	return "invalid"
}

func (a Access) orToken(rule string) string {
	if a.token {
		return rule + ", by session or by the bearer token of GET /api/token"
	}
	return rule
}

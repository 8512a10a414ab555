package access

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pricelens/store/authz"
)

// Need is what a route requires of the caller.
type Need struct {
	Public   bool // no session needed
	Account  bool // a selected account needed
	Resource authz.Resource
	Action   authz.Action
	Code     authz.Code // 0: any code of (Resource, Action)
}

var (
	public    = Need{Public: true}
	signed    = Need{}
	inAccount = Need{Account: true}
)

// perm is the need of a permission code under one action.
func perm(code authz.Code, act authz.Action) Need {
	p, _ := authz.Lookup(code)
	return Need{Account: true, Resource: p.Resource, Action: act, Code: code}
}

// anyOf is the need of any code of (resource, action); the handler then checks the exact one.
func anyOf(r authz.Resource, act authz.Action) Need {
	return Need{Account: true, Resource: r, Action: act}
}

// DefaultNeed applies to /api routes that are not in the table: the grid engine's
// tabular, filters, tooltip, competitor, trend and assortment calls need "view report".
var DefaultNeed = perm(authz.ViewReport, authz.Read)

// Route is one row of the route table.
type Route struct {
	Method  string
	Path    string // under /api
	Need    Need
	Handler echo.HandlerFunc
}

// AccessRoutes are the sign-in, account, user and permission calls.
func (s *Service) AccessRoutes() []Route {
	R := func(m, p string, n Need, h echo.HandlerFunc) Route { return Route{m, p, n, h} }
	G, P := http.MethodGet, http.MethodPost
	return []Route{
		R(G, "/health", public, nil), // registered by api itself; listed so the table is complete
		R(G, "/login/config", public, s.loginConfig),
		R(P, "/auth", public, s.signIn),
		R(P, "/login/resetPassword", public, s.resetPassword),
		R(P, "/login/resetPassword/confirm", public, s.confirmReset),
		R(G, "/login/sso", public, s.ssoStart),
		R(G, "/login/sso/callback", public, s.ssoCallback),
		R(P, "/auth/isAuth", signed, s.isAuth),
		R(G, "/login/logout", public, s.logout),
		R(G, "/account/getAccounts", signed, s.getAccounts(false)),
		R(G, "/account/getAccountsWithAuth", signed, s.getAccounts(true)),
		R(P, "/account/setAccount", signed, s.setAccount),
		R(G, "/account/getAccountData", inAccount, s.getAccountData),
		R(G, "/account/refreshAccountData", inAccount, s.getAccountData),
		R(G, "/users/getUserPermissions", inAccount, s.accessControl),
		R(G, "/system/getAccessControl", inAccount, s.accessControl),
		R(P, "/users/saveNewEmail", signed, s.saveNewEmail),
		R(G, "/users/getAllAccountUsers", perm(authz.ManageUsersCode, authz.Read), s.allAccountUsers),
		R(P, "/users/addInternalUser", perm(authz.ManageUsersCode, authz.Create), s.addInternalUser),
		R(P, "/users/deleteUser", perm(authz.ManageUsersCode, authz.Delete), s.deleteUser),
		R(P, "/users/blockUser", perm(authz.ManageUsersCode, authz.Update), s.blockUser),
		R(P, "/users/generatePassword", perm(authz.ManageUsersCode, authz.Update), s.generatePasswordFor),
		R(P, "/users/updateUser", perm(authz.ManageUsersCode, authz.Update), s.updateUser),
		R(G, "/system/getPermissionColumnsDef", perm(authz.ManagePermissionToRole, authz.Read), s.permissionColumns),
		R(G, "/system/getPermissionData", perm(authz.ManagePermissionToRole, authz.Read), s.permissionData),
		R(P, "/system/updatePermission", perm(authz.ManagePermissionToRole, authz.Update), s.updatePermission),
	}
}

// Install puts the access middleware on the group and registers the routes. The
// middleware applies to every route the group registers afterwards too (the grid
// engine's), which get DefaultNeed unless listed.
func (s *Service) Install(g *echo.Group, routes []Route) {
	needs := map[string]Need{}
	for _, r := range routes {
		needs[r.Method+" /api"+r.Path] = r.Need
	}
	g.Use(s.Middleware(needs))
	for _, r := range routes {
		if r.Handler != nil {
			g.Add(r.Method, r.Path, r.Handler)
		}
	}
}

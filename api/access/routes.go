package access

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"pricelens/api/route"
	"pricelens/store/authz"
)

// AccessRoutes are the sign-in, account, user and permission calls.
func (s *Service) AccessRoutes() []route.Route {
	R := func(m, p string, a route.Access, h echo.HandlerFunc) route.Route {
		return route.Route{Method: m, Path: p, Access: a, Handler: route.Raw[struct{}, struct{}](h, "")}
	}
	G, P := http.MethodGet, http.MethodPost
	public, signed, inAccount, perm := route.Public(), route.Session(), route.InAccount(), route.Perm
	return []route.Route{
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

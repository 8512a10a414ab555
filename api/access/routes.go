package access

import (
	"net/http"

	"pricelens/api/route"
	"pricelens/store/authz"
)

// AccessRoutes are the sign-in, account, user and permission calls.
func (s *Service) AccessRoutes() []route.Route {
	G, P := http.MethodGet, http.MethodPost
	public, signed, inAccount := route.Public(), route.Session(), route.InAccount()
	users := func(act authz.Action) route.Access { return route.Perm(authz.ManageUsersCode, act) }
	grid := func(act authz.Action) route.Access { return route.Perm(authz.ManagePermissionToRole, act) }
	// The SSO routes answer with redirects, which stay Raw handlers.
	return []route.Route{
		{Method: G, Path: "/login/config", Access: public, Summary: "What the login page offers: the SSO button and the password form",
			Handler: route.Query(s.loginConfig)},
		{Method: P, Path: "/auth", Access: public, Summary: "Sign in with e-mail and password; sets the session and CSRF cookies",
			Handler: route.JSON(s.signIn)},
		{Method: P, Path: "/login/resetPassword", Access: public, Summary: "Mail a password-reset link to an internal user (same answer for any address)",
			Handler: route.JSON(s.resetPassword)},
		{Method: P, Path: "/login/resetPassword/confirm", Access: public, Summary: "Choose a new password with the token of a reset link",
			Handler: route.JSON(s.confirmReset)},
		{Method: G, Path: "/login/sso", Access: public, Summary: "Redirect (302) to the single sign-on provider; ?next= is where to land after",
			Handler: route.Raw[struct{}, struct{}](s.ssoStart, "")},
		{Method: G, Path: "/login/sso/callback", Access: public, Summary: "The provider's redirect back: signs in and redirects (302) to next, or to /login?error=",
			Handler: route.Raw[struct{}, struct{}](s.ssoCallback, "")},
		{Method: P, Path: "/auth/isAuth", Access: signed, Summary: "Who is signed in, the selected account and the CSRF token",
			Handler: route.JSON(s.isAuth)},
		{Method: G, Path: "/login/logout", Access: public, Summary: "Sign out: deletes the session and clears the cookies",
			Handler: route.Query(s.logout)},
		{Method: G, Path: "/account/getAccounts", Access: signed, Summary: "The accounts the user belongs to",
			Handler: route.Query(s.getAccounts)},
		{Method: G, Path: "/account/getAccountsWithAuth", Access: signed, Summary: "The accounts the user belongs to, with the role in each and the selected one",
			Handler: route.Query(s.getAccountsWithAuth)},
		{Method: P, Path: "/account/setAccount", Access: signed, Summary: "Select one of the user's accounts for this session",
			Handler: route.JSON(s.setAccount)},
		{Method: G, Path: "/account/getAccountData", Access: inAccount, Summary: "The selected account's settings, competitors, labels and the user's role and permissions",
			Handler: route.Query(s.getAccountData)},
		{Method: G, Path: "/account/refreshAccountData", Access: inAccount, Summary: "The same as getAccountData, read again",
			Handler: route.Query(s.getAccountData)},
		{Method: P, Path: "/account/setTimezone", Access: route.Perm(authz.ManageAppSettings, authz.Update),
			Summary: "Set the account's time zone (an IANA name), whose days scheduled reports and price alerts keep",
			Handler: route.JSON(s.setTimezone)},
		{Method: G, Path: "/token", Access: inAccount, Summary: "A 10-minute signed bearer token for the caller in the selected account (the insights panel and widgets send it)",
			Handler: route.Query(s.apiToken)},
		{Method: G, Path: "/users/getUserPermissions", Access: inAccount, Summary: "The permissions the user's role holds in the account",
			Handler: route.Query(s.accessControl)},
		{Method: G, Path: "/system/getAccessControl", Access: inAccount, Summary: "The permissions the user's role holds in the account",
			Handler: route.Query(s.accessControl)},
		{Method: P, Path: "/users/saveNewEmail", Access: signed, Summary: "Change the signed-in user's own e-mail address",
			Handler: route.JSON(s.saveNewEmail)},
		{Method: G, Path: "/users/getAllAccountUsers", Access: users(authz.Read), Summary: "The account's users with their roles and categories",
			Handler: route.Query(s.allAccountUsers)},
		{Method: P, Path: "/users/addInternalUser", Access: users(authz.Create), Summary: "Invite an e-mail address to the account with a role and categories",
			Handler: route.JSON(s.addInternalUser)},
		{Method: P, Path: "/users/deleteUser", Access: users(authz.Delete), Summary: "Remove a user from the account",
			Handler: route.JSON(s.deleteUser)},
		{Method: P, Path: "/users/blockUser", Access: users(authz.Update), Summary: "Block a user in the account",
			Handler: route.JSON(s.blockUser)},
		{Method: P, Path: "/users/generatePassword", Access: users(authz.Update), Summary: "Give an internal user a new random password, shown once",
			Handler: route.JSON(s.generatePasswordFor)},
		{Method: P, Path: "/users/updateUser", Access: users(authz.Update), Summary: "Change a user's role or categories in the account",
			Handler: route.JSON(s.updateUser)},
		{Method: G, Path: "/system/getPermissionColumnsDef", Access: grid(authz.Read), Summary: "The permissions grid's columns: resource, action, permission, a checkbox per role",
			Handler: route.Query(s.permissionColumns)},
		{Method: G, Path: "/system/getPermissionData", Access: grid(authz.Read), Summary: "The permissions grid's rows: each permission and which roles hold it in the account",
			Handler: route.Query(s.permissionData)},
		{Method: P, Path: "/system/updatePermission", Access: grid(authz.Update), Summary: "Grant or revoke one permission of one role in the account",
			Handler: route.JSON(s.updatePermission)},
		{Method: P, Path: "/system/addRole", Access: grid(authz.Update), Summary: "Add a role to the account (it holds no permission until ticked in the grid)",
			Handler: route.JSON(s.addRole)},
		{Method: P, Path: "/system/renameRole", Access: grid(authz.Update), Summary: "Rename one of the account's roles; its users and permissions stay with it",
			Handler: route.JSON(s.renameRole)},
		{Method: P, Path: "/system/deleteRole", Access: grid(authz.Update), Summary: "Delete one of the account's roles and its grants (refused while users hold it)",
			Handler: route.JSON(s.deleteRole)},
	}
}

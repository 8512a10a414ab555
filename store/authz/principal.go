package authz

// Principal is the signed-in user and the selected account of one request, or the
// owner a background job acts for (a scheduled report, an export). It lives here,
// beside the permissions, and not in the HTTP tree, because the report service
// (package report) and the jobs act for a principal without a request:
// api/session carries it on the request under the same name.
type Principal struct {
	UserID    int64
	Email     string
	IsSSO     bool
	AccountID int64 // 0 when no account is selected yet
	Role      string
	RoleID    int // the role's role-type id in the account
	// Categories are the super categories the user may see in this account; empty = all.
	Categories []string
}

package access

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/api/session"
	"pricelens/store"
)

// defaultSettings are the account settings keys of docs/api-contract.md with their
// defaults; an account's own settings override them key by key.
func defaultSettings() map[string]any {
	return map[string]any{
		"pairity_price_guideline":      0,
		"upper_guidline_range":         2,
		"lower_guidline_range":         2,
		"distribution_weights_cf_list": "revenue_30d,units_30d,page_views_30d",
		"display_when_seen_in_reports": true,
		"currency_symbol":              "$",
		"offer_staleness_days":         30,
		"timezone":                     "UTC",
	}
}

// Accounts are the accounts the signed-in user belongs to.
type Accounts struct {
	Accounts []AccountName `json:"accounts" openapi:"always"`
}

// AccountName is an account in the account menu.
type AccountName struct {
	ID   int64  `json:"id" openapi:"always"`
	Name string `json:"name" openapi:"always"`
}

// AccountsWithAuth are the accounts with the user's role in each and which one
// the session has selected.
type AccountsWithAuth struct {
	Accounts []AccountWithAuth `json:"accounts" openapi:"always"`
}

// AccountWithAuth is an account with the user's role there.
type AccountWithAuth struct {
	ID       int64  `json:"id" openapi:"always"`
	Name     string `json:"name" openapi:"always"`
	Role     string `json:"role" openapi:"always"`
	Selected bool   `json:"selected" openapi:"always"`
}

// getAccounts is GET /account/getAccounts.
func (s *Service) getAccounts(c echo.Context, _ struct{}) (Accounts, error) {
	p, _ := session.Get(c)
	accs, err := s.Store.UserAccounts(c.Request().Context(), p.UserID)
	if err != nil {
		return Accounts{}, err
	}
	out := Accounts{Accounts: make([]AccountName, len(accs))}
	for i, a := range accs {
		out.Accounts[i] = AccountName{ID: a.ID, Name: a.Name}
	}
	return out, nil
}

// getAccountsWithAuth is GET /account/getAccountsWithAuth.
func (s *Service) getAccountsWithAuth(c echo.Context, _ struct{}) (AccountsWithAuth, error) {
	p, _ := session.Get(c)
	accs, err := s.Store.UserAccounts(c.Request().Context(), p.UserID)
	if err != nil {
		return AccountsWithAuth{}, err
	}
	out := AccountsWithAuth{Accounts: make([]AccountWithAuth, len(accs))}
	for i, a := range accs {
		out.Accounts[i] = AccountWithAuth{ID: a.ID, Name: a.Name, Role: a.Role, Selected: a.ID == p.AccountID}
	}
	return out, nil
}

// SetAccount is the body of POST /account/setAccount.
type SetAccount struct {
	AccountID reqbody.ID `json:"account_id" required:"true"`
}

// Validate answers 409 "Please choose account" without an account id.
func (in SetAccount) Validate() error {
	if in.AccountID <= 0 {
		return errNoAccount()
	}
	return nil
}

// AccountSet is the answer of setAccount: the account now selected.
type AccountSet struct {
	OK        bool  `json:"ok" openapi:"always"`
	AccountID int64 `json:"account_id" openapi:"always"`
}

// setAccount is POST /account/setAccount {account_id}: selects an account the user
// belongs to for the rest of the session.
func (s *Service) setAccount(c echo.Context, in SetAccount) (AccountSet, error) {
	p, _, err := s.current(c)
	if err != nil {
		return AccountSet{}, err
	}
	sid, _ := c.Get(sessionIDKey).(string)
	if err := s.selectSessionAccount(c.Request().Context(), sid, p.UserID, int64(in.AccountID)); err != nil {
		return AccountSet{}, err
	}
	return AccountSet{OK: true, AccountID: int64(in.AccountID)}, nil
}

// selectSessionAccount remembers the account on the session when the user is an
// unblocked member of it (403 otherwise).
func (s *Service) selectSessionAccount(ctx context.Context, sid string, userID, accountID int64) error {
	m, found, err := s.Store.Membership(ctx, userID, accountID)
	if err != nil {
		return err
	}
	if !found || m.Blocked {
		return errNotAssigned()
	}
	return s.Store.SetSessionAccount(ctx, sid, accountID)
}

func errNoAccount() *httperr.Error {
	return &httperr.Error{Status: http.StatusConflict, Code: "no_account", Message: "Please choose account"}
}

// appTables are the report tables the specification names (account data app_tables_names).
var appTables = map[string]string{
	"PDP_Competitors": "PDP_Competitors", "price_trend": "price_trend", "Competitiveness_Metrics": "Competitiveness_Metrics",
	"key_business_metrics": "key_business_metrics", "margin_trend": "margin_trend", "price_vs_market": "price_vs_market",
	"All_My_Product": "All_My_Product", "PDP_price_trend": "PDP_price_trend",
}

// AccountData is everything the webapp needs about the selected account and the
// user's place in it (docs/api-contract.md "Accounts"). The JSON-typed fields are the
// account's own documents, passed through as stored.
type AccountData struct {
	AccountID     int64                       `json:"account_id" openapi:"always"`
	AccountName   string                      `json:"account_name" openapi:"always"`
	UserEmail     string                      `json:"userEmail" openapi:"always"`
	SiteID        string                      `json:"site_id" openapi:"always"`
	BaseAppDomain string                      `json:"baseAppDomain" openapi:"always"` // scheme://host the request came to
	Competitors   map[string]store.Competitor `json:"competitors" openapi:"always"`   // by competitor id
	// Settings are the defaults of defaultSettings overridden by the account's own
	// keys, which the account may extend freely.
	Settings            map[string]any  `json:"settings" openapi:"always"`
	FieldFormat         json.RawMessage `json:"field_format" openapi:"always"` // object
	Labels              []store.Label   `json:"labels" openapi:"always"`
	CustomFieldSelector string          `json:"customfield_selector" openapi:"always"` // settings.distribution_weights_cf_list
	CustomFields        json.RawMessage `json:"custom_fields" openapi:"always"`        // list
	ComparisonValues    json.RawMessage `json:"comparison_values" openapi:"always"`    // list
	UserPermissions     AccessMap       `json:"userPermissions" openapi:"always"`
	// RoleTypes are the account's roles [{id, name}] (also settings.role_types): the
	// account edits them in the permissions grid.
	RoleTypes            []store.Role      `json:"role_types" openapi:"always"`
	Role                 string            `json:"role" openapi:"always"`
	RoleID               int               `json:"role_id" openapi:"always"`
	Categories           []string          `json:"categories" openapi:"always"`             // the user's super categories; empty = all
	StatusFormat         struct{}          `json:"status_format" openapi:"always"`          // always {}
	FiltersCacheMetadata struct{}          `json:"filters_cache_metadata" openapi:"always"` // always {}
	AppTablesNames       map[string]string `json:"app_tables_names" openapi:"always"`
}

// AccessMap is, by resource id ("1"–"9"), each action ("read:any", ...) with the
// names of the permissions the user's role holds under it.
type AccessMap map[string]map[string][]string

// getAccountData is GET /account/getAccountData and /account/refreshAccountData.
func (s *Service) getAccountData(c echo.Context, _ struct{}) (AccountData, error) {
	p, err := session.Account(c)
	if err != nil {
		return AccountData{}, err
	}
	d, err := s.accountData(c.Request().Context(), p)
	if err != nil {
		return AccountData{}, err
	}
	d.BaseAppDomain = c.Scheme() + "://" + c.Request().Host
	return d, nil
}

// accountData reads the account, its competitors and labels, and the role's
// permissions.
func (s *Service) accountData(ctx context.Context, p session.Principal) (AccountData, error) {
	a, err := s.Store.Account(ctx, p.AccountID)
	if err != nil {
		return AccountData{}, err
	}
	comps, err := s.Store.Competitors(ctx, p.AccountID)
	if err != nil {
		return AccountData{}, err
	}
	labels, err := s.Store.Labels(ctx, p.AccountID)
	if err != nil {
		return AccountData{}, err
	}
	perms, err := s.Authz.AccessMap(ctx, p.AccountID, p.Role)
	if err != nil {
		return AccountData{}, err
	}
	roles, err := s.Store.AccountRoles(ctx, p.AccountID)
	if err != nil {
		return AccountData{}, err
	}
	settings := defaultSettings()
	for k, v := range a.Settings {
		settings[k] = v
	}
	settings["role_types"] = roles
	competitors := map[string]store.Competitor{}
	for _, cp := range comps {
		competitors[strconv.FormatInt(cp.ID, 10)] = cp
	}
	cfSel, _ := settings["distribution_weights_cf_list"].(string)
	return AccountData{
		AccountID: a.ID, AccountName: a.Name, UserEmail: p.Email, SiteID: a.SiteID,
		Competitors: competitors, Settings: settings,
		FieldFormat: rawOr(a.FieldFormat, "{}"), Labels: labels,
		CustomFieldSelector: cfSel, CustomFields: rawOr(a.CustomFields, "[]"),
		ComparisonValues: rawOr(a.ComparisonValues, "[]"),
		UserPermissions:  perms, RoleTypes: roles, Role: p.Role,
		RoleID: p.RoleID, Categories: nonNil(p.Categories),
		AppTablesNames: appTables,
	}, nil
}

func rawOr(r json.RawMessage, def string) json.RawMessage {
	if len(r) == 0 {
		return json.RawMessage(def)
	}
	return r
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// accessControl is GET /system/getAccessControl and /users/getUserPermissions.
func (s *Service) accessControl(c echo.Context, _ struct{}) (AccessMap, error) {
	p, err := session.Account(c)
	if err != nil {
		return nil, err
	}
	return s.Authz.AccessMap(c.Request().Context(), p.AccountID, p.Role)
}

// TimezoneIn is the body of setTimezone.
type TimezoneIn struct {
	Timezone string `json:"timezone" required:"true"` // an IANA zone name, such as Europe/Berlin or UTC
}

// Validate trims the name; the store checks it against the zone database.
func (in *TimezoneIn) Validate() error {
	in.Timezone = strings.TrimSpace(in.Timezone)
	return nil
}

// Timezone is the answer of setTimezone: the account's zone now.
type Timezone struct {
	Timezone string `json:"timezone" openapi:"always"`
}

// setTimezone is POST /account/setTimezone {timezone}: the account's time zone,
// whose days scheduled reports and price alerts keep.
func (s *Service) setTimezone(c echo.Context, in TimezoneIn) (Timezone, error) {
	p, err := session.Account(c)
	if err != nil {
		return Timezone{}, err
	}
	tz, err := s.Store.SetTimezone(c.Request().Context(), store.Actor{UserID: p.UserID, AccountID: p.AccountID}, in.Timezone)
	return Timezone{Timezone: tz}, err
}

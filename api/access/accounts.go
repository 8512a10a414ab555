package access

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/api/session"
	"pricelens/store"
	"pricelens/store/authz"
)

// defaultSettings are the account settings keys of api/CONTRACT.md with their
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
		"role_types":                   roleTypes(),
	}
}

type roleType struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

func roleTypes() []roleType {
	out := make([]roleType, len(authz.Roles))
	for i, r := range authz.Roles {
		out[i] = roleType{i + 1, r}
	}
	return out
}

// getAccounts is GET /account/getAccounts (and getAccountsWithAuth, which adds the role).
func (s *Service) getAccounts(withAuth bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		p, _ := session.Get(c)
		accs, err := s.Store.UserAccounts(c.Request().Context(), p.UserID)
		if err != nil {
			return err
		}
		out := make([]map[string]any, 0, len(accs))
		for _, a := range accs {
			m := map[string]any{"id": a.ID, "name": a.Name}
			if withAuth {
				m["role"] = a.Role
				m["selected"] = a.ID == p.AccountID
			}
			out = append(out, m)
		}
		return c.JSON(http.StatusOK, map[string]any{"accounts": out})
	}
}

// setAccount is POST /account/setAccount {account_id}.
func (s *Service) setAccount(c echo.Context) error {
	var in struct {
		AccountID reqbody.ID `json:"account_id"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if in.AccountID <= 0 {
		return errNoAccount()
	}
	p, _, err := s.current(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	m, found, err := s.Store.Membership(ctx, p.UserID, int64(in.AccountID))
	if err != nil {
		return err
	}
	if !found || m.Blocked {
		return errNotAssigned()
	}
	sid, _ := c.Get(sessionIDKey).(string)
	if err := s.Store.SetSessionAccount(ctx, sid, int64(in.AccountID)); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true, "account_id": int64(in.AccountID)})
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

// getAccountData is GET /account/getAccountData and /account/refreshAccountData.
func (s *Service) getAccountData(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	a, err := s.Store.Account(ctx, p.AccountID)
	if err != nil {
		return err
	}
	comps, err := s.Store.Competitors(ctx, p.AccountID)
	if err != nil {
		return err
	}
	labels, err := s.Store.Labels(ctx, p.AccountID)
	if err != nil {
		return err
	}
	perms, err := s.Authz.AccessMap(ctx, p.AccountID, p.Role)
	if err != nil {
		return err
	}
	settings := defaultSettings()
	for k, v := range a.Settings {
		settings[k] = v
	}
	competitors := map[string]store.Competitor{}
	for _, cp := range comps {
		competitors[strconv.FormatInt(cp.ID, 10)] = cp
	}
	cfSel, _ := settings["distribution_weights_cf_list"].(string)
	return c.JSON(http.StatusOK, map[string]any{
		"account_id": a.ID, "account_name": a.Name, "userEmail": p.Email, "site_id": a.SiteID,
		"baseAppDomain": c.Scheme() + "://" + c.Request().Host,
		"competitors":   competitors, "settings": settings,
		"field_format": rawOr(a.FieldFormat, "{}"), "labels": labels,
		"customfield_selector": cfSel, "custom_fields": rawOr(a.CustomFields, "[]"),
		"comparison_values": rawOr(a.ComparisonValues, "[]"),
		"userPermissions":   perms, "role_types": settings["role_types"], "role": p.Role,
		"role_id": authz.RoleID(p.Role), "categories": nonNil(p.Categories),
		"status_format": map[string]any{}, "filters_cache_metadata": map[string]any{},
		"app_tables_names": appTables,
	})
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
func (s *Service) accessControl(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	m, err := s.Authz.AccessMap(c.Request().Context(), p.AccountID, p.Role)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, m)
}

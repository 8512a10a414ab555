// Package authz is the access-control model: the closed catalog of resources,
// actions and permission codes of the specification (docs/product.md §6), the default grants of
// the three roles, and a casbin enforcer per account built from the account's
// grants. It has no HTTP in it: the access middleware and the handlers ask it.
package authz

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Resource is one of the nine areas of the access-control map.
type Resource int

const (
	Reports Resource = iota + 1
	DynamicPricer
	LabelsAlerts
	EmailReport
	ManagePermissions
	ReviewMatches
	AppSettings
	ManageUsers
	AdvancedTrending
)

// ResourceNames are the areas' names, as shown in the permissions grid.
var ResourceNames = map[Resource]string{
	Reports: "reports", DynamicPricer: "dynamic pricer", LabelsAlerts: "labels and alerts",
	EmailReport: "email report", ManagePermissions: "manage permissions", ReviewMatches: "review matches",
	AppSettings: "application settings", ManageUsers: "manage users", AdvancedTrending: "advanced trending",
}

// Action is one of the four actions of the access-control map.
type Action string

const (
	Create Action = "create:any"
	Read   Action = "read:any"
	Update Action = "update:any"
	Delete Action = "delete:any"
)

// Actions in display order.
var Actions = []Action{Create, Read, Update, Delete}

// Code is a permission code 1–24.
type Code int

// The permission codes. The specification lists the names but not their numbers;
// this numbering is ours and is documented in docs/api-contract.md.
const (
	CreateReport Code = iota + 1
	ViewReport
	EditReport
	DeleteReport
	TopBottomRules
	MiddleRules
	ChangeRulesOrder
	UploadContractFile
	UploadResetBAUFile
	UploadLabelFSNFile
	UploadManualContract
	UploadCILabel
	EditLabel
	EditCILabel
	EditAlerts
	ScheduleReports
	ManagePermissionToRole
	ManageReviewMatches
	ManageAppSettings
	ManageUsersCode
	MandatedBrands
	UploadEventPlanning
	AdvancedTrendingCode
	FiltersCompetitorPrice
)

// Permission is one code with its name, area and the actions it appears under.
type Permission struct {
	Code     Code
	Name     string
	Resource Resource
	Actions  []Action
}

// Permissions is the closed catalog, indexed by code-1.
var Permissions = []Permission{
	{CreateReport, "create report", Reports, []Action{Create}},
	{ViewReport, "view report", Reports, []Action{Read}},
	{EditReport, "edit report", Reports, []Action{Update}},
	{DeleteReport, "delete report", Reports, []Action{Delete}},
	{TopBottomRules, "edit/read top-bottom rules", DynamicPricer, []Action{Read, Update}},
	{MiddleRules, "edit/read middle rules", DynamicPricer, []Action{Read, Update}},
	{ChangeRulesOrder, "change rules order", DynamicPricer, []Action{Update}},
	{UploadContractFile, "upload contract file", DynamicPricer, []Action{Create}},
	{UploadResetBAUFile, "upload reset-BAU file", DynamicPricer, []Action{Create}},
	{UploadLabelFSNFile, "upload label FSN file", LabelsAlerts, []Action{Create}},
	{UploadManualContract, "upload manual contract", DynamicPricer, []Action{Create}},
	{UploadCILabel, "upload CI label", LabelsAlerts, []Action{Create}},
	{EditLabel, "edit label", LabelsAlerts, []Action{Create, Update, Delete}},
	{EditCILabel, "edit CI label", LabelsAlerts, []Action{Create, Update, Delete}},
	{EditAlerts, "edit alerts", LabelsAlerts, []Action{Read, Create, Delete}},
	{ScheduleReports, "schedule reports", EmailReport, []Action{Read, Create, Update, Delete}},
	{ManagePermissionToRole, "manage permission to role", ManagePermissions, []Action{Read, Update}},
	{ManageReviewMatches, "manage review matches", ReviewMatches, []Action{Read, Update}},
	{ManageAppSettings, "manage application settings", AppSettings, []Action{Read, Update}},
	{ManageUsersCode, "manage users", ManageUsers, []Action{Create, Read, Update, Delete}},
	{MandatedBrands, "mandated brands", DynamicPricer, []Action{Read, Create, Update, Delete}},
	{UploadEventPlanning, "upload event planning", DynamicPricer, []Action{Create}},
	{AdvancedTrendingCode, "advanced trending", AdvancedTrending, []Action{Read}},
	{FiltersCompetitorPrice, "filters competitor price", Reports, []Action{Read}},
}

// Lookup returns the catalog entry of a code.
func Lookup(c Code) (Permission, bool) {
	if c < 1 || int(c) > len(Permissions) {
		return Permission{}, false
	}
	return Permissions[c-1], true
}

// The roles every account starts with (migration 00170 seeds them; an account
// renames them and adds its own). The names key the default grants below.
const (
	Admin   = "admin"
	Analyst = "analyst"
	Viewer  = "viewer"
)

// AdminRoleID is the id of an account's administrator role (whatever its name):
// its members may reset and block users they fully administer (issue 11).
const AdminRoleID = 1

// DefaultRoleID is the role type a new user gets when none is chosen (docs/product.md §2).
const DefaultRoleID = 2

// RoleRef is how a request names a role: by role-type id (a number or numeric
// text) or by name. The store resolves it among the account's roles.
type RoleRef struct {
	ID   int
	Name string
}

// ParseRoleRef reads a role reference; ok is false for anything else (booleans,
// fractions, ids below 1, empty text).
func ParseRoleRef(v any) (RoleRef, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			return RoleRef{}, false
		}
		return ParseRoleRef(f)
	case int:
		return ParseRoleRef(float64(x))
	case float64:
		if x >= 1 && x < 1<<15 && x == float64(int(x)) {
			return RoleRef{ID: int(x)}, true
		}
	case string:
		x = strings.TrimSpace(x)
		if n, err := strconv.Atoi(x); err == nil {
			return ParseRoleRef(float64(n))
		}
		if x != "" {
			return RoleRef{Name: x}, true
		}
	}
	return RoleRef{}, false
}

// Grant is one (role, resource, action, code) permission of an account.
type Grant struct {
	Role     string
	Resource Resource
	Action   Action
	Code     Code
}

// RowID is the permissions grid's id of the (resource, action, code) row.
func (g Grant) RowID() string { return RowID(g.Resource, g.Action, g.Code) }

// RowID formats "resource:action:code", e.g. "1:create:any:1".
func RowID(r Resource, a Action, c Code) string {
	return fmt.Sprintf("%d:%s:%d", r, a, c)
}

// ParseRowID is the inverse of RowID; it accepts only rows of the catalog.
func ParseRowID(id string) (Resource, Action, Code, bool) {
	parts := strings.Split(id, ":")
	if len(parts) != 4 {
		return 0, "", 0, false
	}
	r, err1 := strconv.Atoi(parts[0])
	c, err2 := strconv.Atoi(parts[3])
	a := Action(parts[1] + ":" + parts[2])
	if err1 != nil || err2 != nil {
		return 0, "", 0, false
	}
	p, ok := Lookup(Code(c))
	if !ok || p.Resource != Resource(r) {
		return 0, "", 0, false
	}
	for _, pa := range p.Actions {
		if pa == a {
			return Resource(r), a, Code(c), true
		}
	}
	return 0, "", 0, false
}

// Rows lists every (resource, action, code) row of the catalog, in grid order.
func Rows() []Grant {
	var out []Grant
	for r := Reports; r <= AdvancedTrending; r++ {
		for _, a := range Actions {
			for _, p := range Permissions {
				if p.Resource != r {
					continue
				}
				for _, pa := range p.Actions {
					if pa == a {
						out = append(out, Grant{Resource: r, Action: a, Code: p.Code})
					}
				}
			}
		}
	}
	return out
}

// defaultCodes is which codes each role holds (under every action of the code) in an
// account whose grants were never edited: admin everything; analyst reports, labels,
// alerts, schedules, match feedback, trending and the pricer's rules but not users,
// permissions or settings; viewer read-only.
var defaultCodes = map[string][]Code{
	Analyst: {CreateReport, ViewReport, EditReport, DeleteReport, TopBottomRules, MiddleRules, ChangeRulesOrder,
		UploadLabelFSNFile, EditLabel, EditAlerts, ScheduleReports, ManageReviewMatches, AdvancedTrendingCode, FiltersCompetitorPrice},
	Viewer: {ViewReport, AdvancedTrendingCode, FiltersCompetitorPrice},
}

// defaultReads are codes a role holds under read:any only: a viewer reads the
// pricer's rules and results but cannot change or run them.
var defaultReads = map[string][]Code{Viewer: {TopBottomRules, MiddleRules}}

// DefaultGrants returns the grants of an account that has none of its own.
func DefaultGrants() []Grant {
	var out []Grant
	for _, row := range Rows() {
		out = append(out, Grant{Admin, row.Resource, row.Action, row.Code})
		for _, role := range []string{Analyst, Viewer} {
			for _, c := range defaultCodes[role] {
				if c == row.Code {
					out = append(out, Grant{role, row.Resource, row.Action, row.Code})
				}
			}
			for _, c := range defaultReads[role] {
				if c == row.Code && row.Action == Read {
					out = append(out, Grant{role, row.Resource, row.Action, row.Code})
				}
			}
		}
	}
	return out
}

package authz

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCatalogIsClosedAndComplete(t *testing.T) {
	require.Len(t, Permissions, 24)
	for i, p := range Permissions {
		assert.Equal(t, Code(i+1), p.Code, "codes are numbered 1-24 in order")
		assert.NotEmpty(t, p.Actions, p.Name)
		assert.Contains(t, ResourceNames, p.Resource)
	}
	for _, row := range Rows() {
		r, a, c, ok := ParseRowID(row.RowID())
		require.True(t, ok, row.RowID())
		assert.Equal(t, row, Grant{Resource: r, Action: a, Code: c})
	}
	for _, bad := range []string{"", "1:read:any", "1:read:any:99", "2:read:any:2", "1:erase:any:2", "x:read:any:2"} {
		_, _, _, ok := ParseRowID(bad)
		assert.False(t, ok, bad)
	}
	for in, want := range map[any]RoleRef{float64(1): {ID: 1}, "2": {ID: 2}, " Viewer ": {Name: "Viewer"}, float64(7): {ID: 7}} {
		got, ok := ParseRoleRef(in)
		assert.True(t, ok)
		assert.Equal(t, want, got)
	}
	for _, bad := range []any{float64(0), 1.5, "", nil, true} {
		_, ok := ParseRoleRef(bad)
		assert.False(t, ok, "%v", bad)
	}
}

func TestDefaultRoles(t *testing.T) {
	a := NewAuthorizer(func(context.Context, int64) ([]Grant, error) { return DefaultGrants(), nil })
	ctx := context.Background()
	can := func(role string, c Code) bool {
		ok, err := a.Can(ctx, 1, role, c)
		require.NoError(t, err)
		return ok
	}
	for _, p := range Permissions {
		assert.True(t, can(Admin, p.Code), "admin holds %s", p.Name)
	}
	for _, c := range []Code{CreateReport, ViewReport, EditReport, DeleteReport, EditLabel, EditAlerts, ScheduleReports,
		TopBottomRules, MiddleRules, ChangeRulesOrder} {
		assert.True(t, can(Analyst, c), "analyst holds %d", c)
	}
	for _, c := range []Code{ManageUsersCode, ManagePermissionToRole, ManageAppSettings, EditCILabel} {
		assert.False(t, can(Analyst, c), "analyst lacks %d", c)
	}
	for _, p := range Permissions {
		want := p.Code == ViewReport || p.Code == AdvancedTrendingCode || p.Code == FiltersCompetitorPrice ||
			p.Code == TopBottomRules || p.Code == MiddleRules
		assert.Equal(t, want, can(Viewer, p.Code), "viewer and %s", p.Name)
	}
	for _, c := range []Code{TopBottomRules, MiddleRules} {
		ok, err := a.Allowed(ctx, 1, Viewer, DynamicPricer, Update, c)
		require.NoError(t, err)
		assert.False(t, ok, "a viewer reads the rules but does not change or run them")
	}
	ok, err := a.Allowed(ctx, 1, Viewer, Reports, Create, 0)
	require.NoError(t, err)
	assert.False(t, ok, "a viewer creates nothing")
	ok, err = a.Allowed(ctx, 1, Analyst, LabelsAlerts, Delete, 0)
	require.NoError(t, err)
	assert.True(t, ok)
	m, err := a.AccessMap(ctx, 1, Viewer)
	require.NoError(t, err)
	assert.Equal(t, map[string]map[string][]string{
		"1": {"read:any": {"view report", "filters competitor price"}},
		"2": {"read:any": {"edit/read top-bottom rules", "edit/read middle rules"}},
		"9": {"read:any": {"advanced trending"}},
	}, m)
}

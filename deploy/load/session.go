package load

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
)

// The reports the sessions open: a table report and a group-mode report (competitive
// landscape by category), both predefined, as the webapp's report index offers them.
const (
	tableReport = "all_my_products"
	groupReport = "competitive_landscape_by_category"
	groupColumn = "category"
)

// session is one signed-in user on the report screens.
type session struct {
	c           *client
	index       int
	account     int64    // the account to select (0: take turns over the user's accounts)
	th          *thinker // the pauses between the user's actions
	competitors []int64  // of the selected account, by id
	weights     []string // "product" and the account's custom fields (group mode's weightBy)
}

type obj = map[string]any

// open does what the webapp does after signing in: who am I, which accounts, choose
// one (the sessions take turns over the user's accounts), and the account's data.
func (s *session) open(ctx context.Context) error {
	c := s.c
	if err := c.call(ctx, "auth/isAuth", http.MethodPost, "/auth/isAuth", obj{}, nil); err != nil {
		return err
	}
	var accounts struct {
		Accounts []struct {
			ID int64 `json:"id"`
		} `json:"accounts"`
	}
	if err := c.call(ctx, "account/getAccountsWithAuth", http.MethodGet, "/account/getAccountsWithAuth", nil, &accounts); err != nil {
		return err
	}
	if len(accounts.Accounts) == 0 {
		return fmt.Errorf("the user has no account")
	}
	id := accounts.Accounts[s.index%len(accounts.Accounts)].ID
	if s.account != 0 {
		id = s.account
	}
	if err := c.call(ctx, "account/setAccount", http.MethodPost, "/account/setAccount", obj{"account_id": id}, nil); err != nil {
		return err
	}
	return s.accountData(ctx)
}

func (s *session) accountData(ctx context.Context) error {
	var data struct {
		Competitors  map[string]struct{ ID int64 } `json:"competitors"`
		CustomFields []struct {
			LogicalName string `json:"logical_name"`
		} `json:"custom_fields"`
	}
	if err := s.c.call(ctx, "account/getAccountData", http.MethodGet, "/account/getAccountData", nil, &data); err != nil {
		return err
	}
	s.competitors = s.competitors[:0]
	for _, c := range data.Competitors {
		s.competitors = append(s.competitors, c.ID)
	}
	sort.Slice(s.competitors, func(i, j int) bool { return s.competitors[i] < s.competitors[j] })
	s.weights = []string{"product"}
	for _, f := range data.CustomFields {
		s.weights = append(s.weights, f.LogicalName)
	}
	return nil
}

// loop is one round of the screens a user visits; n varies the sort, filter and
// search so that the sessions do not all ask the same thing. Before each of the
// user's actions the session pauses its think time; it reports false when the run
// ended in a pause or a step whose answer a later step needs failed (the failure
// is recorded), so the loop was not completed.
func (s *session) loop(ctx context.Context, n int) bool {
	if n > 0 && n%5 == 0 {
		// Now and then the page is reloaded: the account data again.
		if !s.th.pause(ctx) || s.accountData(ctx) != nil {
			return false
		}
	}
	products, rows, ok := s.table(ctx, n)
	if !ok {
		return false
	}
	for _, screen := range []func() bool{
		func() bool { return s.group(ctx, n, products) },
		func() bool { return s.trend(ctx, n, rows) },
		func() bool { return s.insights(ctx) },
		func() bool { return s.pricerResults(ctx, n) },
		func() bool { return s.export(ctx, n, products, rows) },
		func() bool { return s.savedReports(ctx, n) },
	} {
		if !screen() {
			return false
		}
	}
	return true
}

// columns asks for a report's column definitions and returns the columns shown by default.
func (s *session) columns(ctx context.Context, call, report string) ([]string, error) {
	var out struct {
		Columns []struct {
			ColID         string `json:"colId"`
			DefaultColumn bool   `json:"default_column"`
		} `json:"columns"`
	}
	if err := s.c.call(ctx, call, http.MethodPost, "/tabular/getColumnsDef", obj{"reportId": report, "report_type": report, "isShareLink": false}, &out); err != nil {
		return nil, err
	}
	var vis []string
	for _, c := range out.Columns {
		if c.DefaultColumn {
			vis = append(vis, c.ColID)
		}
	}
	return vis, nil
}

// condition is the grid condition the webapp builds (webapp/src/features/tabular/condition.ts).
func condition(report string, visible []string) obj {
	return obj{"report_type": report, "startRow": 0, "limit": 100, "filters": obj{}, "sort": []obj{}, "search": "",
		"group": []obj{}, "groupIds": []string{}, "visible_columns": visible, "weightBy": "product", "competitorId": []int64{}, "valueCols": []obj{}}
}

type block struct {
	Rows    []obj `json:"rows"`
	LastRow int   `json:"lastRow"`
}

func (s *session) block(ctx context.Context, call string, cond obj) (block, error) {
	var b block
	err := s.c.call(ctx, call, http.MethodPost, "/tabular/getConditionsData", obj{"condition": cond}, &b)
	return b, err
}

// table: the table report opened with a price filter and a sort on a competitor's
// price (its count and the next block, scrolling), then as separate actions the two
// tooltips of a row, a search and the filter values (brands, categories, labels).
// It returns the product columns shown by default and the first block's rows (nil
// when those calls failed), and false when the run ended in a pause.
func (s *session) table(ctx context.Context, n int) (vis []string, rows []obj, goOn bool) {
	if !s.th.pause(ctx) {
		return nil, nil, false
	}
	vis, err := s.columns(ctx, "tabular/getColumnsDef (table)", tableReport)
	if err != nil {
		return nil, nil, true
	}
	cond := condition(tableReport, vis)
	cond["filters"] = obj{"price": obj{"filterType": "number", "type": "greaterThan", "filter": 10 * (n % 10)}}
	sortCol := "price"
	if len(s.competitors) > 0 {
		sortCol = "Price@" + strconv.FormatInt(s.competitors[(s.index+n)%len(s.competitors)], 10)
	}
	cond["sort"] = []obj{{"colId": sortCol, "sort": []string{"desc", "asc"}[n%2]}}
	first, err := s.block(ctx, "tabular/getConditionsData (table, filter + sort)", cond)
	if err != nil {
		return vis, nil, true
	}
	if first.LastRow < 0 {
		_ = s.c.call(ctx, "tabular/getCountOfRow", http.MethodPost, "/tabular/getCountOfRow", obj{"condition": cond}, nil)
		cond["startRow"] = 100
		_, _ = s.block(ctx, "tabular/getConditionsData (table, next block)", cond)
	}
	if len(first.Rows) > 0 {
		if !s.th.pause(ctx) {
			return vis, first.Rows, false
		}
		id := fmt.Sprint(first.Rows[(s.index+n)%len(first.Rows)]["id"])
		_ = s.c.call(ctx, "tabular/getTooltipData", http.MethodPost, "/tabular/getTooltipData", obj{"productId": id}, nil)
		_ = s.c.call(ctx, "tooltip/getCompetitorData", http.MethodPost, "/tooltip/getCompetitorData", obj{"productId": id}, nil)
	}
	if !s.th.pause(ctx) {
		return vis, first.Rows, false
	}
	search := condition(tableReport, vis)
	search["search"] = searchWord(first.Rows, n)
	_, _ = s.block(ctx, "tabular/getConditionsData (table, search)", search)
	if !s.th.pause(ctx) {
		return vis, first.Rows, false
	}
	_ = s.c.call(ctx, "filters/getBrandsList", http.MethodPost, "/filters/getBrandsList", obj{"data": obj{"offset": 0, "search": ""}}, nil)
	_ = s.c.call(ctx, "filters/getCategoryDropDownList", http.MethodGet, "/filters/getCategoryDropDownList", nil, nil)
	_ = s.c.call(ctx, "labels/getAllLabels", http.MethodGet, "/labels/getAllLabels", nil, nil)
	return vis, first.Rows, true
}

// searchWord is a word of a product name of the block, as a user types what they see.
func searchWord(rows []obj, n int) string {
	if len(rows) == 0 {
		return "pro"
	}
	words := strings.Fields(fmt.Sprint(rows[n%len(rows)]["name"]))
	if len(words) == 0 {
		return "pro"
	}
	return strings.ToLower(words[n%len(words)])
}

// group: the group-mode report's first block (weighted in turn by products and by
// each custom field), then one group opened: its products, with the product columns
// (the engine refuses group-only columns such as "products" below the last level).
func (s *session) group(ctx context.Context, n int, products []string) bool {
	if !s.th.pause(ctx) {
		return false
	}
	vis, err := s.columns(ctx, "tabular/getColumnsDef (group)", groupReport)
	if err != nil {
		return true
	}
	cond := condition(groupReport, vis)
	cond["group"] = []obj{{"id": groupColumn, "field": groupColumn}}
	cond["weightBy"] = s.weights[n%len(s.weights)]
	b, err := s.block(ctx, "tabular/getConditionsData (group)", cond)
	if err != nil || len(b.Rows) == 0 || len(products) == 0 {
		return true
	}
	if !s.th.pause(ctx) {
		return false
	}
	cond["visible_columns"] = products
	cond["groupIds"] = []string{fmt.Sprint(b.Rows[(s.index+n)%len(b.Rows)][groupColumn])}
	_, _ = s.block(ctx, "tabular/getConditionsData (group, open a group)", cond)
	return true
}

// savedReports: the saved-reports page (reports and scenarios), then a report saved
// as, updated, opened and deleted again, so a run leaves no reports behind: once
// saved, a run that ends in a pause goes straight to the delete.
func (s *session) savedReports(ctx context.Context, n int) bool {
	if !s.th.pause(ctx) {
		return false
	}
	_ = s.c.call(ctx, "saveReport/getAllSaveReports", http.MethodGet, "/saveReport/getAllSaveReports", nil, nil)
	_ = s.c.call(ctx, "scenarios (list)", http.MethodGet, "/scenarios", nil, nil)
	if !s.th.pause(ctx) {
		return false
	}
	cond := condition(tableReport, []string{"id", "name", "price"})
	report := obj{"report_name": fmt.Sprintf("Load test %d-%d", s.index, n), "report_type": tableReport, "report_path": "/pricing/type",
		"page_title": "All my products", "filters": obj{}, "ordering": []obj{{"colId": "price", "sort": "desc"}},
		"visible_columns": []string{"id", "name", "price"}, "group_mode": []string{}, "distribution_weights_cf": "product",
		"chart": false, "selected_rows": []string{}, "condition": cond, "folder_id": -1}
	var saved struct {
		ID int64 `json:"id"`
	}
	if s.c.call(ctx, "saveReport/insertSaveReport", http.MethodPost, "/saveReport/insertSaveReport", report, &saved) != nil {
		return true
	}
	goOn := s.th.pause(ctx)
	if goOn {
		report["id"] = saved.ID
		report["ordering"] = []obj{{"colId": "price", "sort": "asc"}}
		_ = s.c.call(ctx, "saveReport/updateSaveReport", http.MethodPost, "/saveReport/updateSaveReport", report, nil)
		if goOn = s.th.pause(ctx); goOn {
			_ = s.c.call(ctx, "saveReport/getSaveReport", http.MethodPost, "/saveReport/getSaveReport", obj{"id": saved.ID, "isShareLink": false}, nil)
			goOn = s.th.pause(ctx)
		}
	}
	// The delete is sent even when the run is being interrupted, so that nothing is left behind.
	_ = s.c.call(context.WithoutCancel(ctx), "saveReport/removeSaveReport", http.MethodPost, "/saveReport/removeSaveReport", obj{"reportId": saved.ID}, nil)
	return goOn
}

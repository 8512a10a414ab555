package engine

import "strings"

// ReportKind is the closed list of predefined reports (the specification's report index).
type ReportKind int

const (
	ReportAllProducts ReportKind = iota
	ReportAtCompetitors
	ReportCompetitivenessSnapshot
	ReportConstraints
	ReportLandscape
	ReportDistribution
)

// GroupLevel is a closed list of group-by levels.
type GroupLevel string

const (
	LevelSuperCategory GroupLevel = "super_category"
	LevelCategory      GroupLevel = "category"
	LevelVertical      GroupLevel = "vertical"
	LevelVerticalBrand GroupLevel = "vertical_brand"
	LevelBrand         GroupLevel = "brand"
	LevelLabel         GroupLevel = "label"
	// LevelAll is one group of every product in scope: the competitiveness
	// metrics of the whole account (the home dashboard's trend), never a grid level.
	LevelAll GroupLevel = "all"
)

// Levels in the specification's order (Aggregation levels).
var Levels = []GroupLevel{LevelSuperCategory, LevelCategory, LevelVertical, LevelVerticalBrand, LevelBrand, LevelLabel}

// groupField is the row key of a level in group rows (the product column it groups).
func (l GroupLevel) groupField() string {
	switch l {
	case LevelBrand:
		return "canonical_mfgr_display"
	case LevelLabel:
		return "labels"
	}
	return string(l)
}

// levelOf maps a group column id (ag-grid sends the column id or its field) to a level.
func levelOf(id string) (GroupLevel, bool) {
	switch id {
	case "super_category", "category", "vertical", "vertical_brand":
		return GroupLevel(id), true
	case "brand", "canonical_mfgr_display":
		return LevelBrand, true
	case "label", "labels", "labelsNames":
		return LevelLabel, true
	}
	return "", false
}

// Report is a parsed report_type.
type Report struct {
	Kind  ReportKind
	Level GroupLevel // landscape and distribution reports
	Href  string
}

// ReportIndex lists the predefined report hrefs with their titles.
func ReportIndex() []Report {
	out := []Report{
		{Kind: ReportAllProducts, Href: "all_my_products"},
		{Kind: ReportAtCompetitors, Href: "my_products_at_competitors"},
		{Kind: ReportCompetitivenessSnapshot, Href: "competitiveness_metrics_snapshot"},
		{Kind: ReportConstraints, Href: "constraints_report"},
	}
	for _, l := range Levels {
		out = append(out, Report{Kind: ReportLandscape, Level: l, Href: "competitive_landscape_by_" + string(l)})
	}
	for _, l := range Levels {
		out = append(out, Report{Kind: ReportDistribution, Level: l, Href: "price_distribution_by_" + string(l)})
	}
	return out
}

// Title is the report's page title.
func (r Report) Title() string {
	levelName := map[GroupLevel]string{LevelSuperCategory: "super category", LevelCategory: "category", LevelVertical: "vertical",
		LevelVerticalBrand: "vertical x brand", LevelBrand: "brand", LevelLabel: "label"}
	switch r.Kind {
	case ReportAtCompetitors:
		return "My products found at competitors"
	case ReportCompetitivenessSnapshot:
		return "Competitiveness metrics snapshot"
	case ReportConstraints:
		return "Constraints report"
	case ReportLandscape:
		return "Competitive landscape by " + levelName[r.Level]
	case ReportDistribution:
		return "Price distribution by " + levelName[r.Level]
	}
	return "All my products"
}

// ParseReport maps a report_type to a report; "" is all my products.
func ParseReport(href string) (Report, error) {
	if href == "" {
		href = "all_my_products"
	}
	for _, r := range ReportIndex() {
		if r.Href == href {
			return r, nil
		}
	}
	// Saved reports of the legacy product carry table names as types.
	switch strings.ToLower(href) {
	case "all_my_product", "pdp_competitors":
		return Report{Kind: ReportAllProducts, Href: "all_my_products"}, nil
	case "competitiveness_metrics":
		return Report{Kind: ReportCompetitivenessSnapshot, Href: "competitiveness_metrics_snapshot"}, nil
	}
	return Report{}, bad("report_type", "%q is not a report (see the report index: all_my_products, my_products_at_competitors, competitiveness_metrics_snapshot, constraints_report, competitive_landscape_by_<level>, price_distribution_by_<level>)", clip(href))
}

// Distribution buckets of the price distribution reports, on d = market_delta − parity
// (percent): the weighted share of the group's compared products in each range.
var DistributionBuckets = []struct {
	ID, Header, Cond string
}{
	{"dist_1", "< -20%", "md < -20"},
	{"dist_2", "-20% to -10%", "md >= -20 AND md < -10"},
	{"dist_3", "-10% to -5%", "md >= -10 AND md < -5"},
	{"dist_4", "-5% to 5%", "md >= -5 AND md <= 5"},
	{"dist_5", "5% to 10%", "md > 5 AND md <= 10"},
	{"dist_6", "10% to 20%", "md > 10 AND md <= 20"},
	{"dist_7", "> 20%", "md > 20"},
}

package jobs

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pricelens/engine"
	"pricelens/store"
	"pricelens/warehouse"
)

// A daily alert's period is its UTC day, a weekly one's its ISO week (the week of
// 2027-01-01 is 2026's 53rd).
func TestAlertPeriod(t *testing.T) {
	at := time.Date(2027, 1, 1, 23, 30, 0, 0, time.FixedZone("UTC-2", -2*3600))
	assert.Equal(t, "2027-01-02", alertPeriod(0, at), "the UTC day, not the local one")
	assert.Equal(t, "2026-W53", alertPeriod(1, at))
}

// An alert mail lists the changes it was given and, when there are more, says how
// many and sends the reader to the report; the HTML part's table is the text
// part's second paragraph.
func TestAlertMailCapsTheRows(t *testing.T) {
	a := engine.Account{Competitors: []engine.Competitor{{ID: 3, Name: "Alpha"}}, Settings: engine.DefaultSettings()}
	tg := store.AlertTarget{Alert: store.Alert{ID: 9, SavedReportID: 4, LabelName: "Drops"}, ReportName: "Lego",
		Recipients: []string{"a@pricelens.test"}}
	to := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
	changes := make([]warehouse.PriceChange, alertMailRows)
	for i := range changes {
		changes[i] = warehouse.PriceChange{ProductID: "P", Name: "Brick", CompetitorID: 3, Old: 2, New: 1.5}
	}
	m := alertMail(tg, "https://pricelens.example/", a, to.Add(-24*time.Hour), to, 120, changes)
	paras := strings.Split(m.Body, "\n\n")
	require.Len(t, paras, 4)
	assert.Equal(t, "Price alert “Drops”: 120 competitor prices changed in the report “Lego” between 2026-11-22 06:00 UTC and 2026-11-23 06:00 UTC.", paras[0])
	assert.Len(t, strings.Split(paras[1], "\n"), alertMailRows+1, "the header and the listed rows")
	assert.Equal(t, "P | Brick | Alpha | $2.00 | $1.50", strings.Split(paras[1], "\n")[1])
	assert.Equal(t, "The first 50 changes are listed; open the report for all 120.", paras[2])
	assert.Equal(t, "Open the report: https://pricelens.example/pricing/type/4", paras[3])
	table := m.Detail["table"].(MailTable)
	assert.Equal(t, 1, table.Paragraph)
	assert.Len(t, table.Rows, alertMailRows)
	assert.Equal(t, "Price alert “Drops”: 120 price changes", m.Subject)
}

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

// A daily alert's period is its day in the account's time zone, a weekly one's
// its ISO week there (the week of 2027-01-01 is 2026's 53rd).
func TestAlertPeriod(t *testing.T) {
	at := time.Date(2027, 1, 1, 23, 30, 0, 0, time.FixedZone("UTC-2", -2*3600)) // 01:30 UTC on the 2nd
	assert.Equal(t, "2027-01-02", alertPeriod(0, at, time.UTC), "in a UTC account")
	assert.Equal(t, "2026-W53", alertPeriod(1, at, time.UTC))
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	assert.Equal(t, "2027-01-01", alertPeriod(0, at, ny), "20:30 on the 1st in New York")
	sunday := time.Date(2027, 1, 3, 23, 30, 0, 0, time.UTC) // Monday 08:30 in Tokyo
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	require.NoError(t, err)
	assert.Equal(t, "2026-W53", alertPeriod(1, sunday, time.UTC))
	assert.Equal(t, "2027-W01", alertPeriod(1, sunday, tokyo))
}

// An alert's date filter is whole days of the account's time zone before the
// local day of its evaluation, across midnight and a daylight-saving change.
func TestAlertWindow(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	require.NoError(t, err)
	// 23:30 UTC on 2026-11-22 is 00:30 on the 23rd in Berlin: Last day is the 22nd there.
	from, to := alertWindow(1, time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC), berlin)
	assert.Equal(t, time.Date(2026, 11, 21, 23, 0, 0, 0, time.UTC), from.UTC())
	assert.Equal(t, time.Date(2026, 11, 22, 23, 0, 0, 0, time.UTC), to.UTC())
	// Half an hour earlier it is still the 22nd in Berlin: Last day is the 21st.
	from, to = alertWindow(1, time.Date(2026, 11, 22, 22, 30, 0, 0, time.UTC), berlin)
	assert.Equal(t, time.Date(2026, 11, 20, 23, 0, 0, 0, time.UTC), from.UTC())
	assert.Equal(t, time.Date(2026, 11, 21, 23, 0, 0, 0, time.UTC), to.UTC())
	// In UTC the same instant is the 22nd, whose Last day is the 21st from 00:00.
	from, _ = alertWindow(1, time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC), time.UTC)
	assert.Equal(t, time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC), from)
	// 7 days back across the end of summer time (2026-10-25 in Berlin): local midnights, 169 hours.
	from, to = alertWindow(7, time.Date(2026, 10, 28, 12, 0, 0, 0, time.UTC), berlin)
	assert.Equal(t, time.Date(2026, 10, 20, 22, 0, 0, 0, time.UTC), from.UTC())
	assert.Equal(t, time.Date(2026, 10, 27, 23, 0, 0, 0, time.UTC), to.UTC())
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
	assert.Equal(t, "Price alert “Drops”: 120 competitor prices changed in the report “Lego” between 2026-11-22 06:00 and 2026-11-23 06:00 (UTC).", paras[0])
	assert.Len(t, strings.Split(paras[1], "\n"), alertMailRows+1, "the header and the listed rows")
	assert.Equal(t, "P | Brick | Alpha | $2.00 | $1.50", strings.Split(paras[1], "\n")[1])
	assert.Equal(t, "The first 50 changes are listed; open the report for all 120.", paras[2])
	assert.Equal(t, "Open the report: https://pricelens.example/pricing/type/4", paras[3])
	table := m.Detail["table"].(MailTable)
	assert.Equal(t, 1, table.Paragraph)
	assert.Len(t, table.Rows, alertMailRows)
	assert.Equal(t, "Price alert “Drops”: 120 price changes", m.Subject)
}

// A label's alert names the label and links to the report index; its times are
// the account's.
func TestAlertMailOfALabel(t *testing.T) {
	a := engine.Account{Competitors: []engine.Competitor{{ID: 3, Name: "Alpha"}}, Settings: engine.DefaultSettings()}
	tg := store.AlertTarget{Alert: store.Alert{ID: 9, LabelID: 4, LabelName: "Summer drops"}, WatchedLabel: "Summer",
		Timezone: "Europe/Berlin", Recipients: []string{"a@pricelens.test"}}
	to := time.Date(2026, 11, 22, 23, 0, 0, 0, time.UTC)
	m := alertMail(tg, "https://pricelens.example", a, to.Add(-24*time.Hour), to, 1,
		[]warehouse.PriceChange{{ProductID: "P", Name: "Brick", CompetitorID: 3, Old: 2, New: 1.5}})
	paras := strings.Split(m.Body, "\n\n")
	assert.Equal(t, "Price alert “Summer drops”: 1 competitor price changed in the products labelled “Summer” between 2026-11-22 00:00 and 2026-11-23 00:00 (Europe/Berlin).", paras[0])
	assert.Equal(t, "Open the report: https://pricelens.example/pricing", paras[len(paras)-1])
}

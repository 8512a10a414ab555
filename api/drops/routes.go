// Package drops is the HTTP side of the export schedules (downstream drops): the
// routes an administrator lists, adds and removes them with. The drops themselves
// (writing the files, the schedules' runs) are package pricelens/drops.
package drops

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/api/route"
	"pricelens/api/session"
	"pricelens/drops"
	"pricelens/store"
	"pricelens/store/authz"
)

// Routes are the export schedules of the app: an administrator lists, adds and
// removes the account's schedules. They need "manage application settings"
// (administrators by default): a schedule writes files on the server's disk,
// under the account's drop folder in root (config PRICELENS_DROP_ROOT). Adding
// goes through AddSchedule, as `pricelens export schedule add` does.
func Routes(d *drops.Drops, root string) []route.Route {
	h := &handlers{d: d, root: root}
	read, update := route.Perm(authz.ManageAppSettings, authz.Read), route.Perm(authz.ManageAppSettings, authz.Update)
	G, P := http.MethodGet, http.MethodPost
	return []route.Route{
		{Method: G, Path: "/export/getSchedules", Access: read, Summary: "The account's export schedules (downstream drops) with their last run",
			Handler: route.Query(h.list)},
		{Method: P, Path: "/export/addSchedule", Access: update, Summary: "Write a saved report as CSV or Parquet into a folder of the account's drop folder on a cron expression",
			Handler: route.JSON(h.add)},
		{Method: P, Path: "/export/removeSchedule", Access: update, Summary: "Stop an export schedule",
			Handler: route.JSON(h.remove)},
	}
}

type handlers struct {
	d    *drops.Drops
	root string
}

// ScheduleIn is the body of addSchedule.
type ScheduleIn struct {
	ReportID reqbody.ID `json:"report_id" required:"true"` // a saved report of the account
	// Cron is five fields, minute hour day-of-month month day-of-week (UTC unless
	// it starts with CRON_TZ=Zone), or @daily and the like.
	Cron   string `json:"cron" required:"true"`
	Format string `json:"format" required:"true"` // csv or parquet
	// Directory is a folder inside the account's drop folder ("" for the folder itself).
	Directory string `json:"directory"`
}

// Validate checks that the fields are there; AddSchedule checks their values.
func (in *ScheduleIn) Validate() error {
	in.Cron, in.Format, in.Directory = strings.TrimSpace(in.Cron), strings.TrimSpace(in.Format), strings.TrimSpace(in.Directory)
	switch {
	case in.ReportID <= 0:
		return httperr.BadRequest("report_id", "report_id must be a saved report id")
	case in.Cron == "":
		return httperr.BadRequest("cron", `cron is required: five fields, minute hour day-of-month month day-of-week, e.g. "0 6 * * 1-5"`)
	}
	return nil
}

// ScheduleIDIn is the body of removeSchedule.
type ScheduleIDIn struct {
	ID reqbody.ID `json:"id" required:"true"`
}

// Validate checks the id.
func (in ScheduleIDIn) Validate() error {
	if in.ID <= 0 {
		return httperr.BadRequest("id", "id must be an export schedule id")
	}
	return nil
}

// Schedule is an export schedule as the screen shows it.
type Schedule struct {
	ID         int64  `json:"id" openapi:"always"`
	ReportID   int64  `json:"report_id" openapi:"always"`
	ReportName string `json:"report_name" openapi:"always"`
	Cron       string `json:"cron" openapi:"always"`
	Format     string `json:"format" openapi:"always"`
	// Directory is the folder inside the account's drop folder, or the whole
	// path of a schedule added on the command line elsewhere.
	Directory string    `json:"directory" openapi:"always"`
	NextDue   time.Time `json:"next_due" openapi:"always"`
	LastRun   *Run      `json:"last_run"` // null before the first run
}

// Run is an export schedule's last run.
type Run struct {
	Due      *time.Time      `json:"due"`
	At       *time.Time      `json:"at"`                      // when it started (running) or ended
	Status   string          `json:"status" openapi:"always"` // running, ok or failed
	Error    string          `json:"error" openapi:"always"`
	Manifest *drops.Manifest `json:"manifest"` // the drop written (ok)
}

// SchedulesOut is the answer of getSchedules.
type SchedulesOut struct {
	Root      string     `json:"root" openapi:"always"` // the account's drop folder on the server
	Schedules []Schedule `json:"schedules" openapi:"always"`
	// Reports are the account's saved reports a schedule can take (any user's: a
	// drop writes the rows its owner sees).
	Reports []Report `json:"reports" openapi:"always"`
}

// Report is a saved report a schedule can take.
type Report struct {
	ID    int64  `json:"id" openapi:"always"`
	Name  string `json:"name" openapi:"always"`
	Owner string `json:"owner" openapi:"always"` // the owner's e-mail
}

// ScheduleOut is the answer of addSchedule.
type ScheduleOut struct {
	Schedule Schedule `json:"schedule" openapi:"always"`
}

func toSchedule(accountRoot string, s store.DropSchedule) Schedule {
	out := Schedule{ID: s.ID, ReportID: s.ReportID, ReportName: s.ReportName, Cron: s.Cron, Format: s.Format,
		Directory: drops.Folder(accountRoot, s.Directory), NextDue: s.NextDue.UTC()}
	if s.Last.Status != "" {
		r := &Run{Due: s.Last.Due, At: s.Last.At, Status: s.Last.Status, Error: s.Last.Error}
		if len(s.Last.Manifest) > 0 {
			var m drops.Manifest
			if json.Unmarshal(s.Last.Manifest, &m) == nil {
				r.Manifest = &m
			}
		}
		out.LastRun = r
	}
	return out
}

func (h *handlers) list(c echo.Context, _ struct{}) (SchedulesOut, error) {
	p, err := session.Account(c)
	if err != nil {
		return SchedulesOut{}, err
	}
	st := store.New(h.d.S.DB)
	list, err := st.DropSchedules(c.Request().Context(), p.AccountID)
	if err != nil {
		return SchedulesOut{}, err
	}
	reports, err := st.DropReportRefs(c.Request().Context(), p.AccountID)
	if err != nil {
		return SchedulesOut{}, err
	}
	root := drops.AccountRoot(h.root, p.AccountID)
	out := SchedulesOut{Root: root, Schedules: make([]Schedule, len(list)), Reports: make([]Report, len(reports))}
	for i, s := range list {
		out.Schedules[i] = toSchedule(root, s)
	}
	for i, r := range reports {
		out.Reports[i] = Report{ID: r.ID, Name: r.Name, Owner: r.Owner}
	}
	return out, nil
}

func (h *handlers) add(c echo.Context, in ScheduleIn) (ScheduleOut, error) {
	p, err := session.Account(c)
	if err != nil {
		return ScheduleOut{}, err
	}
	// The cheap checks first, so that a bad request creates no folder.
	if err := drops.CheckFormat(in.Format); err != nil {
		return ScheduleOut{}, err
	}
	if _, err := drops.NextRun(in.Cron, h.d.Now()); err != nil {
		return ScheduleOut{}, err
	}
	root := drops.AccountRoot(h.root, p.AccountID)
	dir, err := drops.ConfineFolder(root, in.Directory)
	if err != nil {
		return ScheduleOut{}, err
	}
	s, err := h.d.AddSchedule(c.Request().Context(), store.Actor{UserID: p.UserID, AccountID: p.AccountID},
		int64(in.ReportID), in.Cron, in.Format, dir)
	if err != nil {
		return ScheduleOut{}, err
	}
	return ScheduleOut{Schedule: toSchedule(root, s)}, nil
}

func (h *handlers) remove(c echo.Context, in ScheduleIDIn) (route.OK, error) {
	p, err := session.Account(c)
	if err != nil {
		return route.OK{}, err
	}
	return route.OK{OK: true}, store.New(h.d.S.DB).RemoveDropSchedule(c.Request().Context(),
		store.Actor{UserID: p.UserID, AccountID: p.AccountID}, int64(in.ID))
}

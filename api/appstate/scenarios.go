package appstate

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/reqbody"
	"pricelens/api/session"
	"pricelens/store"
)

type scenarioIn struct {
	Name            *string `json:"name"`
	Description     *string `json:"description"`
	Icon            *int    `json:"icon"`
	BackgroundColor *string `json:"background_color"`
}

func (in scenarioIn) fields(create bool) (store.ScenarioFields, error) {
	var f store.ScenarioFields
	if in.Name != nil || create {
		n := ""
		if in.Name != nil {
			n = strings.TrimSpace(*in.Name)
		}
		if n == "" {
			return f, httperr.BadRequest("name", "Scenario name is required")
		}
		if len([]rune(n)) > 100 {
			return f, httperr.BadRequest("name", "Scenario name can't be longer than 100 characters")
		}
		f.Name = &n
	}
	if in.Description != nil {
		if len([]rune(*in.Description)) > 1000 {
			return f, httperr.BadRequest("description", "Description can't be longer than 1000 characters")
		}
		f.Description = in.Description
	}
	if in.Icon != nil {
		if *in.Icon < 0 || *in.Icon > 7 {
			return f, httperr.BadRequest("icon", "Icon must be between 0 and 7")
		}
		i := int16(*in.Icon)
		f.Icon = &i
	}
	if in.BackgroundColor != nil && *in.BackgroundColor != "" {
		if !hashHexColor.MatchString(*in.BackgroundColor) {
			return f, httperr.BadRequest("background_color", "Background color must be a hex colour like #1a2b3c")
		}
		col := "#" + strings.TrimPrefix(*in.BackgroundColor, "#")
		f.BackgroundColor = &col
	}
	return f, nil
}

func pathID(c echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, httperr.BadRequest("id", "The id in the address must be a positive whole number")
	}
	return id, nil
}

// Scenarios is GET /scenarios.
func (h *Handlers) Scenarios(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	list, other, err := h.Store.Scenarios(c.Request().Context(), actor(p))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"scenarios": list, "other": other})
}

// CreateScenario is POST /scenarios.
func (h *Handlers) CreateScenario(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in scenarioIn
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	f, err := in.fields(true)
	if err != nil {
		return err
	}
	sc, err := h.Store.CreateScenario(c.Request().Context(), actor(p), f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"scenario": sc})
}

// GetScenario is GET /scenarios/{id}.
func (h *Handlers) GetScenario(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	id, err := pathID(c)
	if err != nil {
		return err
	}
	sc, err := h.Store.Scenario(c.Request().Context(), actor(p), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"scenario": sc})
}

// PatchScenario is PATCH /scenarios/{id}.
func (h *Handlers) PatchScenario(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	id, err := pathID(c)
	if err != nil {
		return err
	}
	var in scenarioIn
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	f, err := in.fields(false)
	if err != nil {
		return err
	}
	sc, err := h.Store.PatchScenario(c.Request().Context(), actor(p), id, f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"scenario": sc})
}

// DeleteScenario is DELETE /scenarios/{id}.
func (h *Handlers) DeleteScenario(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	id, err := pathID(c)
	if err != nil {
		return err
	}
	if err := h.Store.DeleteScenario(c.Request().Context(), actor(p), id); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true})
}

// ReorderScenarios is PUT /scenarios/reorder {order: [ids]}.
func (h *Handlers) ReorderScenarios(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		Order reqbody.IDs `json:"order"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if err := h.Store.ReorderScenarios(c.Request().Context(), actor(p), in.Order.Int64s()); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true})
}

// AssociateReport is PUT /scenarios/associate {report_id, folder_id}.
func (h *Handlers) AssociateReport(c echo.Context) error {
	p, err := session.Account(c)
	if err != nil {
		return err
	}
	var in struct {
		ReportID reqbody.ID  `json:"report_id"`
		FolderID *reqbody.ID `json:"folder_id"`
	}
	if err := reqbody.Decode(c, &in); err != nil {
		return err
	}
	if in.ReportID <= 0 {
		return httperr.BadRequest("report_id", "report_id must be a report id")
	}
	if in.FolderID == nil || (*in.FolderID < 1 && *in.FolderID != -1) {
		return httperr.BadRequest("folder_id", "folder_id must be a scenario id, or -1 for none")
	}
	if err := h.Store.AssociateReport(c.Request().Context(), actor(p), int64(in.ReportID), int64(*in.FolderID)); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true})
}

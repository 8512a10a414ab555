package appstate

import (
	"pricelens/api/route"
	"strconv"

	"github.com/labstack/echo/v4"

	"pricelens/api/httperr"
	"pricelens/api/session"
)

// pathID is the {id} of the address.
func pathID(c echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, httperr.BadRequest("id", "The id in the address must be a positive whole number")
	}
	return id, nil
}

// Scenarios is GET /scenarios.
func (h *Handlers) Scenarios(c echo.Context, p session.Principal, _ struct{}) (ScenariosOut, error) {
	sc, other, err := h.Store.Scenarios(c.Request().Context(), actor(p))
	if err != nil {
		return ScenariosOut{}, err
	}
	return ScenariosOut{Scenarios: list(sc, toScenario), Other: list(other, toReportStub)}, nil
}

// CreateScenario is POST /scenarios.
func (h *Handlers) CreateScenario(c echo.Context, p session.Principal, in NewScenarioIn) (ScenarioOut, error) {
	sc, err := h.Store.CreateScenario(c.Request().Context(), actor(p), ScenarioIn(in).fields())
	if err != nil {
		return ScenarioOut{}, err
	}
	return ScenarioOut{Scenario: toScenario(sc)}, nil
}

// GetScenario is GET /scenarios/{id}.
func (h *Handlers) GetScenario(c echo.Context, p session.Principal, _ struct{}) (ScenarioOut, error) {
	id, err := pathID(c)
	if err != nil {
		return ScenarioOut{}, err
	}
	sc, err := h.Store.Scenario(c.Request().Context(), actor(p), id)
	if err != nil {
		return ScenarioOut{}, err
	}
	return ScenarioOut{Scenario: toScenario(sc)}, nil
}

// PatchScenario is PATCH /scenarios/{id}.
func (h *Handlers) PatchScenario(c echo.Context, p session.Principal, in ScenarioIn) (ScenarioOut, error) {
	id, err := pathID(c)
	if err != nil {
		return ScenarioOut{}, err
	}
	sc, err := h.Store.PatchScenario(c.Request().Context(), actor(p), id, in.fields())
	if err != nil {
		return ScenarioOut{}, err
	}
	return ScenarioOut{Scenario: toScenario(sc)}, nil
}

// DeleteScenario is DELETE /scenarios/{id}; its reports move to no scenario.
func (h *Handlers) DeleteScenario(c echo.Context, p session.Principal, _ struct{}) (route.OK, error) {
	id, err := pathID(c)
	if err != nil {
		return route.OK{}, err
	}
	return route.OK{OK: true}, h.Store.DeleteScenario(c.Request().Context(), actor(p), id)
}

// ReorderScenarios is PUT /scenarios/reorder.
func (h *Handlers) ReorderScenarios(c echo.Context, p session.Principal, in ScenarioOrderIn) (route.OK, error) {
	return route.OK{OK: true}, h.Store.ReorderScenarios(c.Request().Context(), actor(p), in.Order.Int64s())
}

// AssociateReport is PUT /scenarios/associate.
func (h *Handlers) AssociateReport(c echo.Context, p session.Principal, in AssociateIn) (route.OK, error) {
	return route.OK{OK: true}, h.Store.AssociateReport(c.Request().Context(), actor(p), int64(in.ReportID), int64(*in.FolderID))
}

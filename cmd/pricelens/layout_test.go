package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOnlyAPIImportsAPI keeps the HTTP tree a leaf: the stores, the engine, the
// warehouse, ingest, background jobs and deployment code are used by the API, never
// the other way round, so a worker or the demo seeder never drags in handlers,
// sessions or the route table (issue 12, item 3). Every package of the module is
// checked, so a new one is held to it too. Only the drivers of the whole system may
// import the API: the binary (cmd/) and the benchmark harnesses (bench/), which
// serve its routes in-process. Test files may still drive the API.
//
// Nor may they depend on the HTTP framework (echo): the report service, the
// drops and the jobs take a principal and return domain errors, and only api/
// decodes requests, maps errors to statuses and renders (issue 28, item 1), so a
// handler cannot grow back outside the HTTP tree under another name.
func TestOnlyAPIImportsAPI(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`, "pricelens/...").CombinedOutput()
	require.NoError(t, err, string(out))
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := f[0]
		if isAPI(pkg) || pkg == "pricelens/bench" || strings.HasPrefix(pkg, "pricelens/cmd/") {
			continue
		}
		checked++
		for _, dep := range f[1:] {
			if isAPI(dep) || isHTTPFramework(dep) {
				who, _ := exec.Command("go", "list", "-deps", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, pkg).Output()
				t.Errorf("%s depends on %s; only packages under api/ (and the drivers cmd/ and bench/) may import the API or its HTTP framework. Importers:\n%s", pkg, dep, importersOf(string(who), dep))
			}
		}
	}
	require.Greater(t, checked, 10, "the module's packages were not listed:\n%s", out)
}

// TestBinaryMountsTheServerOnly: the binary imports the API's root (the server it
// serves) and nothing under it, so its worker and command-line work run on the
// domain packages (report, trend, drops, pricer), never on a handler package's
// service (issue 28: the worker reached the trend service through api/trend).
func TestBinaryMountsTheServerOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "pricelens/cmd/...").CombinedOutput()
	require.NoError(t, err, string(out))
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		for _, imp := range f[1:] {
			if strings.HasPrefix(imp, "pricelens/api/") {
				t.Errorf("%s imports %s; the binary may import only pricelens/api (the server)", f[0], imp)
			}
		}
	}
}

// isHTTPFramework is echo and its packages.
func isHTTPFramework(pkg string) bool {
	return strings.HasPrefix(pkg, "github.com/labstack/echo")
}

func isAPI(pkg string) bool {
	return pkg == "pricelens/api" || strings.HasPrefix(pkg, "pricelens/api/")
}

// importersOf picks the lines of `go list -f '{{.ImportPath}} {{.Imports}}'` output
// whose package imports dep directly.
func importersOf(list, dep string) string {
	var out []string
	for _, line := range strings.Split(list, "\n") {
		f := strings.Fields(line)
		for _, imp := range f[min(1, len(f)):] {
			if imp == dep {
				out = append(out, f[0])
			}
		}
	}
	return strings.Join(out, "\n")
}

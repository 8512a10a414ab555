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
// sessions or the route table (issue 12, item 3). Test files may still drive the API.
func TestOnlyAPIImportsAPI(t *testing.T) {
	roots := []string{"pricelens/engine/...", "pricelens/store/...", "pricelens/warehouse/...", "pricelens/ingest/...", "pricelens/jobs/...", "pricelens/deploy/...", "pricelens/feed/..."}
	for _, root := range roots {
		out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", root).CombinedOutput()
		require.NoError(t, err, string(out))
		for _, dep := range strings.Fields(string(out)) {
			if dep == "pricelens/api" || strings.HasPrefix(dep, "pricelens/api/") {
				who, _ := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, root).Output()
				t.Errorf("%s depends on %s; only packages under api/ may import the API. Importers:\n%s", root, dep, importersOf(string(who), dep))
			}
		}
	}
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

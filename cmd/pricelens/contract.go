package main

import (
	"context"
	"os"
	"path/filepath"

	"pricelens/api"
)

// runContract writes the webapp's generated copies of the API contract (the OpenAPI
// document and the permission catalog) into a folder, webapp/src/api by default;
// `make api-types` runs it and then openapi-typescript.
func runContract(_ context.Context, args []string) error {
	dir := filepath.Join("webapp", "src", "api")
	switch len(args) {
	case 0:
	case 1:
		dir = args[0]
	default:
		return usagef("contract takes at most one folder")
	}
	files, err := api.Contract()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, name := range api.ContractFiles {
		if err := os.WriteFile(filepath.Join(dir, name), files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

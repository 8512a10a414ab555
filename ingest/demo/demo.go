// Package demo generates the demo data set. TEMPORARY placeholder: being written.
package demo

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/jackc/pgx/v5/pgxpool"

	"pricelens/warehouse"
)

type Size string

const (
	S Size = "S"
	M Size = "M"
	L Size = "L"
)

func ParseSize(s string) (Size, error) {
	switch Size(s) {
	case S, M, L:
		return Size(s), nil
	}
	return "", fmt.Errorf("size must be S, M or L, not %q", s)
}

type Options struct {
	Size          Size
	Seed          int64
	IfEmpty       bool
	AdminPassword string
	Out           io.Writer
}

type Summary struct{}

func Load(ctx context.Context, w *warehouse.Warehouse, db *pgxpool.Pool, o Options) (Summary, error) {
	return Summary{}, errors.New("not written yet")
}

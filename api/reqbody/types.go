package reqbody

import (
	"reflect"
	"strconv"
)

var (
	reflectInt64   = reflect.TypeOf(int64(0))
	reflectStrings = reflect.TypeOf([]string{})
)

func fmtFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

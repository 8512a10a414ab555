package report

// The cells of a product row are what the warehouse gives (engine.Plan.Expand):
// text as string, numbers as float64 or unsigned integers, NULL as nil. These
// read one cell as its wire type; nil stays null.

func str(v any) string {
	s, _ := v.(string)
	return s
}

func text(v any) *string {
	if s, ok := v.(string); ok {
		return &s
	}
	return nil
}

func flag(v any) *uint64 {
	var u uint64
	switch x := v.(type) {
	case uint64:
		u = x
	case uint8:
		u = uint64(x)
	case int64:
		u = uint64(x)
	default:
		return nil
	}
	return &u
}

// number reads a row's numeric cell as a number, whatever width ClickHouse gave
// it (Float64, Float32, UInt64, Int64); anything else, NULL included, is nil.
func number(v any) *float64 {
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case float32:
		f = float64(x)
	case uint64:
		f = float64(x)
	case int64:
		f = float64(x)
	default:
		return nil
	}
	return &f
}

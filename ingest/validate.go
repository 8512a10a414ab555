package ingest

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"pricelens/warehouse"
)

// Reject is one rejected row: its number (1 = the first data row after the header),
// the column at fault ("" when the whole record is broken) and why.
type Reject struct {
	Row    int64  `json:"row"`
	Column string `json:"column"`
	Reason string `json:"reason"`
}

// outColumn holds one chunk of one target column in the representation the ClickHouse
// column appends without reflection. Only the slice of the field's type is used.
type outColumn struct {
	f     *field
	text  []string
	ids   []uint32
	flt   []float64
	null  []bool
	ptr   []*float64
	flags []uint8
	secs  []int64
	days  []int64
	dates []time.Time
}

// resize makes the column's slice n long (values are overwritten by the caller).
func (o *outColumn) resize(n int) {
	switch o.f.Type {
	case tText:
		o.text = grow(o.text, n)
	case tID:
		o.ids = grow(o.ids, n)
	case tPrice, tNumber:
		o.flt = grow(o.flt, n)
		if o.f.Nullable {
			o.null = grow(o.null, n)
		}
	case tFlag:
		o.flags = grow(o.flags, n)
	case tTime:
		o.secs = grow(o.secs, n)
	case tDate:
		o.days = grow(o.days, n)
	}
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

func (o *outColumn) set(r int, v cell) {
	switch o.f.Type {
	case tText:
		o.text[r] = v.s
	case tID:
		o.ids[r] = uint32(v.i)
	case tPrice, tNumber:
		o.flt[r] = v.f
		if o.f.Nullable {
			o.null[r] = v.null
		}
	case tFlag:
		o.flags[r] = uint8(v.i)
	case tTime:
		o.secs[r] = v.i
	case tDate:
		o.days[r] = v.i
	}
}

// keep compacts the column to the rows whose fail mark is 0.
func (o *outColumn) keep(fail []int32) {
	switch o.f.Type {
	case tText:
		o.text = compact(o.text, fail)
	case tID:
		o.ids = compact(o.ids, fail)
	case tPrice, tNumber:
		o.flt = compact(o.flt, fail)
		if o.f.Nullable {
			o.null = compact(o.null, fail)
		}
	case tFlag:
		o.flags = compact(o.flags, fail)
	case tTime:
		o.secs = compact(o.secs, fail)
	case tDate:
		o.days = compact(o.days, fail)
	}
}

func compact[T any](s []T, fail []int32) []T {
	j := 0
	for i := range s {
		if fail[i] == 0 {
			s[j] = s[i]
			j++
		}
	}
	return s[:j]
}

// values returns the slice handed to batch.Column(i).Append.
func (o *outColumn) values() any {
	switch o.f.Type {
	case tText:
		return o.text
	case tID:
		return o.ids
	case tPrice, tNumber:
		if !o.f.Nullable {
			return o.flt
		}
		o.ptr = grow(o.ptr, len(o.flt))
		for i := range o.flt {
			if o.null[i] {
				o.ptr[i] = nil
			} else {
				o.ptr[i] = &o.flt[i]
			}
		}
		return o.ptr
	case tFlag:
		return o.flags
	case tTime:
		return o.secs // DateTime appends []int64 as Unix seconds
	}
	o.dates = grow(o.dates, len(o.days))
	for i, d := range o.days {
		o.dates[i] = time.Unix(d*86400, 0).UTC()
	}
	return o.dates
}

// converter validates chunks column by column (tight loops per type, no per-cell
// dispatch on the common types) and keeps the valid rows.
type converter struct {
	kind     Kind
	fields   []field
	forced   uint32 // account the load is for (0 = from the file)
	known    *known
	now      int64
	defaults []cell
	outs     []*outColumn
	rows     int        // valid rows in outs
	extra    [][]string // appendTo's constant columns (one value per load), reused

	// fail[r] is 0 for a valid row, else 1 + the index of the first failing field
	// (badRecord for a broken record); why[r] is the reason.
	fail []int32
	why  []string

	accounts   map[uint32]struct{}
	partitions map[uint32]struct{} // YYYYMM touched (scans, metrics)
	changed    map[uint32]*changed // per account: the products and days of the valid rows
	partField  int                 // index of the partition column, -1 = none

	reject func(Reject)
}

const badRecord = math.MaxInt32

func newConverter(kind Kind, forced uint32, k *known, now, versionTime time.Time, reject func(Reject)) *converter {
	fs := contracts[kind]
	cv := &converter{kind: kind, fields: fs, forced: forced, known: k, now: now.Unix(),
		defaults: make([]cell, len(fs)), outs: make([]*outColumn, len(fs)),
		accounts: map[uint32]struct{}{}, partitions: map[uint32]struct{}{}, changed: map[uint32]*changed{}, partField: -1, reject: reject}
	for i := range fs {
		f := &fs[i]
		cv.outs[i] = &outColumn{f: f}
		switch {
		case f.Default == nowDefault:
			cv.defaults[i] = cell{i: versionTime.Unix()}
		case f.Default != "":
			n, _ := strconv.ParseInt(f.Default, 10, 64)
			cv.defaults[i] = cell{i: n, f: float64(n)}
		}
		if f.Name == kind.partitionColumn() {
			cv.partField = i
		}
	}
	return cv
}

func (cv *converter) mark(r, fi int, why string) {
	if cv.fail[r] == 0 {
		cv.fail[r] = int32(fi + 1)
		cv.why[r] = why
	}
}

// convert validates every row of the chunk and leaves the valid ones in the out
// columns; rejects are reported in row order with the first failing column.
func (cv *converter) convert(ch *chunk) (loaded, rejected int) {
	n := ch.rows
	cv.fail = grow(cv.fail, n)
	clear(cv.fail)
	cv.why = grow(cv.why, n)
	for r, why := range ch.bad {
		cv.fail[r], cv.why[r] = badRecord, why
	}
	for fi := range cv.fields {
		cv.column(fi, ch.cols[fi], n)
	}
	cv.checkOwners(ch, n)

	for r := 0; r < n; r++ {
		if cv.fail[r] == 0 {
			continue
		}
		rejected++
		col := ""
		if cv.fail[r] != badRecord {
			col = cv.fields[cv.fail[r]-1].Name
		}
		cv.reject(Reject{Row: ch.first + int64(r), Column: col, Reason: cv.why[r]})
	}
	if rejected > 0 {
		for _, o := range cv.outs {
			o.keep(cv.fail)
		}
	}
	cv.rows = n - rejected
	cv.track()
	return cv.rows, rejected
}

// column converts field fi of the chunk into its out column.
func (cv *converter) column(fi int, c *column, n int) {
	f := &cv.fields[fi]
	o := cv.outs[fi]
	o.resize(n)
	def := cv.defaults[fi]
	nulls := c != nil && len(c.null) > 0
	switch {
	case c == nil:
		def.null = f.Nullable
		for r := 0; r < n; r++ {
			o.set(r, def)
		}
	case f.Type == tText && c.typ == sText:
		for r, s := range c.text[:n] {
			if (nulls && c.null[r]) || blank(s) {
				if f.NotNull {
					cv.mark(r, fi, "is empty; a value is required")
				}
				o.text[r] = ""
				continue
			}
			if f.MaxLen > 0 && len(s) > f.MaxLen {
				cv.mark(r, fi, "longer than "+strconv.Itoa(f.MaxLen)+" bytes ("+strconv.Itoa(len(s))+")")
			}
			o.text[r] = s
		}
	case f.Type == tID && c.typ == sInt && !nulls:
		for r, v := range c.num[:n] {
			if v <= 0 || v > math.MaxUint32 {
				cv.mark(r, fi, "must be between 1 and 4294967295, got "+strconv.FormatInt(v, 10))
			}
			o.ids[r] = uint32(v)
		}
	case (f.Type == tPrice || f.Type == tNumber) && c.typ == sFloat:
		for r, v := range c.flt[:n] {
			if nulls && c.null[r] {
				switch {
				case f.NotNull:
					cv.mark(r, fi, "is empty; a value is required")
				case f.Nullable:
					o.null[r] = true
					continue
				}
				o.flt[r] = def.f
				if f.Nullable {
					o.null[r] = false
				}
				continue
			}
			if !(v >= 0) || math.IsInf(v, 0) { // catches NaN too
				_, why := convert(f, c, r, cv.now)
				cv.mark(r, fi, why)
			}
			o.flt[r] = v
			if f.Nullable {
				o.null[r] = false
			}
		}
	case f.Type == tFlag && c.typ == sBool && !nulls:
		for r, v := range c.num[:n] {
			o.flags[r] = uint8(v)
		}
	case f.Type == tTime && c.typ == sTime && !nulls:
		hi := cv.now + int64(futureSlack/time.Second)
		for r, v := range c.num[:n] {
			if v > hi || v < minTime || v > maxTime {
				_, why := convert(f, c, r, cv.now)
				cv.mark(r, fi, why)
			}
			o.secs[r] = v
		}
	default:
		// Text to parse, mixed types, NULLs in typed columns: the general path.
		for r := 0; r < n; r++ {
			v, why := convert(f, c, r, cv.now)
			if why != "" {
				cv.mark(r, fi, why)
				continue
			}
			if v.null {
				switch {
				case f.NotNull:
					cv.mark(r, fi, "is empty; a value is required")
					continue
				case !f.Nullable:
					v = def
				}
			}
			o.set(r, v)
		}
	}
}

// checkOwners checks that each row's account is known (or is the forced one) and, for
// scans, that its competitor belongs to that account. account_id is field 0 of every
// kind, competitor_id field 2 of scans.
func (cv *converter) checkOwners(ch *chunk, n int) {
	accs := cv.outs[0].ids
	var comps []uint32
	if cv.kind == Scans {
		comps = cv.outs[2].ids
	}
	lastAcc, lastComp, lastOK := uint32(0), uint32(0), false
	for r := 0; r < n; r++ {
		if cv.fail[r] != 0 {
			continue
		}
		acc := accs[r]
		if cv.forced != 0 {
			if ch.cols[0] != nil && acc != cv.forced {
				cv.mark(r, 0, "is "+strconv.FormatUint(uint64(acc), 10)+", but this load is for account "+strconv.FormatUint(uint64(cv.forced), 10))
				continue
			}
			acc = cv.forced
			accs[r] = acc
		} else if acc != lastAcc || !lastOK {
			if _, ok := cv.known.accounts[acc]; !ok {
				cv.mark(r, 0, "unknown account "+strconv.FormatUint(uint64(acc), 10))
				continue
			}
		}
		if comps != nil && (acc != lastAcc || comps[r] != lastComp || !lastOK) {
			if !cv.known.hasCompetitor(acc, comps[r]) {
				lastOK = false
				cv.mark(r, 2, "competitor "+strconv.FormatUint(uint64(comps[r]), 10)+
					" is not a competitor of account "+strconv.FormatUint(uint64(acc), 10))
				continue
			}
			lastComp = comps[r]
		}
		lastAcc, lastOK = acc, true
	}
}

// track records the accounts and month partitions of the valid rows.
func (cv *converter) track() {
	last := uint32(0)
	for _, a := range cv.outs[0].ids {
		if a != last {
			cv.accounts[a] = struct{}{}
			last = a
		}
	}
	cv.trackChanged()
	if cv.partField < 0 {
		return
	}
	o := cv.outs[cv.partField]
	lastDay := int64(math.MinInt64)
	day := func(d int64) {
		if d != lastDay {
			t := time.Unix(d*86400, 0).UTC()
			cv.partitions[uint32(t.Year()*100+int(t.Month()))] = struct{}{}
			lastDay = d
		}
	}
	if cv.kind == Scans {
		for _, s := range o.secs {
			day(floorDiv(s, 86400))
		}
		return
	}
	for _, d := range o.days {
		day(d)
	}
}

// changed is what one converter's rows changed in one account (warehouse.AccountChange).
type changed struct {
	products       map[string]struct{} // nil: more than warehouse.MaxChangedProducts
	minDay, maxDay int64               // days since 1970 of the rows' dates; minDay > maxDay: none
}

func newChanged() *changed {
	return &changed{products: map[string]struct{}{}, minDay: math.MaxInt64, maxDay: math.MinInt64}
}

// trackChanged records the products and days of the chunk's valid rows per account.
// Files list a product's scans together, so a row whose product is the previous
// row's costs one string compare; ids are copied, the chunk's arena is reused.
func (cv *converter) trackChanged() {
	accs, ids := cv.outs[0].ids[:cv.rows], cv.outs[1].text[:cv.rows]
	var days []int64
	var secs []int64
	if cv.partField >= 0 {
		if cv.kind == Scans {
			secs = cv.outs[cv.partField].secs[:cv.rows]
		} else {
			days = cv.outs[cv.partField].days[:cv.rows]
		}
	}
	var c *changed
	lastAcc, lastID := uint32(0), ""
	for r, a := range accs {
		if c == nil || a != lastAcc {
			if c = cv.changed[a]; c == nil {
				c = newChanged()
				cv.changed[a] = c
			}
			lastAcc, lastID = a, ""
			if p := ids[r]; c.products != nil {
				c.add(p)
				lastID = p
			}
		} else if p := ids[r]; p != lastID && c.products != nil {
			c.add(p)
			lastID = p
		}
		d := int64(math.MinInt64)
		switch {
		case secs != nil:
			d = floorDiv(secs[r], 86400)
		case days != nil:
			d = days[r]
		}
		if d != math.MinInt64 {
			c.minDay, c.maxDay = min(c.minDay, d), max(c.maxDay, d)
		}
	}
}

func (c *changed) add(id string) {
	if _, ok := c.products[id]; ok {
		return
	}
	if len(c.products) >= warehouse.MaxChangedProducts {
		c.products = nil
		return
	}
	c.products[strings.Clone(id)] = struct{}{}
}

// merge adds o (another writer's converter) into c.
func (c *changed) merge(o *changed) {
	c.minDay, c.maxDay = min(c.minDay, o.minDay), max(c.maxDay, o.maxDay)
	if c.products == nil {
		return
	}
	if o.products == nil {
		c.products = nil
		return
	}
	for id := range o.products {
		c.add(id)
		if c.products == nil {
			return
		}
	}
}

// accountChange is c as the refresh steps take it.
func (c *changed) accountChange() *warehouse.AccountChange {
	ac := &warehouse.AccountChange{}
	if c.products != nil {
		ac.Products = make([]string, 0, len(c.products))
		for id := range c.products {
			ac.Products = append(ac.Products, id)
		}
		slices.Sort(ac.Products)
	}
	if c.minDay <= c.maxDay {
		ac.From, ac.To = time.Unix(c.minDay*86400, 0).UTC(), time.Unix(c.maxDay*86400, 0).UTC()
	}
	return ac
}

// appendTo appends the chunk's valid rows to the INSERT, column by column; extra are
// further constant columns (offers.load_id).
func (cv *converter) appendTo(b driver.Batch, extra ...string) error {
	if cv.rows == 0 {
		return nil
	}
	for i, o := range cv.outs {
		if err := b.Column(i).Append(o.values()); err != nil {
			return err
		}
	}
	cv.extra = grow(cv.extra, len(extra))
	for j, v := range extra {
		// A constant column: filled once to the longest chunk, then sliced.
		if len(cv.extra[j]) < cv.rows {
			col := make([]string, cv.rows)
			for i := range col {
				col[i] = v
			}
			cv.extra[j] = col
		}
		if err := b.Column(len(cv.outs) + j).Append(cv.extra[j][:cv.rows]); err != nil {
			return err
		}
	}
	return nil
}

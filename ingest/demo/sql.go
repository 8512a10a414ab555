package demo

import (
	"fmt"
	"math"
	"strings"

	"pricelens/engine"
)

// The facts are generated inside ClickHouse (INSERT ... SELECT FROM numbers) rather
// than streamed from Go: the L history alone is ~440 M rows, and the client would
// be the bottleneck. Every random draw is a hash of (seed, account, product index,
// competitor, day, tag), so the same seed gives the same rows in any order, in any
// chunking, on any run. The expressions below are the single definition of each
// draw; the products, offers, history and daily-metrics queries all reuse them, which
// is what keeps the latest offer equal to the last day of its history and the
// custom fields equal to the sum of the daily metrics.

// hash draws 64 random bits for a key: base is a random 64-bit column (ph, the
// product's seeded hash, or ch, the pair's) and args are small non-negative
// integers below 1024 (tags, competitor index, day, period). The key is packed into
// one UInt64 together with the number of args (so (ch, 11) and (ch, 11, 0) differ)
// and mixed with two murmur finalisers (intHash64): per row this is a few
// multiplications, where a multi-argument cityHash64 cost 40 % of the history query.
func hash(base string, args ...string) string {
	key := fmt.Sprintf("%d", uint64(len(args))<<32)
	for i, a := range args {
		key += fmt.Sprintf(" + toUInt64(%s) * %d", a, uint64(1)<<(10*i))
	}
	return "intHash64(bitXor(" + base + ", intHash64(" + key + ")))"
}

// unif is a uniform draw in [0, 1).
func unif(base string, args ...string) string {
	return "((" + hash(base, args...) + " % 4294967296) / 4294967296.)"
}

// normal is a standard normal draw (Box–Muller on the two halves of one hash).
func normal(base string, args ...string) string {
	h := hash(base, args...)
	return fmt.Sprintf("(sqrt(-2 * log((intDiv(%[1]s, 4294967296) + 1) / 4294967297.)) * cos(6.283185307179586 * (%[1]s %% 4294967296) / 4294967296.))", h)
}

// part is a uniform draw in [0, 1) with 3 decimal digits taken from digits
// [3k, 3k+3) of one hash, so a single hash serves several draws of the same key
// (hashing is a large share of the cost of the ~160 M history rows).
func part(h string, k int) string {
	return fmt.Sprintf("((intDiv(%s, %d) %% 1000) / 1000.)", h, int(math.Pow(1000, float64(k))))
}

// Draw tags: one per independent random quantity.
const (
	tagVertical = "1"
	tagBrand    = "2"
	tagPrice    = "3"
	tagCost     = "4"
	tagDemand   = "5"
	tagReprice  = "6"
	tagStock    = "8"
	tagUnits    = "30"
	tagUnitsR   = "31"
	tagViews    = "32"
	tagMRP      = "33"
	tagPair     = "40"
	tagCarry    = "1"
	tagScanAge  = "2"
	tagBias     = "4"
	tagMatch    = "11"
	tagSale     = "12"
	tagOOS      = "14"
	tagStep     = "15"
	tagSparse   = "16"
	tagName     = "20"
	tagBrandCap = "21"
	tagMfgr     = "22"
)

// myPrice is the product's own price b days before the anchor day: a weekly
// repricing step function that equals my_base in the current week.
func myPrice(b string) string {
	w := "intDiv(" + b + " + ph % 7, 7)"
	h := hash("ph", tagReprice, w)
	return fmt.Sprintf("if(%[1]s = intDiv(ph %% 7, 7) OR %[2]s >= 0.3, my_base, greatest(floor(my_base * (0.9 + 0.16 * %[3]s)) + 0.99, 0.99))",
		w, part(h, 0), part(h, 1))
}

// units is the product's units sold b days before the anchor day: its demand,
// elastic to its own price, busier at weekends, with noise; integer.
func units(b string) string {
	return fmt.Sprintf("floor(lam * pow(%s / my_base, -2.5) * if(toDayOfWeek(toDate(@day) - %s) >= 6, 1.3, 1.) * exp(0.35 * %s) + %s)",
		myPrice(b), b, normal("ph", tagUnits, b), part(hash("ph", tagUnitsR, b), 0))
}

// pageViews derives page views from units sold (conversion rate 5–8 %) plus browsing.
func pageViews(u, b string) string {
	h := hash("ph", tagUnitsR, b)
	return fmt.Sprintf("floor(%s * (12 + 8 * %s) + lam * 6 * exp(0.5 * (%s - 0.5)))", u, part(h, 1), part(h, 2))
}

// productCore selects one account's products with index in [lo, hi) and every
// product-level draw. Columns: account_id, i, ph, v, bi, brand, my_base,
// cost_ratio, lam, product_id, pname, mfgr.
func productCore(lo, hi int, historyOnly bool) string {
	where := ""
	if historyOnly {
		where = "WHERE number < @hn"
	}
	return fmt.Sprintf(`SELECT toUInt32(@account) AS account_id, number AS i,
    cityHash64(toUInt64(@seed), toUInt64(@account), number) AS ph,
    arrayElement(@vperm, toUInt32(floor(@nv * pow(%[1]s, 1.7))) + 1) AS v,
    toUInt32(floor(@nb * pow(%[2]s, 2.2))) AS bi,
    arrayElement(@brands, bi + 1) AS brand,
    greatest(floor(exp(arrayElement(@vmu, v + 1) + arrayElement(@vsig, v + 1) * %[3]s)) + 0.99, 0.99) AS my_base,
    0.55 + 0.3 * %[4]s AS cost_ratio,
    2. * exp(0.9 * %[5]s) * pow(1 - bi / @nb, 2) + 0.05 AS lam,
    concat(@prefix, arrayStringConcat(arrayMap(p -> substring('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', toUInt64(intDiv(number * toUInt64(@idstep) + ph %% toUInt64(@idstep), p) %% 36) + 1, 1),
            [%[9]s]), ''), substring('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', toUInt64(intDiv(ph, 11) %% 36) + 1, 1)) AS product_id,
    concat(brand, ' ', arrayElement(@adj, toUInt32(ph %% 16) + 1), ' ', arrayElement(@vnoun, v + 1), ' ',
        substring('ABCDEFGHIJKLMNOPQRSTUVWXYZ', toUInt64(intDiv(ph, 3) %% 26) + 1, 1),
        substring('ABCDEFGHIJKLMNOPQRSTUVWXYZ', toUInt64(intDiv(ph, 79) %% 26) + 1, 1), '-', toString(100 + intDiv(ph, 2083) %% 900)) AS pname,
    concat(upper(substring(brand, 1, 3)), '-', toString(intDiv(ph, 7) %% 100000)) AS mfgr
FROM numbers(%[6]d, %[7]d) %[8]s`,
		unif("ph", tagVertical), unif("ph", tagBrand), normal("ph", tagPrice), unif("ph", tagCost), normal("ph", tagDemand),
		lo, hi-lo, where, pow36)
}

// pow36 are the place values of a 13-digit base-36 number (36^12 … 1).
var pow36 = func() string {
	var ps []string
	v := uint64(1)
	for range 13 {
		ps = append([]string{fmt.Sprint(v)}, ps...)
		v *= 36
	}
	return strings.Join(ps, ", ")
}()

// ClickHouse 18.16 drops a subquery column that a level uses only inside a lambda
// ("Unknown identifier"); `WHERE NOT ignore(cols)` marks such columns as needed.

// productsInsert loads products [lo, hi). For products with history the 30-day
// custom fields are the sums of the same daily draws product_daily holds, so the two
// agree; the others (no daily rows to agree with) get one draw of the same mean,
// which saves the 30-day arrays for 90 % of the L catalogue.
func productsInsert(lo, hi int) string {
	return fmt.Sprintf(`INSERT INTO `+engine.TableProducts.String()+` (account_id, product_id, name, brand, mfgr_prod_id, super_category, category,
    vertical, my_price, cost, currency, url, img_url, in_stock, revenue_30d, units_30d, page_views_30d, mrp, updated_at)
SELECT account_id, product_id, pname, brand, mfgr, arrayElement(@vsuper, v + 1), arrayElement(@vcat, v + 1),
    arrayElement(@vname, v + 1), my_base, round(my_base * cost_ratio, 2), @currency,
    concat('https://', @host, '/p/', product_id), concat('https://img.', @host, '/', product_id, '.jpg'),
    %[1]s >= 0.04,
    if(hist, round(arraySum(arrayMap((u, b) -> round(u * %[2]s, 2), us, range(length(us)))), 2), round(u30 * my_base, 2)),
    if(hist, arraySum(us), u30),
    if(hist, arraySum(arrayMap((u, b) -> %[3]s, us, range(length(us)))), floor(u30 * (12 + 8 * %[6]s) + lam * 180)),
    if(%[8]s < 0.9, round(my_base * (1.1 + 0.3 * %[8]s), 2), 0),
    toDateTime(@now)
FROM (
    SELECT *, i < @hn AS hist,
        arrayMap(b -> %[4]s, range(toUInt64(if(hist, 30, 0)))) AS us,
        floor(lam * 34.6 * exp(0.2 * %[7]s) + 0.5) AS u30
    FROM (%[5]s)
    WHERE NOT ignore(lam, ph, my_base)
)
WHERE NOT ignore(lam, ph, my_base)`, unif("ph", tagStock), myPrice("b"), pageViews("u", "b"), units("b"), productCore(lo, hi, false),
		unif("ph", tagViews), normal("ph", tagUnits), unif("ph", tagMRP))
}

// pairs expands products into the (product, competitor) pairs the competitor carries,
// with the pair draws: ch (pair hash), ks (age in days of the latest scan, skewed to
// recent) and pc (the competitor's regular price at the latest scan: my price times
// the competitor's bias and noise).
func pairs(core string) string {
	return fmt.Sprintf(`SELECT *, arrayElement(@cid, k + 1) AS competitor_id,
    toUInt64(floor(%[1]d * pow(%[2]s, 2.5))) AS ks,
    my_base * exp(arrayElement(@bias, k + 1) + arrayElement(@noise, k + 1) * %[3]s) AS pc
FROM (
    SELECT *, k, %[6]s AS ch
    FROM (%[4]s)
    ARRAY JOIN range(toUInt32(@ncomp)) AS k
)
WHERE %[5]s < arrayElement(@carry, k + 1)`,
		maxScanAge+1, unif("ch", tagScanAge), normal("ch", tagBias), core, unif("ch", tagCarry), hash("ph", tagPair, "k"))
}

// Per-day observations of a pair b days before the anchor day, cs being the log
// offset of the regular price from pc (the random walk, 0 on the latest scan day).
func observedPrice(b, cs string) string {
	return fmt.Sprintf("if(%[1]s < 0.015, NULL, if(%[2]s, %[3]s, greatest(round(pc * exp(%[4]s) * if(%[5]s, %[6]s, 1.), 2), 0.01)))",
		part(hash("ch", b), 0), priceMatch(b), myPrice(b), cs, onSale(b),
		"(0.78 + 0.14 * "+part(saleHash(b), 1)+")")
}

// priceMatch: some weeks a competitor matches my price exactly.
func priceMatch(b string) string {
	return "(" + part(hash("ch", tagMatch, "intDiv("+b+" + ch % 7, 7)"), 0) + " < 0.04)"
}

// onSale: promotions run in 5-day periods.
func onSale(b string) string {
	return "(" + part(saleHash(b), 0) + " < 0.07)"
}

func saleHash(b string) string { return hash("ch", tagSale, "intDiv("+b+" + ch % 5, 5)") }

// inStock: stock-outs last 4-day periods.
func inStock(b string) string {
	return "(" + part(hash("ch", tagOOS, "intDiv("+b+" + ch % 4, 4)"), 0) + " >= 0.05)"
}

func scannedAt(b string) string {
	return fmt.Sprintf("toDateTime(toUInt32(@anchor - %s * 86400 + intDiv(%s, 1000) %% 86400))", b, hash("ch", b))
}

// offersInsert loads the latest scan of every carried pair of products [lo, hi);
// the materialized view copies it into latest_offers.
func offersInsert(lo, hi int) string {
	return fmt.Sprintf(`INSERT INTO `+engine.TableOffers.String()+` (account_id, product_id, competitor_id, scanned_at, price, in_stock, on_sale,
    comp_product_id, name, brand, mfgr_prod_id, url, img_url, load_id)
SELECT account_id, product_id, competitor_id, %[1]s, %[2]s, %[3]s, %[4]s,
    cpid, if(%[5]s < 0.6, pname, concat(pname, ' - ', arrayElement(@colours, toUInt32(ch %% 8) + 1))),
    if(%[6]s < 0.9, brand, upper(brand)), if(%[7]s < 0.8, mfgr, ''),
    concat('https://www.', domain, '/item/', cpid), concat('https://img.', domain, '/', cpid, '.jpg'), @loadid
FROM (
    SELECT *, arrayElement(@cdomain, k + 1) AS domain,
        concat(upper(substring(domain, 1, 3)), toString(intDiv(ch, 3) %% 10000000000)) AS cpid
    FROM (%[8]s)
)`, scannedAt("ks"), observedPrice("ks", "0."), inStock("ks"), onSale("ks"),
		unif("ch", tagName), unif("ch", tagBrandCap), unif("ch", tagMfgr), pairs(productCore(lo, hi, false)))
}

// historyInsert loads one scan a day of the pairs of history products [lo, hi) for
// the days of the window before each pair's latest scan (which offersInsert loads)
// into table into (historyTable: the stage, whose parts are then attached to offers
// by attachHistory, or offers itself on a cluster). The
// regular price walks backwards from pc: on about one day in ten it moves by a
// uniform step of up to ±5 %. History scans carry no competitor texts: the reports
// show the latest scan's.
func historyInsert(into string, lo, hi int) string {
	return fmt.Sprintf(`INSERT INTO `+into+` (account_id, product_id, competitor_id, scanned_at, price, in_stock, on_sale, load_id)
SELECT account_id, product_id, competitor_id, %[1]s, %[2]s, %[3]s, %[4]s, @loadid
FROM (
    SELECT account_id, product_id, competitor_id, ph, ch, my_base, pc,
        arrayMap(t -> toUInt64(t) + ks + 1, range(toUInt64(@days - 1 - ks))) AS back,
        arrayReverse(back) AS bs,
        arrayReverse(arrayCumSum(arrayMap(t -> %[5]s, back))) AS css
    FROM (%[6]s)
    WHERE NOT ignore(ks, ch)
)
ARRAY JOIN bs AS b, css AS cs`,
		scannedAt("b"), observedPrice("b", "cs"), inStock("b"), onSale("b"), dailyStep("t"), pairs(productCore(lo, hi, true)))
}

// dailyStep is the daily history's step of the log price at its scan b days before
// the anchor day (going back in time): on about one day in ten a uniform step of up to ±5 %.
func dailyStep(b string) string {
	h := hash("ch", tagStep, b)
	return fmt.Sprintf("if(%s < 0.1, 0.1 * (%s - 0.5), 0.)", part(h, 0), part(h, 1))
}

// sparseStepDraw is the sparse history's step of the log price at its j-th scan
// (j ≥ 1, counting back): a scan a month apart changes the price about every other
// time, by a uniform step of up to ±5 %.
func sparseStepDraw(j string) string {
	h := hash("ch", tagSparse, j)
	return fmt.Sprintf("if(%s < 0.5, 0.1 * (%s - 0.5), 0.)", part(h, 0), part(h, 1))
}

// sparseHistoryInsert loads the sparse history of the pairs of products [lo, hi)
// into table into (as historyInsert): one scan every sparseStep days before the
// pair's oldest scan so far — the latest scan (ks days old) of a product without
// daily history, the first day of the daily window (@days - 1) of a history
// product — back to the first scan at or before the window's first day
// (@sparse days for the former, @hsparse for the latter, counting the anchor day),
// so the carried prices cover every day of the window. The regular price walk
// continues where the newer scans left it (for a history product the daily walk's
// sum is recomputed from the same draws). The prices, sales, stock-outs and
// not-found scans are the same per-day draws as the daily history's (observedPrice
// of the scan's day); the step draws are keyed by the period j, which stays below
// the hash's 1024 limit where days (up to 1,124) would not.
func sparseHistoryInsert(into string, lo, hi int) string {
	return fmt.Sprintf(`INSERT INTO `+into+` (account_id, product_id, competitor_id, scanned_at, price, in_stock, on_sale, load_id)
SELECT account_id, product_id, competitor_id, %[1]s, %[2]s, %[3]s, %[4]s, @loadid
FROM (
    SELECT account_id, product_id, competitor_id, ph, ch, my_base, pc,
        arrayReverse(arrayMap(t -> base + %[8]d * (t + 1), range(n))) AS bs,
        arrayReverse(arrayPopFront(arrayCumSum(arrayPushFront(arrayMap(t -> %[5]s, range(n)), cs0)))) AS css
    FROM (
        SELECT *, if(i < @hn, toUInt64(@days - 1), ks) AS base,
            toUInt64(if(i < @hn, @hsparse, @sparse) - 1) AS oldest,
            toUInt64(if(oldest > base, intDiv(oldest - base + %[9]d, %[8]d), 0)) AS n,
            arraySum(arrayMap(t -> %[6]s, range(toUInt64(if(i < @hn, @days - 1 - ks, 0))))) AS cs0
        FROM (%[7]s)
        WHERE NOT ignore(ks, ch, i)
    )
    WHERE NOT ignore(base, n, cs0, ch)
)
ARRAY JOIN bs AS b, css AS cs`,
		scannedAt("b"), observedPrice("b", "cs"), inStock("b"), onSale("b"),
		sparseStepDraw("t + 1"), dailyStep("t + ks + 1"), pairs(productCore(lo, hi, false)), sparseStep, sparseStep-1)
}

// productDailyInsert loads my price, cost, units, revenue and page views of history
// products [lo, hi) for every day of their MetricsDays.
func productDailyInsert(lo, hi int) string {
	return fmt.Sprintf(`INSERT INTO `+engine.TableProductDaily.String()+` (account_id, product_id, date, my_price, cost, units_sold, revenue, page_views, updated_at)
SELECT account_id, product_id, toDate(@day) - b, %[1]s AS mp, round(my_base * cost_ratio, 2), %[2]s AS u,
    round(u * mp, 2), %[3]s, toDateTime(@now)
FROM (%[4]s)
ARRAY JOIN arrayReverse(range(toUInt64(@mdays))) AS b`, myPrice("b"), units("b"), pageViews("u", "b"), productCore(lo, hi, true))
}

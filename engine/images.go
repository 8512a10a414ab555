package engine

// MaxImageURLLen bounds the image address of GET /tooltip/getImg.
const MaxImageURLLen = 2000

// CompileImageKnown asks whether an image address is one of the account's: the
// image of one of its products (competitor 0) or of an offer of one of its
// competitors. The image proxy fetches only such addresses, so it cannot be
// pointed at any other URL (server-side request forgery).
func CompileImageKnown(a Account, competitorID int64, url string) (Statement, error) {
	a = a.normalize()
	if a.AccountID == 0 {
		return Statement{}, bad("account", "no account is selected")
	}
	if url == "" || len(url) > MaxImageURLLen {
		return Statement{}, bad("i", "must be an image address of at most %d characters", MaxImageURLLen)
	}
	b := &builder{}
	if competitorID == 0 {
		return b.statement("SELECT count() FROM " + b.table(TableProducts) + " WHERE " + ColAccountID + " = " + b.bind(a.AccountID) +
			" AND " + ColImgURL + " = " + b.bind(url))
	}
	if _, ok := a.competitor(competitorID); !ok {
		return Statement{}, bad("siteId", "%d is not a competitor of this account", competitorID)
	}
	return b.statement("SELECT count() FROM " + b.table(TableLatestOffers) + " WHERE " + ColAccountID + " = " + b.bind(a.AccountID) +
		" AND " + ColCompetitorID + " = " + b.bind(uint32(competitorID)) + " AND " + ColImgURL + " = " + b.bind(url))
}

package warehouse

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pricelens/engine"
)

// The refresh of a trend rollup finds the months whose scans changed in the stored
// parts: on a cluster those of every shard's local tables, not the connected
// node's (which has no parts under the Distributed names, so a new scan of
// yesterday was missed and the rollup's last day kept the old prices).
func TestChangedPartsAreReadOnEveryShard(t *testing.T) {
	one := &Warehouse{Database: "d"}
	assert.Equal(t, "system.parts", one.partsSource())
	assert.Equal(t, "offers", one.storedName(engine.TableOffers))
	assert.Equal(t, "trend_rollup", one.storedName(engine.TableTrendRollup))

	c := &Warehouse{Database: "d", Cluster: "pricelens"}
	assert.Equal(t, "cluster(pricelens, system, parts)", c.partsSource())
	assert.Equal(t, "offers_local", c.storedName(engine.TableOffers))
	assert.Equal(t, "product_daily_local", c.storedName(engine.TableProductDaily))
	assert.Equal(t, "products_local", c.storedName(engine.TableProducts))
	assert.Equal(t, "trend_rollup", c.storedName(engine.TableTrendRollup), "replicated to every node under its own name")
	assert.Equal(t, `SELECT DISTINCT table, partition FROM cluster(pricelens, system, parts) WHERE database = ? AND active
		AND table IN (?, ?, ?) AND modification_time >= toDateTime(?)`, rollupChangedPartsSQL(c.partsSource()))
}

package migrations

import "fmt"

// clickhouseQuerier is goose's version store for ClickHouse 18.16.
//
// The version table is append-only: applying a migration inserts a row with
// is_applied = 1 and rolling it back inserts a row with is_applied = 0. A version
// is applied while it has more "up" rows than "down" rows. This avoids both
// INSERT ... VALUES (hangs over the native protocol on 18.16) and ALTER ... DELETE
// (an asynchronous mutation there, so a Down followed at once by an Up could still
// see the deleted row).
type clickhouseQuerier struct{}

const appliedVersions = `SELECT version_id FROM %[1]s GROUP BY version_id HAVING countIf(is_applied = 1) > countIf(is_applied = 0)`

func (clickhouseQuerier) CreateTable(t string) string {
	return fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s (
		version_id Int64,
		is_applied UInt8,
		date Date DEFAULT today(),
		tstamp DateTime DEFAULT now()
	) ENGINE = MergeTree() ORDER BY (version_id)`, t)
}

func (clickhouseQuerier) InsertVersion(t string) string {
	return fmt.Sprintf(`INSERT INTO %s (version_id, is_applied) SELECT $1, $2`, t)
}

func (clickhouseQuerier) DeleteVersion(t string) string {
	return fmt.Sprintf(`INSERT INTO %s (version_id, is_applied) SELECT $1, 0`, t)
}

func (clickhouseQuerier) GetMigrationByVersion(t string) string {
	return fmt.Sprintf(`SELECT max(tstamp), toUInt8(countIf(is_applied = 1) > countIf(is_applied = 0))
		FROM %s WHERE version_id = $1 GROUP BY version_id`, t)
}

func (clickhouseQuerier) ListMigrations(t string) string {
	return fmt.Sprintf(`SELECT version_id, toUInt8(1) FROM (`+appliedVersions+`) ORDER BY version_id DESC`, t)
}

func (clickhouseQuerier) GetLatestVersion(t string) string {
	return fmt.Sprintf(`SELECT max(version_id) FROM (`+appliedVersions+`)`, t)
}

// clusterQuerier is clickhouseQuerier on a cluster: the version table is
// replicated to every node (cluster.go), so whichever node the binary reaches
// knows the schema's version.
type clusterQuerier struct {
	clickhouseQuerier
	c clusterTarget
}

func (q clusterQuerier) CreateTable(t string) string {
	return fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s%s (
		version_id Int64,
		is_applied UInt8,
		date Date DEFAULT today(),
		tstamp DateTime DEFAULT now()
	) ENGINE = ReplicatedMergeTree('/clickhouse/tables/all/%s/%s', '{replica}') ORDER BY (version_id)`, q.c.q(t), q.c.on(), q.c.Database, t)
}

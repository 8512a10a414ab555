// Package ingest loads the data team's files into the warehouse: competitor scans
// (offers), catalogue updates (products) and business metrics (product_daily), read
// from Parquet, CSV or Arrow IPC streams.
//
// A load streams its file: a Parquet file by row group, a CSV by record, an Arrow
// stream by record batch, so memory is bounded by one chunk and never by the file.
// Each chunk is validated row by row (rejected rows go to a rejects list with the row
// number, the column and the reason) and appended column by column to one ClickHouse
// INSERT (PrepareBatch with a column list; INSERT ... VALUES hangs on 18.16).
//
// Loads are idempotent. A load's id is the SHA-256 of the kind, the forced account (if
// any) and the file's bytes; PostgreSQL's ingest_loads records each load and a session
// advisory lock on the id keeps two processes from loading the same file at once (a
// killed process releases it with its connection). Loading a file that is done again
// reports ErrAlreadyLoaded and writes nothing. A load that was interrupted is simply run
// again: every row is inserted again, and since the fact tables are ReplacingMergeTrees
// keyed by the row's identity the repeated rows collapse. Because ClickHouse collapses
// them only on merge, a resumed load ends with OPTIMIZE ... FINAL on the partitions it
// touched, so plain count() is exact as soon as the load returns.
//
// The column contract of each kind is the catalog in kind.go (Columns documents it).
package ingest

// Package production holds the production deployment of Pricelens — the image
// (Dockerfile), a Compose file and Kubernetes manifests for a ClickHouse cluster
// with Keeper, PostgreSQL, an SMTP relay and the server and worker — and the test
// that keeps them consistent with the binary's configuration and the cluster
// layout the migrations expect. No Go code runs from here.
package production

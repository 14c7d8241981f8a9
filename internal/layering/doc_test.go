// Package layering holds the test that the module's packages import only
// what their layer may, as Go's own go/build/deps_test.go checks the
// standard library: a table of rules (layering_test.go) read against the
// imports of every package of the module, as `go list` reports them for a
// build without tags (and, for the rule about libzstd, with that tag).
// The listing runs with GOPROXY=off and so sends no request: the module's
// dependencies must be in the module cache, as for a build.
package layering

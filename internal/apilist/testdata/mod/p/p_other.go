//go:build !amd64 || noasm

package p

// Arch exists here on every other build.
func Arch() string { return "other" }

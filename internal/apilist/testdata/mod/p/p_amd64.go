//go:build !noasm

package p

// Arch exists on amd64 without noasm, as in the other file elsewhere.
func Arch() string { return "amd64" }

// OnlyAMD64 exists only in the amd64 builds.
func OnlyAMD64() {}

// Package hostorder says whether the machine stores multi-byte numbers
// little-endian, as a constant, so that code which reinterprets a []T as
// the little-endian element encoding of a chunk (and its big-endian twin)
// is chosen at compile time.
package hostorder

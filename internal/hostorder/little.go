//go:build !(armbe || arm64be || m68k || mips || mips64 || mips64p32 || ppc || ppc64 || s390 || s390x || shbe || sparc || sparc64)

package hostorder

// LittleEndian is true on machines that store multi-byte numbers
// little-endian: there a []T and its little-endian element encoding share
// one memory layout.
const LittleEndian = true

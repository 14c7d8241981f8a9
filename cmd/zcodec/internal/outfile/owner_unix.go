//go:build unix

package outfile

import (
	"io/fs"
	"os"
	"syscall"
)

// linkCount returns the number of hard links of fi's file.
func linkCount(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// keepOwner gives f the owner and group of existing where the process may
// (root, or a group it belongs to); otherwise f keeps the process's.
func keepOwner(f *os.File, existing fs.FileInfo) {
	st, ok := existing.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if int(st.Uid) != os.Geteuid() || int(st.Gid) != os.Getegid() {
		_ = f.Chown(int(st.Uid), int(st.Gid))
	}
}

package store

import (
	"os"
	"syscall"
)

// removed reports whether the directory r was removed (it has no links
// left), so that a handle held open to it must not answer for its path.
func removed(r *os.Root) bool {
	fi, err := r.Stat(".")
	if err != nil {
		return true
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	return !ok || st.Nlink == 0
}

//go:build unix

package store

import (
	"os"
	"syscall"
)

// openFlags open a key's file without blocking when it is a FIFO or a
// device, so that open can refuse it after one look at what it opened.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK

// statFirst: the open itself is safe; no separate look before it.
const statFirst = false

//go:build !unix

package store

import "os"

// openFlags open a key's file for reading.
const openFlags = os.O_RDONLY

// statFirst: without O_NONBLOCK, look at what the key names before
// opening it, so that a FIFO is never opened.
const statFirst = true

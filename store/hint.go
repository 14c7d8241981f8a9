package store

import "io"

// ConcurrencyHint is implemented by stores whose requests are best kept
// many in flight at once (object stores, HTTP): each request waits on the
// network far longer than its bytes take to process, so a reader that
// keeps only GOMAXPROCS requests in flight leaves most of the bandwidth
// unused. Readers of many chunks keep up to max(GOMAXPROCS,
// PreferredConcurrency()) requests in flight.
type ConcurrencyHint interface {
	// PreferredConcurrency returns the number of requests the store
	// serves well at once, or 0 for no preference (a wrapper, such as
	// ReadOnly or Counting, over a store that gives none).
	PreferredConcurrency() int
}

// PreferredConcurrency returns the most requests the store sends at once
// (HTTPOptions.MaxInFlight).
func (h *HTTP) PreferredConcurrency() int { return cap(h.sem) }

// PreferredConcurrency returns the wrapped store's, or 0 when it gives
// none.
func (r readOnly) PreferredConcurrency() int { return preferred(r.Store) }

// Close closes the wrapped store when it is an io.Closer, and does
// nothing otherwise.
func (r readOnly) Close() error { return closeStore(r.Store) }

// PreferredConcurrency returns the wrapped store's, or 0 when it gives
// none.
func (c *Counting) PreferredConcurrency() int { return preferred(c.s) }

// Close closes the wrapped store when it is an io.Closer, and does
// nothing otherwise.
func (c *Counting) Close() error { return closeStore(c.s) }

func preferred(s Store) int {
	if h, ok := s.(ConcurrencyHint); ok {
		return h.PreferredConcurrency()
	}
	return 0
}

func closeStore(s Store) error {
	if c, ok := s.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

package store

// ConcurrencyHint is implemented by stores whose requests are best kept many in flight (object stores, HTTP).
type ConcurrencyHint interface {
	// PreferredConcurrency returns the number of requests the store
	// serves best at once.
	PreferredConcurrency() int
}

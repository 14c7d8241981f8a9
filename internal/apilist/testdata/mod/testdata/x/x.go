package x

// X is test data.
func X() {}

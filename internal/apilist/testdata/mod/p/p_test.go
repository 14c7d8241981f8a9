package p

// TestOnly is in a test file.
func TestOnly() {}

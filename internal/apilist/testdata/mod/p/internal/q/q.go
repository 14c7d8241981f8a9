package q

// Q is internal.
func Q() {}

package nested

// N is in another module.
func N() {}

//go:build !race

package numeric_test

const raceEnabled = false

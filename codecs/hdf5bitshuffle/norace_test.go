//go:build !race

package hdf5bitshuffle_test

// raceEnabled is set in race builds, whose sync.Pool drops items at
// random: allocation counts then say nothing.
const raceEnabled = false

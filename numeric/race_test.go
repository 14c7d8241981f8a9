//go:build race

package numeric_test

// raceEnabled is true under the race detector, which makes the math/big
// reference tests slow enough to sample fewer inputs.
const raceEnabled = true

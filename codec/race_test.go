//go:build race

package codec_test

// raceEnabled is true when tests run under the race detector, which makes
// sync.Pool drop items at random (so allocation counts are not meaningful).
const raceEnabled = true

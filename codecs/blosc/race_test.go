//go:build race

package blosc

const raceEnabled = true

//go:build race

package sharding_test

const raceEnabled = true

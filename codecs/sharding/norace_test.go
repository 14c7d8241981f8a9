//go:build !race

package sharding_test

const raceEnabled = false

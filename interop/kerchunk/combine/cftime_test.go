package combine

import (
	"math/big"
	"testing"
	"time"
)

// TestDayNumberGregorian checks every day from 1583 to 2400 against Go's
// proleptic Gregorian calendar.
func TestDayNumberGregorian(t *testing.T) {
	t.Parallel()
	epoch := time.Date(1583, 1, 1, 0, 0, 0, 0, time.UTC)
	d0, _ := dayNumber("standard", 1583, 1, 1)
	for d := epoch; d.Year() <= 2400; d = d.AddDate(0, 0, 1) {
		want := (d.Unix() - epoch.Unix()) / 86400
		for _, cal := range []string{"standard", "proleptic_gregorian"} {
			got, err := dayNumber(cal, int64(d.Year()), int64(d.Month()), int64(d.Day()))
			if err != nil || got-d0 != want {
				t.Fatalf("%s %s: %d, %v; want %d", cal, d.Format("2006-01-02"), got-d0, err, want)
			}
		}
	}
}

func TestDayNumberOthers(t *testing.T) {
	t.Parallel()
	diff := func(cal string, a, b [3]int64) int64 {
		x, err := dayNumber(cal, a[0], a[1], a[2])
		if err != nil {
			t.Fatal(err)
		}
		y, err := dayNumber(cal, b[0], b[1], b[2])
		if err != nil {
			t.Fatal(err)
		}
		return y - x
	}
	for _, c := range []struct {
		cal  string
		a, b [3]int64
		want int64
	}{
		{"noleap", [3]int64{2000, 2, 28}, [3]int64{2000, 3, 1}, 1},
		{"noleap", [3]int64{2000, 1, 1}, [3]int64{2001, 1, 1}, 365},
		{"all_leap", [3]int64{2001, 2, 28}, [3]int64{2001, 3, 1}, 2},
		{"all_leap", [3]int64{2001, 1, 1}, [3]int64{2002, 1, 1}, 366},
		{"360_day", [3]int64{2000, 2, 30}, [3]int64{2000, 3, 1}, 1},
		{"360_day", [3]int64{2000, 1, 1}, [3]int64{2001, 1, 1}, 360},
		{"julian", [3]int64{1900, 2, 28}, [3]int64{1900, 3, 1}, 2},
		{"julian", [3]int64{1, 1, 1}, [3]int64{5, 1, 1}, 4*365 + 1},
		{"proleptic_gregorian", [3]int64{1900, 2, 28}, [3]int64{1900, 3, 1}, 1},
		{"proleptic_gregorian", [3]int64{1000, 1, 1}, [3]int64{1001, 1, 1}, 365},
	} {
		if got := diff(c.cal, c.a, c.b); got != c.want {
			t.Errorf("%s %v..%v: %d days, want %d", c.cal, c.a, c.b, got, c.want)
		}
	}
	for _, bad := range []struct {
		cal     string
		y, m, d int64
	}{{"noleap", 2000, 2, 29}, {"360_day", 2000, 1, 31}, {"standard", 1582, 10, 10}, {"standard", 2001, 2, 29}, {"julian", 1901, 2, 29}, {"standard", 2000, 13, 1}} {
		if _, err := dayNumber(bad.cal, bad.y, bad.m, bad.d); err == nil {
			t.Errorf("%s %d-%d-%d: no error", bad.cal, bad.y, bad.m, bad.d)
		}
	}
}

func TestParseTimeUnits(t *testing.T) {
	t.Parallel()
	base, err := parseTimeUnits("seconds since 2000-01-01", "standard")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		units      string
		unit, from string // seconds per unit, and from base to the epoch
	}{
		{"days since 2000-01-01", "86400", "0"},
		{"days since 2000-1-1 00:00:00", "86400", "0"},
		{"hours since 2000-01-01T06:30", "3600", "23400"},
		{"minutes since 2000-01-02 00:00:00 UTC", "60", "86400"},
		{"seconds since 2000-01-01 01:00:00 +01:00", "1", "0"},
		{"seconds since 2000-01-01 00:00:00 -0130", "1", "5400"},
		{"milliseconds since 2000-01-01 00:00:00.25", "1/1000", "1/4"},
		{"microseconds since 1999-12-31", "1/1000000", "-86400"},
	} {
		u, err := parseTimeUnits(c.units, "standard")
		if err != nil {
			t.Errorf("%q: %v", c.units, err)
			continue
		}
		from := new(big.Rat).Sub(u.epoch, base.epoch)
		if u.unit.RatString() != c.unit || from.RatString() != c.from {
			t.Errorf("%q: unit %s, epoch %s after the base; want %s, %s", c.units, u.unit.RatString(), from.RatString(), c.unit, c.from)
		}
	}
	for _, bad := range []string{"months since 2000-01-01", "days after 2000-01-01", "days since 2000-02-30", "days since 2000-01-01 25:00", "K", "days since 1500-01-01"} {
		if _, err := parseTimeUnits(bad, "standard"); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

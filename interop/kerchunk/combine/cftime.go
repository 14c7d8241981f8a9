package combine

import (
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
)

// timeUnits are the parsed CF units of a time coordinate, "UNIT since
// DATE": the length of the unit and the reference instant, in seconds
// from the calendar's own day 0, exactly.
type timeUnits struct {
	unit  *big.Rat // seconds per unit
	epoch *big.Rat // seconds from the calendar's day 0 to the reference
}

// unitSeconds are the lengths of the CF time units zcodec reconciles; a
// month or a year (udunits' mean lengths) is not one.
var unitSeconds = map[string]int64{
	"day": 86400, "days": 86400, "d": 86400,
	"hour": 3600, "hours": 3600, "hr": 3600, "hrs": 3600, "h": 3600,
	"minute": 60, "minutes": 60, "min": 60, "mins": 60,
	"second": 1, "seconds": 1, "sec": 1, "secs": 1, "s": 1,
}

// subSecond are the units shorter than a second, in seconds.
var subSecond = map[string]int64{
	"millisecond": 1000, "milliseconds": 1000, "msec": 1000, "ms": 1000,
	"microsecond": 1000000, "microseconds": 1000000, "usec": 1000000, "us": 1000000,
}

// sinceRE splits CF time units: the unit, and the reference date with an
// optional time of day and time zone.
var sinceRE = regexp.MustCompile(`^\s*([A-Za-z]+)\s+since\s+(-?\d{1,4})-(\d{1,2})-(\d{1,2})(?:(?:T|\s+)(\d{1,2}):(\d{1,2})(?::(\d{1,2})(\.\d+)?)?)?\s*(Z|UTC|[+-]\d{1,2}(?::?\d{2})?)?\s*$`)

// isTimeUnits reports whether s has the form of CF time units ("UNIT
// since DATE"), whatever the unit.
func isTimeUnits(s string) bool {
	return strings.Contains(s, " since ") && sinceRE.MatchString(s)
}

// parseTimeUnits parses CF time units in calendar cal (normalised by
// calendarOf).
func parseTimeUnits(s, cal string) (timeUnits, error) {
	m := sinceRE.FindStringSubmatch(s)
	if m == nil {
		return timeUnits{}, fmt.Errorf("%q is not of the form \"UNIT since YYYY-MM-DD [hh:mm:ss]\"", s)
	}
	var unit *big.Rat
	u := strings.ToLower(m[1])
	if n, ok := unitSeconds[u]; ok {
		unit = new(big.Rat).SetInt64(n)
	} else if n, ok := subSecond[u]; ok {
		unit = big.NewRat(1, n)
	} else {
		return timeUnits{}, fmt.Errorf("the unit %q of %q has no exact length (only days, hours, minutes, seconds, milliseconds and microseconds do)", m[1], s)
	}
	num := func(t string) int64 {
		n, _ := strconv.ParseInt(t, 10, 64)
		return n
	}
	y, mo, d := num(m[2]), num(m[3]), num(m[4])
	day, err := dayNumber(cal, y, mo, d)
	if err != nil {
		return timeUnits{}, fmt.Errorf("the reference date of %q: %w", s, err)
	}
	secs := new(big.Rat).SetInt64(day*86400 + num(m[5])*3600 + num(m[6])*60 + num(m[7]))
	if num(m[5]) > 23 || num(m[6]) > 59 || num(m[7]) > 60 {
		return timeUnits{}, fmt.Errorf("the time of day of %q is not one", s)
	}
	if m[8] != "" {
		f, ok := new(big.Rat).SetString("0" + m[8])
		if !ok {
			return timeUnits{}, fmt.Errorf("the seconds of %q are not a number", s)
		}
		secs.Add(secs, f)
	}
	if tz := m[9]; tz != "" && tz != "Z" && tz != "UTC" {
		sign := int64(1)
		if tz[0] == '-' {
			sign = -1
		}
		hm := strings.ReplaceAll(tz[1:], ":", "")
		var h, mi int64
		switch {
		case len(hm) <= 2:
			h = num(hm)
		default:
			h, mi = num(hm[:len(hm)-2]), num(hm[len(hm)-2:])
		}
		if h > 14 || mi > 59 {
			return timeUnits{}, fmt.Errorf("the time zone of %q is not one", s)
		}
		// A local time east of UTC is that much earlier in UTC.
		secs.Sub(secs, new(big.Rat).SetInt64(sign*(h*3600+mi*60)))
	}
	return timeUnits{unit: unit, epoch: secs}, nil
}

// calendarOf normalises a CF calendar attribute ("" is the default,
// "standard"), or returns an error for one that cannot be reconciled.
func calendarOf(attr string) (string, error) {
	switch c := strings.ToLower(strings.TrimSpace(attr)); c {
	case "", "standard", "gregorian":
		return "standard", nil
	case "proleptic_gregorian", "julian", "360_day":
		return c, nil
	case "noleap", "365_day":
		return "noleap", nil
	case "all_leap", "366_day":
		return "all_leap", nil
	default:
		return "", fmt.Errorf("the calendar %q is not one whose dates zcodec can count", attr)
	}
}

// cumDays are the days before each month of a year of 365 days.
var cumDays = [13]int64{0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365}

// dayNumber returns the number of days from a fixed day 0 of calendar
// cal to the date y-m-d, counted in that calendar.
func dayNumber(cal string, y, m, d int64) (int64, error) {
	if m < 1 || m > 12 || d < 1 {
		return 0, fmt.Errorf("%d-%d-%d is not a date", y, m, d)
	}
	leapDay := func(leap bool) int64 {
		if leap && m > 2 {
			return 1
		}
		return 0
	}
	monthLen := func(leap bool) int64 {
		n := cumDays[m] - cumDays[m-1]
		if leap && m == 2 {
			n++
		}
		return n
	}
	switch cal {
	case "360_day":
		if d > 30 {
			return 0, fmt.Errorf("%d-%d-%d is not a date of the 360_day calendar", y, m, d)
		}
		return y*360 + (m-1)*30 + d - 1, nil
	case "noleap":
		if d > monthLen(false) {
			return 0, fmt.Errorf("%d-%d-%d is not a date of the noleap calendar", y, m, d)
		}
		return y*365 + cumDays[m-1] + d - 1, nil
	case "all_leap":
		if d > monthLen(true) {
			return 0, fmt.Errorf("%d-%d-%d is not a date of the all_leap calendar", y, m, d)
		}
		return y*366 + cumDays[m-1] + leapDay(true) + d - 1, nil
	case "julian":
		leap := y%4 == 0
		if d > monthLen(leap) {
			return 0, fmt.Errorf("%d-%d-%d is not a date of the julian calendar", y, m, d)
		}
		yy := y - 1
		return y*365 + floorDiv(yy, 4) + 1 + cumDays[m-1] + leapDay(leap) + d - 1, nil
	case "standard":
		if y < 1582 || y == 1582 && (m < 10 || m == 10 && d < 15) {
			return 0, fmt.Errorf("%d-%d-%d is before 1582-10-15, where the standard calendar is Julian: such dates are not reconciled", y, m, d)
		}
		fallthrough
	case "proleptic_gregorian":
		leap := y%4 == 0 && (y%100 != 0 || y%400 == 0)
		if d > monthLen(leap) {
			return 0, fmt.Errorf("%d-%d-%d is not a date of the %s calendar", y, m, d, cal)
		}
		yy := y - 1
		return y*365 + floorDiv(yy, 4) - floorDiv(yy, 100) + floorDiv(yy, 400) + 1 + cumDays[m-1] + leapDay(leap) + d - 1, nil
	}
	return 0, fmt.Errorf("the calendar %q is not one whose dates zcodec can count", cal)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) != (b < 0) {
		q--
	}
	return q
}

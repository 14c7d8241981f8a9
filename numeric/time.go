package numeric

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"time"
)

// ErrNaT is matched (errors.Is) by the error of converting Not a Time to
// a time.Time or time.Duration.
var ErrNaT = errors.New("numeric: the value is NaT (Not a Time)")

// TimeError reports a date or duration count that has no text, time.Time
// or time.Duration.
type TimeError struct {
	DataType DataType // the date or duration type
	Value    int64    // the count
	Reason   string
	Err      error // ErrNaT for Not a Time, else nil
}

func (e *TimeError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("numeric: %v value %d: %v", e.DataType, e.Value, e.Err)
	}
	return fmt.Sprintf("numeric: %v value %d: %s", e.DataType, e.Value, e.Reason)
}

// Unwrap returns ErrNaT for Not a Time, else nil.
func (e *TimeError) Unwrap() error { return e.Err }

// FormatTime returns NumPy's text (str() of the scalar) of the count v of
// the date or duration type dt; see AppendTime.
func FormatTime(dt DataType, v int64) (string, error) {
	b, err := AppendTime(nil, dt, v)
	return string(b), err
}

// AppendTime appends NumPy's text of the count v of the date or duration
// type dt, as NumPy 1.24 prints the scalar with str():
//
//   - Not a Time (v == NaT) is "NaT" for both kinds.
//   - A numpy.datetime64 is an ISO 8601 date and time in UTC without a
//     zone, to the precision of the type's unit whatever its scale factor:
//     "2001" (Y), "2001-02" (M), "2001-02-03" (W, D), "2001-02-03T04" (h),
//     then ":05" (m), ":06" (s) and 3, 6, 9, 12, 15 or 18 digits of
//     fraction (ms to as). The year has at least four characters,
//     zero-padded after a minus sign ("0005", "-001", "-12345", "10000").
//     The proleptic Gregorian calendar covers every year.
//   - A numpy.timedelta64 is the count times the scale factor, a space and
//     the unit's plural name: "10 seconds", "-1 years", "5 generic time
//     units".
//
// NumPy computes in 64-bit integers, and so does AppendTime: where count
// times scale factor (times 7 for weeks) leaves the int64 range, where a
// year count plus 1970 does, and for day counts within 10957 of -2^63,
// the text is NumPy's wrapped result, not the true calendar date (ToTime
// reports those as not representable). A numpy.datetime64 of the generic
// unit has no text other than "NaT": the error is a *TimeError, and b is
// returned unchanged. It is an error as well when dt is not a date or
// duration type.
func AppendTime(b []byte, dt DataType, v int64) ([]byte, error) {
	unit, scale, ok := dt.TimeUnit()
	if !ok {
		return b, &TimeError{DataType: dt, Value: v, Reason: "not a date or duration type"}
	}
	if v == NaT {
		return append(b, "NaT"...), nil
	}
	t := v * int64(scale) // wraps as in NumPy
	if dt.Kind() == Timedelta64 {
		b = strconv.AppendInt(b, t, 10)
		return append(append(b, ' '), durationNames[unit]...), nil
	}
	if unit == GenericUnit {
		return b, &TimeError{DataType: dt, Value: v, Reason: "a date of the generic unit has no value but NaT"}
	}
	return appendDatetime(b, unit, t), nil
}

var durationNames = [...]string{
	Years: "years", Months: "months", Weeks: "weeks", Days: "days", Hours: "hours",
	Minutes: "minutes", Seconds: "seconds", Milliseconds: "milliseconds",
	Microseconds: "microseconds", Nanoseconds: "nanoseconds", Picoseconds: "picoseconds",
	Femtoseconds: "femtoseconds", Attoseconds: "attoseconds", GenericUnit: "generic time units",
}

// unitsPerSecond is the number of each sub-second unit in a second, and
// fractionDigits its digits of fraction.
var unitsPerSecond = [...]int64{
	Seconds: 1, Milliseconds: 1e3, Microseconds: 1e6, Nanoseconds: 1e9,
	Picoseconds: 1e12, Femtoseconds: 1e15, Attoseconds: 1e18,
}

var fractionDigits = [...]int{
	Seconds: 0, Milliseconds: 3, Microseconds: 6, Nanoseconds: 9,
	Picoseconds: 12, Femtoseconds: 15, Attoseconds: 18,
}

// civil is a broken-down date and time.
type civil struct {
	year                 int64
	month, day           int // 1-based
	hour, minute, second int
	frac                 int64 // units of the type below a second
}

// appendDatetime appends the text of t units (scale already applied)
// since the epoch.
func appendDatetime(b []byte, unit TimeUnit, t int64) []byte {
	var c civil
	switch unit {
	case Years:
		return appendYear(b, 1970+t) // wraps as in NumPy
	case Months:
		q, r := floorDivMod(t, 12)
		b = appendYear(b, 1970+q)
		return append(b, '-', byte('0'+(r+1)/10), byte('0'+(r+1)%10))
	case Weeks:
		c.setDays(t * 7) // wraps as in NumPy
	case Days:
		c.setDays(t)
	case Hours, Minutes:
		per := int64(24)
		if unit == Minutes {
			per = 24 * 60
		}
		days, rem := floorDivMod(t, per)
		c.setDays(days)
		if unit == Hours {
			c.hour = int(rem)
		} else {
			c.hour, c.minute = int(rem/60), int(rem%60)
		}
	default:
		sec, frac := floorDivMod(t, unitsPerSecond[unit])
		days, sod := floorDivMod(sec, 86400)
		c.setDays(days)
		c.hour, c.minute, c.second = int(sod/3600), int(sod/60%60), int(sod%60)
		c.frac = frac
	}
	b = appendYear(b, c.year)
	b = append2(append(b, '-'), c.month)
	b = append2(append(b, '-'), c.day)
	if unit <= Days {
		return b
	}
	b = append2(append(b, 'T'), c.hour)
	if unit == Hours {
		return b
	}
	b = append2(append(b, ':'), c.minute)
	if unit == Minutes {
		return b
	}
	b = append2(append(b, ':'), c.second)
	if n := fractionDigits[unit]; n > 0 {
		b = append(b, '.')
		var digits [18]byte
		f := c.frac
		for i := n - 1; i >= 0; i-- {
			digits[i] = byte('0' + f%10)
			f /= 10
		}
		b = append(b, digits[:n]...)
	}
	return b
}

// appendYear appends y with at least four characters, zero-padded after
// the sign (C's "%04lld").
func appendYear(b []byte, y int64) []byte {
	var digits [20]byte
	s := strconv.AppendInt(digits[:0], y, 10)
	neg := y < 0
	if neg {
		b = append(b, '-')
		s = s[1:]
	}
	width := 4
	if neg {
		width = 3
	}
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

func append2(b []byte, v int) []byte { return append(b, byte('0'+v/10), byte('0'+v%10)) }

// setDays sets the date of c from a count of days since 1970-01-01. Like
// NumPy it counts from 2000-01-01 (10957 days later) in 64-bit arithmetic,
// which wraps for counts within 10957 of -2^63.
func (c *civil) setDays(days int64) {
	d := days - 10957 // days since 2000-01-01; wraps as in NumPy
	cycles, r := floorDivMod(d, 146097)
	// r is a day of the 400-year cycle starting 2000-01-01. Count it from
	// 0000-03-01 instead (730425 days earlier), so that leap days end
	// their years: a year of 365 days, the last four-year group of a
	// century one day longer, the last century of the cycle one day more.
	z := r + 730425
	era, doe := z/146097, z%146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100) // from March 1st
	mp := (5*doy + 2) / 153                  // month from March = 0
	c.day = int(doy-(153*mp+2)/5) + 1
	c.month = int(mp) + 3
	y := yoe + 400*era
	if c.month > 12 {
		c.month -= 12
		y++
	}
	c.year = y + 400*cycles
}

// floorDivMod returns the floor of a/n and a - n*floor(a/n), for n > 0.
func floorDivMod(a, n int64) (q, r int64) {
	q, r = a/n, a%n
	if r < 0 {
		q--
		r += n
	}
	return q, r
}

// ToTime returns the instant of the count v of a numpy.datetime64 type, in
// UTC. It is a *TimeError when dt is not a date type, for Not a Time
// (matching ErrNaT), for the generic unit, for counts that are not a whole
// number of nanoseconds, and when the instant (count times scale factor,
// computed exactly) lies beyond what time.Time holds (years beyond about
// ±1.4e11 are refused).
func ToTime(dt DataType, v int64) (time.Time, error) {
	unit, scale, ok := dt.TimeUnit()
	if !ok || dt.Kind() != Datetime64 {
		return time.Time{}, &TimeError{DataType: dt, Value: v, Reason: "not a numpy.datetime64 type"}
	}
	if v == NaT {
		return time.Time{}, &TimeError{DataType: dt, Value: v, Err: ErrNaT}
	}
	if unit == GenericUnit {
		return time.Time{}, &TimeError{DataType: dt, Value: v, Reason: "a date of the generic unit has no value but NaT"}
	}
	t := new(big.Int).Mul(big.NewInt(v), big.NewInt(int64(scale)))
	tooFar := &TimeError{DataType: dt, Value: v, Reason: "beyond the range of time.Time"}
	const maxYears = 1 << 37 // about 1.4e11 years, well inside time.Time
	switch unit {
	case Years, Months:
		months := t
		if unit == Years {
			months = new(big.Int).Mul(t, big.NewInt(12))
		}
		if !months.IsInt64() || abs64(months.Int64()) > 12*maxYears {
			return time.Time{}, tooFar
		}
		q, r := floorDivMod(months.Int64(), 12)
		if year := 1970 + q; int64(int(year)) != year { // 32-bit int
			return time.Time{}, tooFar
		}
		return time.Date(int(1970+q), time.Month(r+1), 1, 0, 0, 0, 0, time.UTC), nil
	}
	ns := new(big.Int)
	if unit <= Nanoseconds {
		ns.Mul(t, big.NewInt(nanosPer[unit]))
	} else {
		div := big.NewInt(unitsPerSecond[unit] / 1e9)
		var rem big.Int
		ns.QuoRem(t, div, &rem)
		if rem.Sign() != 0 {
			return time.Time{}, &TimeError{DataType: dt, Value: v, Reason: "finer than a nanosecond"}
		}
	}
	sec, nsec := new(big.Int), new(big.Int)
	sec.DivMod(ns, big.NewInt(1e9), nsec) // Euclidean: nsec >= 0
	if !sec.IsInt64() || abs64(sec.Int64()) > 366*86400*maxYears {
		return time.Time{}, tooFar
	}
	return time.Unix(sec.Int64(), nsec.Int64()).UTC(), nil
}

// nanosPer is the number of nanoseconds in each unit from weeks to
// nanoseconds.
var nanosPer = [...]int64{
	Weeks: 7 * 86400e9, Days: 86400e9, Hours: 3600e9, Minutes: 60e9, Seconds: 1e9,
	Milliseconds: 1e6, Microseconds: 1e3, Nanoseconds: 1,
}

// ToDuration returns the duration of the count v of a numpy.timedelta64
// type. It is a *TimeError when dt is not a duration type, for Not a Time
// (matching ErrNaT), for years, months and the generic unit (which have no
// fixed length), for counts that are not a whole number of nanoseconds and
// for durations beyond time.Duration's ±292 years.
func ToDuration(dt DataType, v int64) (time.Duration, error) {
	unit, scale, ok := dt.TimeUnit()
	if !ok || dt.Kind() != Timedelta64 {
		return 0, &TimeError{DataType: dt, Value: v, Reason: "not a numpy.timedelta64 type"}
	}
	if v == NaT {
		return 0, &TimeError{DataType: dt, Value: v, Err: ErrNaT}
	}
	switch unit {
	case Years, Months, GenericUnit:
		return 0, &TimeError{DataType: dt, Value: v, Reason: "a duration in " + durationNames[unit] + " has no fixed length"}
	}
	t := new(big.Int).Mul(big.NewInt(v), big.NewInt(int64(scale)))
	if unit <= Nanoseconds {
		t.Mul(t, big.NewInt(nanosPer[unit]))
	} else {
		var rem big.Int
		t.QuoRem(t, big.NewInt(unitsPerSecond[unit]/1e9), &rem)
		if rem.Sign() != 0 {
			return 0, &TimeError{DataType: dt, Value: v, Reason: "finer than a nanosecond"}
		}
	}
	if !t.IsInt64() {
		return 0, &TimeError{DataType: dt, Value: v, Reason: "beyond the range of time.Duration"}
	}
	return time.Duration(t.Int64()), nil
}

func abs64(v int64) int64 {
	if v < 0 {
		if v == math.MinInt64 {
			return math.MaxInt64
		}
		return -v
	}
	return v
}

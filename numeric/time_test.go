package numeric_test

import (
	"bufio"
	"errors"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/zcodec/zcodec/numeric"
)

// TestFormatTimeNumPy compares FormatTime with str() of NumPy 1.24's
// datetime64 and timedelta64 scalars (testdata/time_vectors.txt, written
// by testdata/gen_time_vectors.py) for every unit over edge and random
// counts and several scale factors.
func TestFormatTimeNumPy(t *testing.T) {
	f, err := os.Open("testdata/time_vectors.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, bad := 0, 0
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 5 {
			t.Fatalf("bad line %q", sc.Text())
		}
		unit, err := numeric.ParseTimeUnit(fields[1])
		if err != nil {
			t.Fatal(err)
		}
		scale, _ := strconv.Atoi(fields[2])
		v, err := strconv.ParseInt(fields[3], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		newType := numeric.NewDatetime64
		if fields[0] == "m" {
			newType = numeric.NewTimedelta64
		}
		dt, err := newType(unit, scale)
		if err != nil {
			t.Fatal(err)
		}
		got, err := numeric.FormatTime(dt, v)
		if err != nil || got != fields[4] {
			if bad++; bad <= 20 {
				t.Errorf("FormatTime(%v, %d) = %q, %v; NumPy: %q", dt, v, got, err, fields[4])
			}
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 7000 || bad > 0 {
		t.Errorf("%d of %d vectors differ", bad, n)
	}
}

// TestFormatTimeErrors checks the values that have no text.
func TestFormatTimeErrors(t *testing.T) {
	gen, _ := numeric.NewDatetime64(numeric.GenericUnit, 1)
	var te *numeric.TimeError
	if b, err := numeric.AppendTime([]byte("x"), gen, 5); !errors.As(err, &te) || string(b) != "x" {
		t.Errorf("AppendTime(generic datetime, 5) = %q, %v", b, err)
	}
	if _, err := numeric.FormatTime(numeric.Int64, 5); !errors.As(err, &te) {
		t.Errorf("FormatTime(int64) = %v", err)
	}
}

// TestToTime checks ToTime against time.Date and the exact limits.
func TestToTime(t *testing.T) {
	mk := func(u numeric.TimeUnit, scale int) numeric.DataType {
		d, err := numeric.NewDatetime64(u, scale)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, tc := range []struct {
		dt   numeric.DataType
		v    int64
		want time.Time
	}{
		{mk(numeric.Years, 1), -1971, time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)},
		{mk(numeric.Months, 1), -1, time.Date(1969, 12, 1, 0, 0, 0, 0, time.UTC)},
		{mk(numeric.Months, 5), 3, time.Date(1971, 4, 1, 0, 0, 0, 0, time.UTC)},
		{mk(numeric.Weeks, 1), -1, time.Date(1969, 12, 25, 0, 0, 0, 0, time.UTC)},
		{mk(numeric.Days, 1), 19000, time.Date(2022, 1, 8, 0, 0, 0, 0, time.UTC)},
		{mk(numeric.Seconds, 10), -1, time.Date(1969, 12, 31, 23, 59, 50, 0, time.UTC)},
		{mk(numeric.Nanoseconds, 1), math.MaxInt64, time.Date(2262, 4, 11, 23, 47, 16, 854775807, time.UTC)},
		{mk(numeric.Nanoseconds, 1), math.MinInt64 + 1, time.Date(1677, 9, 21, 0, 12, 43, 145224193, time.UTC)},
		{mk(numeric.Picoseconds, 1), -1000, time.Date(1969, 12, 31, 23, 59, 59, 999999999, time.UTC)},
		{mk(numeric.Attoseconds, 1000), 1e6, time.Date(1970, 1, 1, 0, 0, 0, 1, time.UTC)},
		// scaled values beyond int64 are exact here (NumPy's text wraps)
		{mk(numeric.Nanoseconds, 4), 1 << 62, time.Unix(18446744073, 709551616).UTC()}, // 2^64 ns
		{mk(numeric.Days, 1), -(1 << 35), time.Unix(-(1<<35)*86400, 0).UTC()},
	} {
		got, err := numeric.ToTime(tc.dt, tc.v)
		if err != nil || !got.Equal(tc.want) {
			t.Errorf("ToTime(%v, %d) = %v, %v; want %v", tc.dt, tc.v, got, err, tc.want)
		}
	}
	// ToTime and FormatTime agree where NumPy does not wrap.
	for _, u := range []numeric.TimeUnit{numeric.Days, numeric.Hours, numeric.Minutes, numeric.Seconds, numeric.Milliseconds, numeric.Microseconds, numeric.Nanoseconds} {
		dt := mk(u, 1)
		for _, v := range []int64{0, -1, 1, -719163, 1 << 40, -(1 << 40), 123456789012} {
			tm, err := numeric.ToTime(dt, v)
			if err != nil {
				continue
			}
			text, _ := numeric.FormatTime(dt, v)
			if tm.Year() >= 0 && tm.Year() <= 9999 && !strings.HasPrefix(tm.Format("2006-01-02T15:04:05.000000000"), text) {
				t.Errorf("ToTime(%v, %d) = %v, FormatTime = %s", dt, v, tm, text)
			}
		}
	}
	for _, tc := range []struct {
		dt  numeric.DataType
		v   int64
		nat bool
	}{
		{mk(numeric.Seconds, 1), numeric.NaT, true},
		{mk(numeric.GenericUnit, 1), 1, false},
		{mk(numeric.Picoseconds, 1), 1, false},
		{mk(numeric.Years, 1), math.MaxInt64, false},
		{mk(numeric.Days, math.MaxInt32), math.MaxInt64, false},
		{numeric.Int64, 0, false},
	} {
		_, err := numeric.ToTime(tc.dt, tc.v)
		var te *numeric.TimeError
		if !errors.As(err, &te) || errors.Is(err, numeric.ErrNaT) != tc.nat {
			t.Errorf("ToTime(%v, %d) = %v", tc.dt, tc.v, err)
		}
	}
}

// TestToDuration checks ToDuration's exact products and its refusals.
func TestToDuration(t *testing.T) {
	mk := func(u numeric.TimeUnit, scale int) numeric.DataType {
		d, _ := numeric.NewTimedelta64(u, scale)
		return d
	}
	for _, tc := range []struct {
		dt   numeric.DataType
		v    int64
		want time.Duration
	}{
		{mk(numeric.Weeks, 1), -2, -14 * 24 * time.Hour},
		{mk(numeric.Seconds, 10), 3, 30 * time.Second},
		{mk(numeric.Nanoseconds, 1), math.MaxInt64, math.MaxInt64},
		{mk(numeric.Femtoseconds, 1000), -1000, -time.Nanosecond},
	} {
		if got, err := numeric.ToDuration(tc.dt, tc.v); err != nil || got != tc.want {
			t.Errorf("ToDuration(%v, %d) = %v, %v; want %v", tc.dt, tc.v, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		dt numeric.DataType
		v  int64
	}{
		{mk(numeric.Years, 1), 1}, {mk(numeric.Months, 1), 1}, {mk(numeric.GenericUnit, 1), 1},
		{mk(numeric.Picoseconds, 1), 1}, {mk(numeric.Nanoseconds, 2), math.MaxInt64},
		{mk(numeric.Seconds, 1), numeric.NaT}, {numeric.Int64, 1},
	} {
		var te *numeric.TimeError
		if _, err := numeric.ToDuration(tc.dt, tc.v); !errors.As(err, &te) {
			t.Errorf("ToDuration(%v, %d) = %v", tc.dt, tc.v, err)
		}
	}
}

// FuzzFormatTime checks that FormatTime never fails for a unit other than
// the generic one and agrees with ToTime wherever both give a date of
// years 1..9999.
func FuzzFormatTime(f *testing.F) {
	f.Add(uint8(numeric.Days), int32(1), int64(-1), false)
	f.Add(uint8(numeric.Attoseconds), int32(7), int64(math.MinInt64+1), true)
	f.Add(uint8(numeric.Weeks), int32(math.MaxInt32), int64(math.MaxInt64), false)
	f.Fuzz(func(t *testing.T, u uint8, scale int32, v int64, delta bool) {
		unit := numeric.TimeUnit(u%uint8(numeric.GenericUnit)) + numeric.Years
		if scale < 1 {
			scale = 1
		}
		newType := numeric.NewDatetime64
		if delta {
			newType = numeric.NewTimedelta64
		}
		dt, err := newType(unit, int(scale))
		if err != nil {
			t.Fatal(err)
		}
		text, err := numeric.FormatTime(dt, v)
		if (err != nil) != (unit == numeric.GenericUnit && !delta && v != numeric.NaT) {
			t.Fatalf("FormatTime(%v, %d) = %q, %v", dt, v, text, err)
		}
		if delta || unit == numeric.GenericUnit {
			return
		}
		if p := new(big.Int).Mul(big.NewInt(v), big.NewInt(int64(scale))); !p.IsInt64() || unit == numeric.Weeks && !p.Mul(p, big.NewInt(7)).IsInt64() {
			return // NumPy's product wraps
		}
		tm, err := numeric.ToTime(dt, v)
		if err != nil || tm.Year() < 1 || tm.Year() > 9999 {
			return
		}
		full := tm.Format("2006-01-02T15:04:05.000000000")
		if unit <= numeric.Nanoseconds && !strings.HasPrefix(full, text) && !strings.HasPrefix(text, full) {
			t.Fatalf("FormatTime(%v, %d) = %s, ToTime = %s", dt, v, text, full)
		}
	})
}

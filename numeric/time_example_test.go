package numeric_test

import (
	"fmt"

	"github.com/zcodec/zcodec/numeric"
)

// Dates and durations print as NumPy prints them.
func ExampleFormatTime() {
	ns, _ := numeric.NewDatetime64(numeric.Nanoseconds, 1)
	tenSec, _ := numeric.NewTimedelta64(numeric.Seconds, 10)
	for _, c := range []struct {
		dt numeric.DataType
		v  int64
	}{{ns, 1_700_000_000_123_456_789}, {ns, -1}, {ns, numeric.NaT}, {tenSec, -3}} {
		s, _ := numeric.FormatTime(c.dt, c.v)
		fmt.Println(s)
	}
	t, _ := numeric.ToTime(ns, 1_700_000_000_123_456_789)
	fmt.Println(t)
	// Output:
	// 2023-11-14T22:13:20.123456789
	// 1969-12-31T23:59:59.999999999
	// NaT
	// -30 seconds
	// 2023-11-14 22:13:20.123456789 +0000 UTC
}

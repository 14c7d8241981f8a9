package main

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// TestCatDatesCSV writes every readable date and duration array zarr 2.13
// wrote (testdata/stores/zarr213_dates) as CSV and compares each value
// with str() of the element zarr reads, and checks the .npy type string.
func TestCatDatesCSV(t *testing.T) {
	b, err := os.ReadFile(stores + "zarr213_dates.json")
	if err != nil {
		t.Fatal(err)
	}
	var vec struct {
		Arrays []struct {
			Path       string   `json:"path"`
			DType      string   `json:"dtype"`
			Text       []string `json:"text"`
			Unreadable bool     `json:"unreadable"`
		} `json:"arrays"`
	}
	if err := json.Unmarshal(b, &vec); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range vec.Arrays {
		if c.Unreadable {
			continue
		}
		out, stderr, code := zcodec(t, nil, "cat", "--format", "csv", stores+"zarr213_dates/"+c.Path)
		if code != 0 {
			t.Errorf("cat %s: exit %d: %s", c.Path, code, stderr)
			continue
		}
		got := strings.FieldsFunc(out, func(r rune) bool { return r == ',' || r == '\n' })
		if strings.Join(got, "|") != strings.Join(c.Text, "|") {
			t.Errorf("cat --format csv %s:\n%s\nzarr reads %q", c.Path, out, c.Text)
		}
		npy, _, code := zcodec(t, nil, "cat", "--format", "npy", stores+"zarr213_dates/"+c.Path)
		descr := strings.Replace(strings.Replace(c.DType, ">", "<", 1), "|", "<", 1)
		if code != 0 || !strings.Contains(npy[:128], "'descr': '"+descr+"'") {
			t.Errorf("cat --format npy %s: header %q, want descr %s", c.Path, npy[:min(len(npy), 128)], descr)
		}
		n++
	}
	if n < 7 {
		t.Errorf("only %d arrays written", n)
	}
	out, _, code := zcodec(t, nil, "info", stores+"zarr213_dates/days_be")
	if code != 0 || !strings.Contains(out, "numpy.datetime64(unit=D, scale_factor=1)") || !strings.Contains(out, "fill value   10957 (2000-01-01)") {
		t.Errorf("info days_be:\n%s", out)
	}
}

// TestTimeFormatter: the CSV text of a date of the generic unit, which
// NumPy cannot print, is its count; NaT is "NaT" in every unit; info shows
// no date for a NaT fill, and none for other types.
func TestTimeFormatter(t *testing.T) {
	gen, _ := numeric.NewDatetime64(numeric.GenericUnit, 1)
	days, _ := numeric.NewTimedelta64(numeric.Days, 7)
	le := func(v int64) []byte { return binary.LittleEndian.AppendUint64(nil, uint64(v)) }
	for _, c := range []struct {
		dt   numeric.DataType
		v    int64
		want string
	}{
		{gen, 5, "5"}, {gen, numeric.NaT, "NaT"}, {days, -2, "-14 days"}, {days, numeric.NaT, "NaT"},
	} {
		if got := string(timeFormatter(c.dt)(nil, le(c.v))); got != c.want {
			t.Errorf("%v %d: %q, want %q", c.dt, c.v, got, c.want)
		}
	}
	if timeFormatter(numeric.Int64) != nil {
		t.Error("timeFormatter(int64) is not nil")
	}
	if s := fillValueText(numeric.TimeScalar(days, numeric.NaT)); s != "" {
		t.Errorf("fillValueText(NaT) = %q", s)
	}
	if s := fillValueText(numeric.Zero(numeric.Int64)); s != "" {
		t.Errorf("fillValueText(int64) = %q", s)
	}
}

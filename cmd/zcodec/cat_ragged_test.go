package main

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"
)

// TestCatRagged: cat --format jsonl and csv write the elements of numcodecs
// VLenArray arrays (zarr 2.13's, of "<i4" and ">f8") as JSON arrays of
// the numbers zarr read (testdata/stores/generate_zarr213_strings.py),
// NaN and the infinities as JSON strings.
func TestCatRagged(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../../testdata/stores/zarr213_strings.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Arrays []struct {
			Path     string   `json:"path"`
			Elements []string `json:"elements"`
		} `json:"arrays"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	items := map[string]func([]byte) []float64{
		"vlen_array": func(b []byte) (out []float64) {
			for i := 0; i < len(b); i += 4 {
				out = append(out, float64(int32(binary.LittleEndian.Uint32(b[i:]))))
			}
			return out
		},
		"vlen_array_f8": func(b []byte) (out []float64) {
			for i := 0; i < len(b); i += 8 {
				out = append(out, math.Float64frombits(binary.BigEndian.Uint64(b[i:])))
			}
			return out
		},
	}
	number := func(x any) float64 {
		switch x := x.(type) {
		case float64:
			return x
		case string:
			switch x {
			case "NaN":
				return math.NaN()
			case "Inf":
				return math.Inf(1)
			case "-Inf":
				return math.Inf(-1)
			}
		}
		t.Fatalf("item %v is no number", x)
		return 0
	}
	same := func(a, b float64) bool {
		return a == b && math.Signbit(a) == math.Signbit(b) || math.IsNaN(a) && math.IsNaN(b)
	}
	checked := 0
	for _, arr := range v.Arrays {
		decode, ok := items[arr.Path]
		if !ok {
			continue
		}
		path := "../../testdata/stores/zarr213_strings/" + arr.Path
		jsonl, errOut, code := zcodec(t, nil, "cat", "--format", "jsonl", path)
		if code != 0 {
			t.Fatalf("%s: %d %s", arr.Path, code, errOut)
		}
		csvOut, errOut, code := zcodec(t, nil, "cat", "--format", "csv", path)
		if code != 0 {
			t.Fatalf("%s csv: %d %s", arr.Path, code, errOut)
		}
		recs, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
		lines := strings.Split(strings.TrimSuffix(jsonl, "\n"), "\n")
		if err != nil || len(lines) != len(arr.Elements) || len(recs) != len(arr.Elements) {
			t.Fatalf("%s: %d lines, %d records (%v), want %d:\n%s", arr.Path, len(lines), len(recs), err, len(arr.Elements), jsonl)
		}
		for i, e := range arr.Elements {
			b, _ := base64.StdEncoding.DecodeString(e)
			want := decode(b)
			for _, text := range []string{lines[i], recs[i][0]} {
				var got []any
				if err := json.Unmarshal([]byte(text), &got); err != nil || len(got) != len(want) {
					t.Errorf("%s element %d: %q (%v), want %v", arr.Path, i, text, err, want)
					continue
				}
				for k := range got {
					if g := number(got[k]); !same(g, want[k]) {
						t.Errorf("%s element %d item %d: %v, want %v", arr.Path, i, k, g, want[k])
					}
				}
			}
			checked++
		}
	}
	if checked != 7 {
		t.Fatalf("%d elements checked, want 7", checked)
	}
}

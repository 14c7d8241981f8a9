package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

const stringStores = "../../testdata/stores/"

// TestCatText writes the arrays of testdata/stores/zarr213_strings as JSON
// lines and as CSV and checks them against the elements zarr 2.13 read
// (zarr213_strings.json).
func TestCatText(t *testing.T) {
	raw, err := os.ReadFile(stringStores + "zarr213_strings.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Arrays []struct {
			Path     string   `json:"path"`
			Shape    []int64  `json:"shape"`
			Elements []string `json:"elements"`
		} `json:"arrays"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	for _, a := range v.Arrays {
		if strings.HasPrefix(a.Path, "vlen_array") {
			continue // ragged numbers, as JSON arrays: TestCatRagged
		}
		path := stringStores + "zarr213_strings/" + a.Path
		out, stderr, code := zcodec(t, nil, "cat", "--format", "jsonl", path)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", a.Path, code, stderr)
		}
		var got []string
		sc := bufio.NewScanner(strings.NewReader(out))
		for sc.Scan() {
			if len(a.Shape) == 1 {
				var s string
				if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
					t.Fatalf("%s: line %q: %v", a.Path, sc.Text(), err)
				}
				got = append(got, s)
				continue
			}
			var row []string
			if err := json.Unmarshal(sc.Bytes(), &row); err != nil || int64(len(row)) != a.Shape[len(a.Shape)-1] {
				t.Fatalf("%s: line %q: %v", a.Path, sc.Text(), err)
			}
			got = append(got, row...)
		}
		if !slices.Equal(got, a.Elements) {
			t.Errorf("%s jsonl:\n got %q\nwant %q", a.Path, got, a.Elements)
		}
	}
	// CSV as RFC 4180 asks: quotes around fields with a quote (doubled),
	// a comma or a line break; a lone empty field quoted.
	out, _, code := zcodec(t, nil, "cat", "--format", "csv", stringStores+"zarr213_strings/vlen_utf8")
	want := "0,a1,\né2,€uro3,\n😀4,tab\there5,\n\"q\"\"uote6\",back\\slash7,\n,,\n"
	if code != 0 || out != want {
		t.Errorf("csv:\n got %q\nwant %q", out, want)
	}
	out, _, _ = zcodec(t, nil, "cat", "--format", "csv", stringStores+"zarr213_strings/s4")
	if want := "YWJjZA==\n\"\"\neAB5\nYWI=\nYWI=\n"; out != want {
		t.Errorf("csv of |S4:\n got %q\nwant %q", out, want)
	}
	if _, err := base64.StdEncoding.DecodeString("eAB5"); err != nil {
		t.Fatal(err)
	}
	// npy of a fixed-length type: NumPy's type string and the elements.
	out, _, code = zcodec(t, nil, "cat", "--format", "npy", stringStores+"zarr213_strings/u3_big")
	if code != 0 || !strings.Contains(out, "'descr': '<U3'") || !strings.HasSuffix(out, "a\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xe9\x00\x00\x00\xac\x20\x00\x00\x00\x00\x00\x00x\x00\x00\x00y\x00\x00\x00z\x00\x00\x00"+strings.Repeat("\x00", 12)) {
		t.Errorf("npy of >U3: exit %d, %q", code, out)
	}
	// Formats a variable-length type has not.
	for _, f := range []string{"raw", "npy", "png"} {
		if _, stderr, code := zcodec(t, nil, "cat", "--format", f, stringStores+"zarr213_strings/vlen_utf8"); code != 2 {
			t.Errorf("--format %s of a string array: exit %d %s", f, code, stderr)
		}
	}
	if _, _, code := zcodec(t, nil, "cat", "--format", "jsonl", stringStores+"zarr213_plain/f4_blosc_lz4"); code != 2 {
		t.Errorf("--format jsonl of a numeric array: exit %d", code)
	}
}

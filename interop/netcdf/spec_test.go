package netcdf_test

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/interop/netcdf"
	"github.com/zcodec/zcodec/numeric"
)

type specVector struct {
	Spec     string            `json:"spec"`
	NetCDF   map[string]string `json:"netcdf"`
	Pipeline []struct {
		ID       uint32   `json:"id"`
		Flags    uint32   `json:"flags"`
		CDValues []uint32 `json:"cd_values"`
	} `json:"pipeline"`
	Error string `json:"error"`
}

func loadSpecs(t testing.TB) []specVector {
	t.Helper()
	b, err := os.ReadFile("../../testdata/netcdf/filterspecs.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Cases []specVector `json:"cases"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) < 40 {
		t.Fatalf("only %d vectors", len(v.Cases))
	}
	return v.Cases
}

// rejected are specs netcdf-c 4.9.0 accepts but stores as something other
// than what they say; zcodec reports an error instead. The value is the
// character offset the error must point at.
var rejected = map[string]int{
	"307,4294967296":             4, // netcdf-c stores 0
	"307,-2147483649":            4, // netcdf-c wraps to 2147483647
	"307,1.5":                    4, // netcdf-c stores 1
	"307,0x10":                   4, // netcdf-c stores 0
	"307,1lu":                    5, // netcdf-c stores one word
	"307,18446744073709551616UL": 4, // netcdf-c saturates
	"307,9223372036854775808L":   4, // netcdf-c saturates
}

// notSyntax are specs netcdf-c refused for another reason than syntax.
var notSyntax = map[string]string{
	"307,9|4,32,32": "szip (4) is not available in Debian's HDF5",
}

// TestSpecsAgainstNetCDF checks every spec against what ncgen/ncdump
// (netcdf-c 4.9.0) stored for it.
func TestSpecsAgainstNetCDF(t *testing.T) {
	for _, v := range loadSpecs(t) {
		t.Run(v.Spec, func(t *testing.T) {
			fs, err := netcdf.Parse(v.Spec)
			if off, ok := rejected[v.Spec]; ok {
				var se *netcdf.SyntaxError
				if !errors.As(err, &se) || !errors.Is(err, netcdf.ErrSyntax) {
					t.Fatalf("Parse = %v, %v; want a *SyntaxError (netcdf-c stored %v)", fs, err, v.NetCDF)
				}
				if se.Offset != off {
					t.Fatalf("error offset %d, want %d: %v", se.Offset, off, err)
				}
				return
			}
			if why, ok := notSyntax[v.Spec]; ok {
				if err != nil {
					t.Fatalf("Parse: %v (netcdf-c failed only because %s)", err, why)
				}
				return
			}
			if v.Error != "" {
				if err == nil {
					t.Fatalf("Parse = %v; netcdf-c refused it: %s", fs, v.Error)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse: %v; netcdf-c stored %v", err, v.NetCDF)
			}
			got := netcdf.Pipeline(fs)
			if len(got) != len(v.Pipeline) {
				t.Fatalf("pipeline %v, netcdf-c stored %v", got, v.Pipeline)
			}
			var nonBuiltin []netcdf.Filter
			for i, f := range got {
				w := v.Pipeline[i]
				if f.ID != w.ID {
					t.Fatalf("filter %d: id %d, netcdf-c %d", i, f.ID, w.ID)
				}
				// HDF5 fills in shuffle's element size itself
				if f.ID != 2 && !reflect.DeepEqual(f.Params, w.CDValues) && !(len(f.Params) == 0 && len(w.CDValues) == 0) {
					t.Fatalf("filter %d: params %v, netcdf-c %v", i, f.Params, w.CDValues)
				}
				if f.ID > 3 {
					nonBuiltin = append(nonBuiltin, f)
				}
			}
			if want, ok := v.NetCDF["_Filter"]; ok {
				if got := `"` + netcdf.Format(nonBuiltin) + `"`; got != want {
					t.Fatalf("Format = %s, ncdump shows %s", got, want)
				}
			}
		})
	}
}

// TestSeedTable checks the Users Guide table's examples, with the
// extension rule netcdf-c follows.
func TestSeedTable(t *testing.T) {
	for _, c := range []struct {
		spec string
		want []uint32
	}{
		{"1,-17b", []uint32{239}},
		{"1,23ub", []uint32{23}},
		{"1,-25S", []uint32{65511}},
		{"1,27US", []uint32{27}},
		{"1,-77", []uint32{4294967219}},
		{"1,77", []uint32{77}},
		{"1,93U", []uint32{93}},
		{"1,789f", []uint32{0x44454000}},
		{"1,12345678.12345678d", []uint32{3287505826, 1097305129}},
		{"1,-9223372036854775807L", []uint32{1, 0x80000000}},
		{"1,18446744073709551615UL", []uint32{0xffffffff, 0xffffffff}},
		{"1,1.5d", []uint32{0, 1073217536}},
		{"1,-5l", []uint32{4294967291, 4294967295}},
		{"1,NaNd", []uint32{0, 0x7ff80000}},
		{"1,-inff", []uint32{0xff800000}},
		{"1, 2 , 3 ", []uint32{2, 3}},
	} {
		fs, err := netcdf.Parse(c.spec)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.spec, err)
			continue
		}
		if len(fs) != 1 || !reflect.DeepEqual(fs[0].Params, c.want) {
			t.Errorf("Parse(%q) = %v, want params %v", c.spec, fs, c.want)
		}
	}
}

func TestSyntaxErrorOffsets(t *testing.T) {
	for _, c := range []struct {
		spec string
		off  int
		msg  string
	}{
		{"", 0, "empty filter spec"},
		{"307,9,", 6, "empty parameter"},
		{"307,,9", 4, "empty parameter"},
		{"|307", 0, "missing filter id"},
		{"307,x", 4, "unexpected"},
		{"307,9|1,3q", 9, "unexpected 'q'"},
		{"307,3bx", 6, "unexpected"},
		{"307,3ll", 5, "unknown tag"},
		{"30a7", 2, "unsigned decimal"},
		{"0,1", 0, "not in 1..4294967295"},
		{"307,1e39f", 4, "overflows a 32-bit float"},
		{"307,-1ul", 4, "negative"},
		{"307,5|1,2.5", 8, "fraction"},
	} {
		_, err := netcdf.Parse(c.spec)
		var se *netcdf.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want *SyntaxError", c.spec, err)
			continue
		}
		if se.Offset != c.off || !strings.Contains(se.Reason, c.msg) {
			t.Errorf("Parse(%q): offset %d reason %q; want offset %d and %q", c.spec, se.Offset, se.Reason, c.off, c.msg)
		}
	}
}

func TestPipelineOrder(t *testing.T) {
	fs, err := netcdf.Parse("307,9|307,1|2|1,5|3")
	if err != nil {
		t.Fatal(err)
	}
	got := netcdf.Format(netcdf.Pipeline(fs))
	if want := "3|2|307,1|1,5"; got != want {
		t.Fatalf("Pipeline = %s, want %s", got, want)
	}
}

func TestParseCopySpec(t *testing.T) {
	for _, c := range []struct {
		arg  string
		want netcdf.CopySpec
		err  bool
	}{
		{"none", netcdf.CopySpec{None: true}, false},
		{"*,none", netcdf.CopySpec{None: true}, false},
		{"var,none", netcdf.CopySpec{Variables: []string{"var"}, None: true}, false},
		{"v1&v2,307,9|4,32,32", netcdf.CopySpec{Variables: []string{"v1", "v2"}, Filters: []netcdf.Filter{{ID: 307, Params: []uint32{9}}, {ID: 4, Params: []uint32{32, 32}}}}, false},
		{"*,307,9", netcdf.CopySpec{Filters: []netcdf.Filter{{ID: 307, Params: []uint32{9}}}}, false},
		{"/grp/var,1,5", netcdf.CopySpec{Variables: []string{"/grp/var"}, Filters: []netcdf.Filter{{ID: 1, Params: []uint32{5}}}}, false},
		{"307,9", netcdf.CopySpec{}, true},
		{"v1&,307", netcdf.CopySpec{}, true},
		{"var", netcdf.CopySpec{}, true},
		{"var,", netcdf.CopySpec{}, true},
	} {
		got, err := netcdf.ParseCopySpec(c.arg)
		if (err != nil) != c.err {
			t.Errorf("ParseCopySpec(%q) error %v, want error %v", c.arg, err, c.err)
			continue
		}
		if !c.err && !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseCopySpec(%q) = %+v, want %+v", c.arg, got, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, v := range loadSpecs(f) {
		f.Add(v.Spec)
	}
	f.Add("v1&v2,307,9|4,32,32")
	f.Fuzz(func(t *testing.T, spec string) {
		fs, err := netcdf.Parse(spec)
		if err != nil {
			var se *netcdf.SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(spec) {
				t.Fatalf("Parse(%q): bad error %v", spec, err)
			}
			// the message stays short, with its caret inside the excerpt
			msg := err.Error()
			lines := strings.Split(msg, "\n")
			if len(msg) > 1000 || len(lines) != 3 || len(lines[2]) > len(lines[1])+1 {
				t.Fatalf("Parse(%q): message of %d bytes:\n%s", spec, len(msg), msg)
			}
		} else {
			back, err := netcdf.Parse(netcdf.Format(fs))
			if err != nil || !reflect.DeepEqual(back, fs) {
				t.Fatalf("Format(Parse(%q)) = %q does not parse back: %v %v", spec, netcdf.Format(fs), back, err)
			}
		}
		_, _ = netcdf.ParseCopySpec(spec)
		attrs := map[string]string{"_Filter": spec, "_ChunkSizes": spec, "_Shuffle": spec, "_Endianness": spec, "_Fletcher32": "true"}
		if sp, err := netcdf.ParseSpecials(attrs, numeric.Float32); err != nil {
			if !errors.Is(err, netcdf.ErrSpecial) {
				t.Fatalf("ParseSpecials: untyped error %v", err)
			}
		} else if len(sp.Filters) == 0 {
			t.Fatal("ParseSpecials lost fletcher32")
		}
		_, _ = netcdf.DecodeFilters([]byte(spec))
	})
}

package castvalue_test

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"
)

// TestNumPyVectors encodes the inputs of testdata/numpy_vectors.json, made
// by NumPy (testdata/gen_numpy_vectors.py), and compares with NumPy's
// results, in the configurations where NumPy's casts have the codec's
// semantics: rint+clip+astype is nearest-even with clamp, float narrowing
// is nearest-even with overflow to infinity (clamp), integer astype wraps.
func TestNumPyVectors(t *testing.T) {
	raw, err := os.ReadFile("testdata/numpy_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name, From, To string
			Config         json.RawMessage
			Src, Want      string
		}
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 8 {
		t.Fatalf("only %d cases", len(file.Cases))
	}
	for _, tc := range file.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			from, to := dtypeOf(t, tc.From), dtypeOf(t, tc.To)
			src, err1 := hex.DecodeString(tc.Src)
			want, err2 := hex.DecodeString(tc.Want)
			if err1 != nil || err2 != nil || len(src)%from.Size() != 0 {
				t.Fatal("bad vector")
			}
			n := len(src) / from.Size()
			b := bind(t, mustParse(t, string(tc.Config)), from, n)
			got := make([]byte, n*to.Size())
			if err := b.EncodeArray(got, src); err != nil {
				t.Fatal(err)
			}
			g, w := chunkScalars(t, to, got), chunkScalars(t, to, want)
			in := chunkScalars(t, from, src)
			bad := 0
			for i := range g {
				if !same(g[i:i+1], w[i:i+1]) {
					if bad++; bad <= 5 {
						t.Errorf("element %d: %v -> %v, NumPy gives %v", i, in[i], g[i], w[i])
					}
				}
			}
		})
	}
}

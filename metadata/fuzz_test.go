package metadata_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/zcodec/zcodec/metadata"
)

// FuzzParse feeds arbitrary documents to Parse: it must return an array or
// an error, never panic, and a parsed array must write a document that
// parses again.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("../testdata/metadata/*.json")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := metadata.Parse(data, nil)
		if err != nil {
			return
		}
		out, err := a.MarshalJSON()
		if err != nil {
			t.Fatalf("MarshalJSON: %v", err)
		}
		if _, err := metadata.Parse(out, nil); err != nil {
			t.Fatalf("re-parse of written metadata failed: %v\n%s", err, out)
		}
	})
}

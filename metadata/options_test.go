package metadata

import (
	"reflect"
	"testing"

	"github.com/zcodec/zcodec/codec"
)

// TestOptionsEmbedCodecOptions checks that Options holds the pipeline's
// options as the embedded codec.Options, repeating none of its fields, and
// that Parse resolves the chain with them.
func TestOptionsEmbedCodecOptions(t *testing.T) {
	t.Parallel()
	ot, ct := reflect.TypeFor[Options](), reflect.TypeFor[codec.Options]()
	if f, ok := ot.FieldByName("Options"); !ok || !f.Anonymous || f.Type != ct {
		t.Fatal("Options does not embed codec.Options")
	}
	for i := range ot.NumField() {
		if f := ot.Field(i); !f.Anonymous {
			if _, dup := ct.FieldByName(f.Name); dup {
				t.Errorf("Options.%s repeats codec.Options.%s", f.Name, f.Name)
			}
		}
	}
	o := &Options{Options: codec.Options{FillMode: codec.FillWarn, MaxChunkBytes: 5, Concurrency: 3, RangeGap: 7}}
	if got := o.codecOptions(); *got != o.Options {
		t.Errorf("resolved with %+v, want %+v", *got, o.Options)
	}
}

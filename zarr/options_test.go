package zarr

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/store"
)

// TestOptionsEmbedCodecOptions checks that Options holds the chunk limits
// as the embedded codec.Options, repeating none of its fields, and that
// they are the limits an array is opened with.
func TestOptionsEmbedCodecOptions(t *testing.T) {
	t.Parallel()
	ot, ct := reflect.TypeFor[Options](), reflect.TypeFor[codec.Options]()
	for i := range ot.NumField() {
		f := ot.Field(i)
		if f.Anonymous {
			if f.Type != ct {
				t.Errorf("embedded %v, want codec.Options", f.Type)
			}
			continue
		}
		if _, dup := ct.FieldByName(f.Name); dup {
			t.Errorf("Options.%s repeats codec.Options.%s", f.Name, f.Name)
		}
	}
	if f, ok := ot.FieldByName("Options"); !ok || !f.Anonymous {
		t.Fatal("Options does not embed codec.Options")
	}
	ctx := context.Background()
	s := store.NewMemory()
	create(t, s, "a", newMeta(t, []int64{64}, []int{64}, numeric.Uint32, "0", bytesLE, ""), 1)
	_, err := Open(ctx, s, "a", &Options{Options: codec.Options{MaxChunkBytes: 100}})
	var ne *NodeError
	if !errors.As(err, &ne) {
		t.Errorf("a chunk of 256 bytes opened under a limit of 100: %v", err)
	}
}

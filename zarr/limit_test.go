package zarr

import (
	"context"
	"errors"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/store"
)

// TestLimitErrorFields: an array whose chunk decodes to more than
// Options.MaxChunkBytes is refused with a *NodeError naming it (Kind,
// Path) around a *codec.LimitError naming the setting, with the size and
// the limit as fields.
func TestLimitErrorFields(t *testing.T) {
	t.Parallel()
	s := store.NewMemory()
	m := newMeta(t, []int64{64}, []int{32}, numeric.Int32, "0", `[{"name":"bytes","configuration":{"endian":"little"}}]`, "")
	create(t, s, "g/a", m, 1)
	_, err := Open(context.Background(), s, "g/a", &Options{Options: codec.Options{MaxChunkBytes: 100}})
	var ne *NodeError
	if !errors.As(err, &ne) || ne.Kind != "array" || ne.Path != "g/a" {
		t.Fatalf("Open: %v, want a *NodeError of array g/a", err)
	}
	var le *codec.LimitError
	if !errors.As(err, &le) || le.Size != 128 || le.Limit != 100 || le.SettingName() != codec.SettingMaxChunkBytes {
		t.Fatalf("Open: %v, want a *codec.LimitError of 128 bytes over 100", err)
	}
	if want := `array "/g/a": the decoded chunk would take 128 bytes, more than the limit of 100 (Options.MaxChunkBytes)`; err.Error() != want {
		t.Errorf("Open: %q, want %q", err, want)
	}
}

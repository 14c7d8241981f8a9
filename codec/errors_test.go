package codec_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/store/byterange"
)

// TestSizeErrorUnit checks that the unit comes from the Unit field, never
// from the words of What.
func TestSizeErrorUnit(t *testing.T) {
	tests := []struct {
		err  *codec.SizeError
		want string
	}{
		{&codec.SizeError{What: "index list", Got: 12, Want: 16}, "index list has 12 bytes, want 16"},
		{&codec.SizeError{What: "shape slice", Got: 1, Want: 2}, "shape slice has 1 bytes, want 2"},
		{&codec.SizeError{What: "element slice", Got: 3, Want: 4, Unit: codec.UnitElements}, "element slice has 3 elements, want 4"},
		{&codec.SizeError{What: "destination", Got: 3, Want: 4, Unit: codec.UnitChunks}, "destination has 3 chunks, want 4"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
		if !errors.Is(tt.err, codec.ErrSize) {
			t.Errorf("%v does not match ErrSize", tt.err)
		}
	}
}

func TestFillRoundTripErrorMessages(t *testing.T) {
	f64 := numeric.FloatScalar(numeric.Float64, 300.5)
	encErr := errors.New("does not fit uint8")
	e := &codec.FillRoundTripError{Original: f64, EncodeErr: encErr}
	if !errors.Is(e, encErr) || !errors.Is(e, codec.ErrFillRoundTrip) || !strings.Contains(e.Error(), "fill value 300.5 (float64) cannot be encoded: does not fit uint8") {
		t.Errorf("encode failure: %v", e)
	}
}

func TestConfigErrorShortensLongParts(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	e := &codec.ConfigError{Pointer: "/codecs/0/configuration/" + long, Codec: long, Reason: "bad"}
	if len(e.Error()) > 200 || !strings.HasSuffix(e.Error(), ": bad") {
		t.Errorf("message of %d bytes: %.200s", len(e.Error()), e.Error())
	}
}

// TestChunkErrorMessages checks the message of a *ChunkError for each set
// of fields its reporters set, and that it wraps its cause.
func TestChunkErrorMessages(t *testing.T) {
	cause := errors.New("boom")
	for _, tc := range []struct {
		err  *codec.ChunkError
		want string
	}{
		{&codec.ChunkError{Index: 3, Err: cause}, "chunk 3: boom"},
		{&codec.ChunkError{Index: 2, Op: "encode", Err: cause}, "chunk 2: encode: boom"},
		{&codec.ChunkError{Coords: []int64{1, 0}, Range: byterange.Range{Offset: 8, Length: 8}, Err: cause}, "chunk [1 0] (bytes 8-15): boom"},
		{&codec.ChunkError{Array: "a/b", Key: "a/b/c/0", Err: cause}, `array "/a/b": chunk "a/b/c/0": boom`},
		{&codec.ChunkError{Key: "c/0", Err: cause}, `array "/": chunk "c/0": boom`},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
		if !errors.Is(tc.err, cause) {
			t.Errorf("%v does not wrap its cause", tc.err)
		}
	}
}

// TestLimitError: a *LimitError says what is too large, the limit and the
// setting, and a *CorruptError without a Reason is worded by its Err.
func TestLimitError(t *testing.T) {
	t.Parallel()
	le := &codec.LimitError{What: "decoded chunk", Size: 2048, Limit: 1000, Setting: codec.SettingMaxChunkBytes}
	if got, want := le.Error(), "the decoded chunk would take 2048 bytes, more than the limit of 1000 (Options.MaxChunkBytes)"; got != want {
		t.Errorf("LimitError: %q, want %q", got, want)
	}
	err := error(&codec.CorruptError{Codec: "vlen-bytes", Err: le})
	if got, want := err.Error(), "vlen-bytes: corrupt chunk: "+le.Error(); got != want {
		t.Errorf("CorruptError: %q, want %q", got, want)
	}
	var got *codec.LimitError
	if !errors.As(err, &got) || got != le || !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("%v: the *LimitError or ErrCorrupt is hidden", err)
	}
}

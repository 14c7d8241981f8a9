package bounded

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"

	"github.com/zcodec/zcodec/codec"
)

// stall returns (0, nil) forever.
type stall struct{}

func (stall) Read([]byte) (int, error) { return 0, nil }

func TestReadAll(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789"), 20000) // 200000 bytes
	for _, tc := range []struct {
		name  string
		r     io.Reader
		limit int
		exact bool
		want  int // bytes appended, or -1 for a CorruptError
	}{
		{"exact", bytes.NewReader(data), len(data), true, len(data)},
		{"exact short", bytes.NewReader(data), len(data) + 1, true, -1},
		{"exact long", bytes.NewReader(data), len(data) - 1, true, -1},
		{"exact zero", bytes.NewReader(nil), 0, true, 0},
		{"exact one byte at a time", iotest.OneByteReader(bytes.NewReader(data[:1000])), 1000, true, 1000},
		{"max under", bytes.NewReader(data), len(data) + 5, false, len(data)},
		{"max equal", bytes.NewReader(data), len(data), false, len(data)},
		{"max over", bytes.NewReader(data), len(data) - 1, false, -1},
		{"max small reads", iotest.HalfReader(bytes.NewReader(data)), len(data), false, len(data)},
		{"error", iotest.ErrReader(errors.New("boom")), 10, false, -1},
		{"error after data", io.MultiReader(bytes.NewReader(data[:10]), iotest.ErrReader(errors.New("boom"))), 10, true, -1},
		{"stall exact", stall{}, 10, true, -1},
		{"stall max", stall{}, 10, false, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := ReadAll("test", []byte("ab"), tc.r, tc.limit, tc.exact)
			if tc.want < 0 {
				var ce *codec.CorruptError
				if !errors.As(err, &ce) || ce.Codec != "test" {
					t.Fatalf("error %v; want a *codec.CorruptError", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(out[:2]) != "ab" || !bytes.Equal(out[2:], data[:tc.want]) {
				t.Fatalf("got %d bytes, want %d after the prefix", len(out)-2, tc.want)
			}
			if cap(out) > 2+tc.limit+firstStep && !tc.exact {
				t.Errorf("capacity %d for a limit of %d", cap(out), tc.limit)
			}
		})
	}
}

// TestReadAllNeverExceedsLimit: the buffer never grows past the limit,
// however much the reader would give.
func TestReadAllNeverExceedsLimit(t *testing.T) {
	for _, limit := range []int{0, 1, 1000, 100000, 1 << 20} {
		out, err := ReadAll("test", nil, io.LimitReader(zeros{}, 64<<20), limit, false)
		if err == nil || cap(out) > limit+1 {
			t.Errorf("limit %d: cap %d, error %v", limit, cap(out), err)
		}
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

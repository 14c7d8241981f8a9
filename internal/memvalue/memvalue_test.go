package memvalue

import (
	"context"
	"testing"

	"github.com/zcodec/zcodec/store/byterange"
)

func TestReadRange(t *testing.T) {
	v := Value("0123456789")
	for _, c := range []struct {
		r    byterange.Range
		want string
	}{
		{byterange.Range{Offset: 2, Length: 3}, "234"},
		{byterange.Range{Offset: 7, Length: -1}, "789"},
		{byterange.Range{Offset: -4, Length: 4}, "6789"},
		{byterange.Range{Offset: -40, Length: 40}, "0123456789"}, // clipped
		{byterange.Range{Offset: 8, Length: 5}, "89"},            // clipped
		{byterange.Range{Offset: 12, Length: 5}, ""},
		{byterange.Range{Offset: 12, Length: -1}, ""},
	} {
		got, err := v.ReadRange(context.Background(), c.r)
		if err != nil || string(got) != c.want {
			t.Errorf("%v: %q, %v; want %q", c.r, got, err, c.want)
		}
	}
	if n, err := v.Size(context.Background()); n != 10 || err != nil {
		t.Errorf("Size: %d, %v", n, err)
	}
}

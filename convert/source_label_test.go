package convert_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// failingGet is a store whose Get of one key fails as a broken
// connection would.
type failingGet struct {
	store.Store
	key string
}

var errBroken = errors.New("the connection broke")

func (s failingGet) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	if key == s.key {
		return nil, &store.KeyError{Op: "get", Key: key, Err: errBroken}
	}
	return s.Store.Get(ctx, key, limit)
}

// TestOpenSourceUnreadableMetadata: when the root's zarr.json cannot be
// read, the kind of the node is not known: the error says "node", not
// "group", whatever the node is.
func TestOpenSourceUnreadableMetadata(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := store.NewMemory()
	writeArray(t, m, "", []int64{4}, []int{2}, numeric.Int32, 1)
	_, err := convert.OpenSource(ctx, failingGet{m, "zarr.json"}, nil)
	var ne *zarr.NodeError
	if !errors.As(err, &ne) || ne.Kind != "node" || !errors.Is(err, errBroken) || !strings.HasPrefix(err.Error(), `node "/"`) {
		t.Fatalf("an array whose zarr.json cannot be read: %v; want a *zarr.NodeError of kind node", err)
	}
}

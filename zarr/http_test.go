package zarr

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// TestHTTPStore reads the zarr 2.13 hierarchy over HTTP from a server on
// the loopback address: consolidated metadata lists it without listing
// keys, and every readable array gives zarr's values.
func TestHTTPStore(t *testing.T) {
	var requests atomic.Int32
	files := http.FileServer(http.Dir(storesDir + "zarr213"))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		files.ServeHTTP(w, r)
	}))
	defer srv.Close()
	h, err := store.NewHTTP(srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	g, err := OpenGroup(ctx, h, "")
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := g.Members(ctx)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]Node{}
	for _, n := range nodes {
		byPath[n.Path] = n
	}
	for _, want := range loadZarr213(t).Stores["zarr213"] {
		if missingNeed(want.Needs) != "" {
			continue
		}
		n := byPath[want.Path]
		before := requests.Load()
		a, err := n.OpenArray(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if requests.Load() != before {
			t.Errorf("%s: opening from consolidated metadata made requests", want.Path)
		}
		buf := make([]byte, region.NumElements(a.Shape())*int64(a.DataType().Size()))
		if err := a.ReadRegion(ctx, region.Whole(a.Shape()), buf); err != nil {
			t.Fatalf("%s: %v", want.Path, err)
		}
		sameValues(t, want.Path+" over HTTP", a.DataType(), buf, want.Hex)
		if _, err := a.Stats(ctx); err == nil {
			t.Errorf("%s: Stats over HTTP listed keys", want.Path)
		}
	}
}

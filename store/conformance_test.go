package store_test

import (
	"path/filepath"
	"testing"

	"github.com/zcodec/zcodec/internal/storetest"
	"github.com/zcodec/zcodec/store"
)

func TestMemory(t *testing.T) { storetest.Conformance(t, store.NewMemory()) }

func TestDir(t *testing.T) {
	d, err := store.CreateDir(filepath.Join(t.TempDir(), "new", "store.zarr"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	storetest.Conformance(t, d)
}

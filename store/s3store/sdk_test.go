package s3store

import (
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

func TestFakeServer(t *testing.T) {
	if gofakes3.New(s3mem.New()) == nil {
		t.Fatal("no server")
	}
}

package main

import (
	"strings"
	"testing"
)

// TestCheckDisjointObjects: an object-store DST that is SRC, lies below
// it or holds it, in the same bucket, is refused as a directory would be;
// other buckets, schemes and sibling prefixes are not.
func TestCheckDisjointObjects(t *testing.T) {
	for _, tc := range []struct {
		src, dst string
		want     string // "" for no error
	}{
		{"s3://b/a.zarr", "s3://b/a.zarr/", "is the store SRC"},
		{"s3://b/a.zarr", "s3://b/a.zarr/out", "lies inside SRC"},
		{"s3://b", "s3://b/out", "lies inside SRC"},
		{"s3://b/a.zarr/x", "s3://b/a.zarr", "SRC s3://b/a.zarr/x lies inside DST"},
		{"gs://b/a.zarr", "gs://b/a.zarr/o", "lies inside SRC"},
		{"s3://b/a.zarr", "s3://b/a.zarr2", ""},
		{"s3://b/a.zarr", "s3://c/a.zarr/out", ""},
		{"s3://b/a.zarr", "gs://b/a.zarr/out", ""},
	} {
		err := checkDisjoint(tc.src, tc.dst, "DST")
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s -> %s: %v", tc.src, tc.dst, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s -> %s: %v, want %q", tc.src, tc.dst, err, tc.want)
		}
	}
}

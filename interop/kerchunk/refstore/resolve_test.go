package refstore

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestResolve(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "sets"), 0o755)
	os.WriteFile(filepath.Join(dir, "f.h5"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, "sets", "g.h5"), nil, 0o644)
	real, _ := filepath.EvalSymlinks(dir)
	key := func(p string) string { return strings.TrimPrefix(filepath.ToSlash(filepath.Join(real, p)), "/") }
	local := filepath.Join(dir, "sets", "refs.json")
	for _, c := range []struct {
		base, url  string
		allowLocal bool
		root, key  string
		reason     string // the error's text, when it fails
	}{
		// local sets
		{local, "g.h5", false, "/", key("sets/g.h5"), ""},
		{local, "./g.h5", false, "/", key("sets/g.h5"), ""},
		{local, "../f.h5", false, "/", key("f.h5"), ""},
		{local, filepath.Join(dir, "f.h5"), false, "/", key("f.h5"), ""},
		{local, "file://" + filepath.ToSlash(filepath.Join(dir, "f.h5")), false, "/", key("f.h5"), ""},
		{local, "missing.h5", false, "", "", "the file does not exist"},
		{local, "https://example.com/a/b%20c.h5", false, "https://example.com", "a/b c.h5", ""},
		{local, "HTTP://Example.com:8080/x.h5", false, "http://Example.com:8080", "x.h5", ""},
		{local, "s3://bkt/a/b.h5", false, "s3://bkt", "a/b.h5", ""},
		{local, "gcs://bkt/a.h5", false, "gs://bkt", "a.h5", ""},
		{local, "s3a://bkt/a.h5", false, "s3://bkt", "a.h5", ""},
		{local, "memory://x/a.h5", false, "memory://x", "a.h5", ""}, // opening it fails
		// remote sets
		{"https://example.com/sets/refs.json", "g.h5", false, "https://example.com", "sets/g.h5", ""},
		{"https://example.com/sets/refs.json", "../data/f.h5", false, "https://example.com", "data/f.h5", ""},
		{"https://example.com/my%20sets/refs.json", "g.h5", false, "https://example.com", "my sets/g.h5", ""},
		{"https://example.com/refs.json", "../f.h5", false, "", "", "above the root"},
		{"s3://bkt/sets/refs.json", "data/f.h5", false, "s3://bkt", "sets/data/f.h5", ""},
		{"s3://bkt/refs.parq", "f.h5", false, "s3://bkt", "f.h5", ""},
		{"s3://bkt/refs.json", "/etc/passwd", false, "", "", "may not name a local file"},
		{"s3://bkt/refs.json", "file:///etc/passwd", false, "", "", "may not name a local file"},
		{"https://example.com/refs.json", filepath.Join(dir, "f.h5"), true, "/", key("f.h5"), ""},
		// refused
		{"", "g.h5", false, "", "", "no location to resolve it against"},
		{local, "", false, "", "", "no URL"},
		{local, "https://user:pw9Zq@example.com/f.h5", false, "", "", `"@"`},
		{local, "s3://AKIA:se/cr3tXYZ@bkt/f.h5", false, "", "", `"@"`},
		{local, "https://example.com/f.h5?X-Amz-Signature=f00dfeed", false, "", "", "query"},
		{local, "simplecache::s3://bkt/f.h5", false, "", "", "chained"},
		{local, "s3://bkt", false, "", "", "names a bucket"},
		{local, "https://example.com/", false, "", "", "does not name a file"},
		{local, "1://x", false, "", "", "not a URL"},
	} {
		tg, err := resolve(c.url, parseBase(c.base), c.allowLocal)
		switch {
		case c.reason != "":
			if err == nil || !strings.Contains(err.Error(), c.reason) || !errors.Is(err, ErrReference) {
				t.Errorf("%s from %s: %v, %+v; want an error saying %q", c.url, c.base, err, tg, c.reason)
			}
			if err != nil && (strings.Contains(err.Error(), "pw9Zq") || strings.Contains(err.Error(), "cr3tXYZ") || strings.Contains(err.Error(), "se/") || strings.Contains(err.Error(), "f00dfeed")) {
				t.Errorf("%s: the error shows a secret: %v", c.url, err)
			}
		case err != nil:
			t.Errorf("%s from %s: %v", c.url, c.base, err)
		case tg.root != c.root || tg.key != c.key:
			t.Errorf("%s from %s: root %q key %q, want %q %q", c.url, c.base, tg.root, tg.key, c.root, c.key)
		}
	}
}

func TestShowURL(t *testing.T) {
	for in, want := range map[string]string{
		"s3://b/k":                       "s3://b/k",
		"https://u:p@h/x":                "https://xxxxx@h/x",
		"s3://AKIA:se/cret@bkt/f.h5":     "s3://xxxxx@bkt/f.h5",
		"https://h/x?sig=1#f":            "https://h/x?xxxxx",
		"a\x00b":                         `"a\x00b"`,
		"simplecache::s3://k:s/e@b/x.h5": "simplecache::s3://xxxxx@b/x.h5",
	} {
		if got := showURL(in); got != want {
			t.Errorf("showURL(%q) = %q, want %q", in, got, want)
		}
	}
}

package store

import (
	"errors"
	"strings"
	"testing"
)

func TestParseLocation(t *testing.T) {
	for _, c := range []struct {
		in                 string
		scheme, host, path string
		str                string
	}{
		{"data/a.zarr", "file", "", "data/a.zarr", "data/a.zarr"},
		{"/srv/x y.zarr", "file", "", "/srv/x y.zarr", "/srv/x y.zarr"},
		{"user@host:dir", "file", "", "user@host:dir", "user@host:dir"}, // no scheme: a path
		{"s3:/bucket", "file", "", "s3:/bucket", "s3:/bucket"},
		{"./s3://b", "file", "", "./s3://b", "./s3://b"},
		{"1x://b", "file", "", "1x://b", "1x://b"},
		{"C://data", "file", "", "C://data", "C://data"},
		{"a\nb", "file", "", "a\nb", `"a\nb"`},
		{"file:///srv/x%20y.zarr", "file", "", "/srv/x y.zarr", "file:///srv/x%20y.zarr"},
		{"FILE://localhost/srv/x", "file", "", "/srv/x", "FILE://localhost/srv/x"},
		{"https://example.com:8443/data/a.zarr/", "https", "example.com:8443", "/data/a.zarr", "https://example.com:8443/data/a.zarr/"},
		{"http://example.com", "http", "example.com", "", "http://example.com"},
		{"s3://bucket", "s3", "bucket", "", "s3://bucket"},
		{"s3://bucket/", "s3", "bucket", "", "s3://bucket"},
		{"S3://my.bucket-1/a/b.zarr/", "s3", "my.bucket-1", "a/b.zarr", "s3://my.bucket-1/a/b.zarr"},
		{"gs://b_2/x%20y", "gs", "b_2", "x%20y", "gs://b_2/x%20y"}, // taken as written
		{"az://container/p", "az", "container", "p", "az://container/p"},
		{"s3://b/caf\u00e9", "s3", "b", "caf\u00e9", "s3://b/caf\u00e9"},
		{"s3://b/a\tb", "s3", "b", "a\tb", `"s3://b/a\tb"`},
	} {
		loc, err := ParseLocation(c.in)
		if err != nil {
			t.Errorf("ParseLocation(%q): %v", c.in, err)
			continue
		}
		if loc.Scheme != c.scheme || loc.Host != c.host || loc.Path != c.path || loc.Raw != c.in {
			t.Errorf("ParseLocation(%q) = %+v, want scheme %q host %q path %q", c.in, loc, c.scheme, c.host, c.path)
		}
		if s := (Location{Scheme: loc.Scheme, Host: loc.Host, Path: loc.Path}).String(); loc.Scheme != "file" && s != strings.TrimSuffix(loc.String(), "/") {
			t.Errorf("ParseLocation(%q) without Raw prints %q, with it %q", c.in, s, loc.String())
		}
		if s := loc.String(); s != c.str {
			t.Errorf("ParseLocation(%q).String() = %q, want %q", c.in, s, c.str)
		}
	}
}

func TestParseLocationRefuses(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // in the message
	}{
		{"", "empty location"},
		{"s3://", "no bucket"},
		{"s3:///prefix", "no bucket"},
		{"gs://bu:cket/x", `holds ':'`},
		{"s3://" + strings.Repeat("b", 223), "at most 222 bytes"},
		{"s3://../x", "path segment"}, // store/s3store refuses it: so does the parser
		{"gs://./x", "path segment"},
		{"s3://b/a//c", "empty segment"},
		{"s3://b//a", `starts with "/"`},
		{"s3://b/a/../c", `".." segment`},
		{"s3://b/./c", `"." segment`},
		{"s3://b/a\\c", "backslash"},
		{"s3://b/a\x00c", "NUL"},
		{"s3://b/\xff", "UTF-8"},
		{"s3://b/a?versionId=3", "query or a fragment"},
		{"s3://b/a#frag", "query or a fragment"},
		{"https://h/a?x=1", "query or a fragment"},
		{"file:///a?x", "query or a fragment"},
		{"https:///path", "no host"},
		{"file://otherhost/x", "not host"},
		{"file://", "no directory"},
		{"s3://b/user@example.com/x", `holding "@"`},
		{"https://h/pkg@1/x", "%40"},
	} {
		_, err := ParseLocation(c.in)
		var le *LocationError
		if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseLocation(%q): %v, want a *LocationError saying %q", c.in, err, c.want)
		}
	}
}

// TestParseLocationNoSecretInErrors: a URL with credentials is refused,
// and the message shows none of them, even when the secret holds "/",
// "?", "#" or "@", which move the apparent end of the host part.
func TestParseLocationNoSecretInErrors(t *testing.T) {
	const secret = "wJalrXUtnFEMI/K7MDENG?bPx#RfiCY@EXAMPLEKEY"
	for _, scheme := range []string{"s3", "gs", "http", "https", "file", "az"} {
		for _, in := range []string{
			scheme + "://AKIDEXAMPLE:" + secret + "@bucket/prefix",
			scheme + "://:" + secret + "@bucket",
			scheme + "://" + secret + "@bucket/x?X-Amz-Signature=" + secret,
		} {
			loc, err := ParseLocation(in)
			if err == nil {
				t.Errorf("ParseLocation(%q) = %+v, want an error", in, loc)
				continue
			}
			for _, part := range []string{"wJalr", "K7MDENG", "bPx", "RfiCY", "EXAMPLEKEY", "AKIDEXAMPLE"} {
				if strings.Contains(err.Error(), part) {
					t.Errorf("ParseLocation(%q): %q shows %q", in, err, part)
				}
			}
			if !errors.Is(err, ErrCredentialsInURL) {
				t.Errorf("ParseLocation(%q): %v, want ErrCredentialsInURL", in, err)
			}
		}
	}
}

// FuzzParseLocation: any string parses or gives a *LocationError, never
// a panic; what parses meets the documented invariants, and an object
// location prints as a URL that parses back to the same location. Built
// with user information, a URL is refused and its error shows no secret.
func FuzzParseLocation(f *testing.F) {
	for _, s := range []string{"data/a.zarr", "s3://b/p", "gs://b", "https://h:1/x/", "file:///x", "s3://b/a//c", "s3://u:p@b/x", "s3://b/x?y#z"} {
		f.Add(s, "user", "pw")
	}
	f.Fuzz(func(t *testing.T, s, user, secret string) {
		loc, err := ParseLocation(s)
		if err != nil {
			var le *LocationError
			if !errors.As(err, &le) {
				t.Fatalf("ParseLocation(%q): %v is not a *LocationError", s, err)
			}
		} else {
			checkLocation(t, s, loc)
		}
		scheme, rest, ok := splitScheme(s)
		if !ok {
			return
		}
		const marker = "S3CR3T"
		in := scheme + "://" + user + ":" + marker + secret + "@" + rest
		if strings.Count(in, marker) != 1 {
			return
		}
		loc, err = ParseLocation(in)
		if err == nil {
			t.Fatalf("ParseLocation(%q) = %+v, want ErrCredentialsInURL", in, loc)
		}
		if strings.Contains(err.Error(), marker) {
			t.Fatalf("ParseLocation(%q): %q shows the secret", in, err)
		}
	})
}

func checkLocation(t *testing.T, s string, loc Location) {
	t.Helper()
	if loc.Raw != s || loc.Scheme == "" || loc.Scheme != strings.ToLower(loc.Scheme) {
		t.Fatalf("ParseLocation(%q) = %+v: Raw or Scheme wrong", s, loc)
	}
	switch loc.Scheme {
	case "file":
		if loc.Path == "" || loc.Host != "" {
			t.Fatalf("ParseLocation(%q) = %+v: a directory without a path", s, loc)
		}
		return
	case "http", "https":
		if loc.Host == "" || strings.ContainsAny(s, "@?#") {
			t.Fatalf("ParseLocation(%q) = %+v", s, loc)
		}
		return
	}
	if err := checkBucket(loc.Host); err != nil {
		t.Fatalf("ParseLocation(%q) = %+v: %v", s, loc, err)
	}
	if loc.Path != "" && ValidKey(loc.Path) != nil {
		t.Fatalf("ParseLocation(%q) = %+v: the prefix is not a key", s, loc)
	}
	if strings.ContainsAny(s, "@?#") {
		t.Fatalf("ParseLocation(%q) = %+v: accepted \"@\", a query or a fragment", s, loc)
	}
	str := loc.String()
	if !printable(str) {
		t.Fatalf("String() = %q is not printable", str)
	}
	if str[0] == '"' {
		return // quoted: not a URL to parse back
	}
	back, err := ParseLocation(str)
	if err != nil || back.Scheme != loc.Scheme || back.Host != loc.Host || back.Path != loc.Path {
		t.Fatalf("ParseLocation(%q) = %+v; its String %q parses to %+v, %v", s, loc, str, back, err)
	}
}

// TestLocationStringRedactsBuiltURL: a Location built by hand (not by
// ParseLocation) whose Raw URL holds credentials, a query or a fragment
// prints without them.
func TestLocationStringRedactsBuiltURL(t *testing.T) {
	for _, raw := range []string{"https://user:s3cr3t@host/x", "https://host/x?X-Amz-Signature=s3cr3t", "http://host/x#s3cr3t"} {
		if s := (Location{Scheme: strings.SplitN(raw, ":", 2)[0], Host: "host", Path: "/x", Raw: raw}).String(); strings.Contains(s, "s3cr3t") {
			t.Errorf("Location with Raw %q prints %q", raw, s)
		}
	}
}

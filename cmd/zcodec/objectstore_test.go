package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/zcodec/zcodec/store"
)

// The fake credentials of the object-store tests: no output may show the
// secret or the token, nor a part of them on either side of the "/".
const (
	fakeKeyID  = "AKIAZCODECTESTKEY"
	fakeSecret = "zcodecFakeSecretKey/c0ffee+K9e7Q2w8LmT4xVb"
	fakeToken  = "zcodecFakeSessionToken/IQoJb3JpZ2luX2VjEJr+deadbeef"
)

// fakeS3 is an in-process S3-compatible server (gofakes3 over memory)
// holding one bucket, "zarr".
type fakeS3 struct {
	url     string
	backend *s3mem.Backend
}

// startFakeS3 starts the server for the test and keeps the test away from
// the machine's AWS settings: fake credentials, no shared files, no
// instance metadata, no endpoint, region or profile from the environment.
// s3:// and gs:// PATHs reach the server with --endpoint f.url.
func startFakeS3(t *testing.T) *fakeS3 {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket("zarr"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	none := filepath.Join(t.TempDir(), "none")
	for k, v := range map[string]string{
		"AWS_ACCESS_KEY_ID": fakeKeyID, "AWS_SECRET_ACCESS_KEY": fakeSecret, "AWS_SESSION_TOKEN": fakeToken,
		"AWS_CONFIG_FILE": none, "AWS_SHARED_CREDENTIALS_FILE": none, "AWS_EC2_METADATA_DISABLED": "true",
		"AWS_ENDPOINT_URL": "", "AWS_ENDPOINT_URL_S3": "", "AWS_REGION": "", "AWS_DEFAULT_REGION": "", "AWS_PROFILE": "",
	} {
		t.Setenv(k, v)
	}
	return &fakeS3{url: srv.URL, backend: backend}
}

// upload copies the files under dir into the bucket under prefix.
func (f *fakeS3) upload(t *testing.T, dir, prefix string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		_, err = f.backend.PutObject("zarr", prefix+"/"+filepath.ToSlash(rel), map[string]string{}, bytes.NewReader(b), int64(len(b)), nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// infoDoc is what the tests compare of info --json and verify --json.
type infoDoc struct {
	Path   string          `json:"path"`
	Nodes  []infoNode      `json:"nodes"`
	OK     *bool           `json:"ok"`
	Arrays json.RawMessage `json:"arrays"`
}

func parseDoc(t *testing.T, what, out string) infoDoc {
	t.Helper()
	var d infoDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%s: %v\n%s", what, err, out)
	}
	return d
}

// TestObjectStorePaths: info, verify, cat and advise read s3:// and gs://
// PATHs, and see there what they see in the same files on disk: the same
// tree and chunk counts (so the listing is whole), the same verdicts, the
// same values as zarr wrote; the name they print is the URL.
func TestObjectStorePaths(t *testing.T) {
	f := startFakeS3(t)
	f.upload(t, stores+"zarr213", "archive/zarr213")
	localInfo, _, _ := runIn(t, nil, "info", "--json", stores+"zarr213")
	localVerify, _, localCode := runIn(t, nil, "verify", "--json", stores+"zarr213")
	want, wantVerify := parseDoc(t, "local info", localInfo), parseDoc(t, "local verify", localVerify)
	if len(want.Nodes) < 10 {
		t.Fatalf("local info lists %d nodes:\n%s", len(want.Nodes), localInfo)
	}
	// The schemes and the arrays in parallel.
	n := 0
	t.Run("remote", func(t *testing.T) {
		for _, scheme := range []string{"s3", "gs"} {
			t.Run(scheme, func(t *testing.T) {
				t.Parallel()
				loc := scheme + "://zarr/archive/zarr213"
				out, stderr, _ := runIn(t, nil, "info", "--json", "--endpoint", f.url, loc)
				got := parseDoc(t, "info "+loc, out)
				if got.Path != loc || !reflect.DeepEqual(got.Nodes, want.Nodes) {
					t.Errorf("info --json %s: path %q and nodes differ from the directory's:\n%s\n%s", loc, got.Path, out, stderr)
				}
				out, stderr, code := runIn(t, nil, "verify", "--json", "--endpoint", f.url, loc)
				gotVerify := parseDoc(t, "verify "+loc, out)
				if code != localCode || gotVerify.Path != loc || *gotVerify.OK != *wantVerify.OK || !bytes.Equal(gotVerify.Arrays, wantVerify.Arrays) {
					t.Errorf("verify --json %s: exit %d (directory: %d), results differ:\n%s\n%s", loc, code, localCode, out, stderr)
				}
				out, _, _ = runIn(t, nil, "info", "--endpoint", f.url, loc)
				if !strings.Contains(out, "/  group (Zarr v2, consolidated metadata)") || !strings.Contains(out, "1 of 3 chunks present, 2 absent") {
					t.Errorf("info %s:\n%s", loc, out)
				}
			})
		}
		for _, a := range loadZarr213(t)["zarr213"] {
			if !readable(a) || a.Hex == "" {
				continue
			}
			n++
			t.Run("cat-"+strings.ReplaceAll(a.Path, "/", "_"), func(t *testing.T) {
				t.Parallel()
				out, stderr, code := runIn(t, nil, "cat", "--endpoint", f.url, "s3://zarr/archive/zarr213/"+a.Path)
				if code != 0 {
					t.Fatalf("cat s3://zarr/archive/zarr213/%s: exit %d: %s", a.Path, code, stderr)
				}
				sameAsZarr(t, "cat s3://.../"+a.Path, []byte(out), a.Hex)
			})
		}
	})
	if n == 0 {
		t.Fatal("no array to cat")
	}
	out, stderr, code := runIn(t, nil, "advise", "--endpoint", f.url, "--lossless", "s3://zarr/archive/zarr213/i4_gzip")
	if code != 0 || out == "" {
		t.Errorf("advise of s3://: exit %d\n%s%s", code, out, stderr)
	}
	// The endpoint from the environment, as the SDKs read it.
	t.Setenv("AWS_ENDPOINT_URL", f.url)
	if _, stderr, code := runIn(t, nil, "info", "s3://zarr/archive/zarr213/i4_gzip"); code != 0 {
		t.Errorf("info with AWS_ENDPOINT_URL: exit %d: %s", code, stderr)
	}
	// Nothing at the prefix: an error that names the URL.
	if _, stderr, code := runIn(t, nil, "info", "s3://zarr/archive/nothing"); code != 1 || !strings.Contains(stderr, "s3://zarr/archive/nothing") {
		t.Errorf("info of an empty prefix: exit %d: %s", code, stderr)
	}
}

// TestObjectStoreFlags: the object-store flags reach store.ObjectOptions
// as given, and no flag leaves the environment's settings to the store.
func TestObjectStoreFlags(t *testing.T) {
	parse := func(args ...string) (*storeFlags, string) {
		var stderr bytes.Buffer
		fs := newFlags(&environment{stdout: io.Discard, stderr: &stderr}, "info", "zcodec info PATH", "")
		sf := fs.storeFlags(false)
		if _, code, stop := fs.parse(append(args, "PATH")); stop {
			return nil, stderr.String() + string(rune('0'+code))
		}
		if err := sf.check(); err != nil {
			return nil, err.Error()
		}
		return sf, ""
	}
	sf, msg := parse("--endpoint", "http://127.0.0.1:9000", "--s3-region", "eu-west-3", "--profile", "archive",
		"--anonymous", "--max-in-flight", "7", "--timeout", "5s")
	if sf == nil {
		t.Fatal(msg)
	}
	want := store.ObjectOptions{Endpoint: "http://127.0.0.1:9000", Region: "eu-west-3", Profile: "archive", Anonymous: true, MaxInFlight: 7, Timeout: 5 * time.Second}
	if got := *sf.objectOptions(); got != want {
		t.Errorf("objectOptions = %+v, want %+v", got, want)
	}
	if o := sf.openOptions(false); o.Write || o.Object == nil || o.HTTP == nil || o.HTTP.Deadline != 5*time.Second {
		t.Errorf("openOptions = %+v", o)
	}
	if sf, msg = parse(); sf == nil || *sf.objectOptions() != (store.ObjectOptions{}) {
		t.Errorf("no flags: %v %s, want zero ObjectOptions (the environment's settings)", sf, msg)
	}
	// The backoff is the environment's, as the in-process tests set it.
	if got := newFlags(&environment{stdout: io.Discard, stderr: io.Discard, backoff: -1}, "info", "zcodec info PATH", "").storeFlags(false).objectOptions(); got.Backoff != -1 {
		t.Errorf("environment backoff -1: objectOptions().Backoff = %v", got.Backoff)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--max-in-flight", "-1"}, "--max-in-flight -1"},
		{[]string{"--endpoint", "ftp://h"}, "want an http:// or https:// URL"},
		{[]string{"--endpoint", "https://" + fakeKeyID + ":" + fakeSecret + "@h"}, `holding "@"`},
	} {
		if sf, msg := parse(c.args...); sf != nil || !strings.Contains(msg, c.want) || strings.Contains(msg, "c0ffee") {
			t.Errorf("%v: %q, want an error saying %q and no secret", c.args, msg, c.want)
		}
	}
}

// TestNoCredentialsInOutput: with credentials in the environment (a key,
// a secret and a session token), no output of info, cat or verify, text or
// --json, on standard output or standard error, in success or failure,
// shows the secret or the token, nor does a refused PATH or --endpoint
// that carries them.
func TestNoCredentialsInOutput(t *testing.T) {
	f := startFakeS3(t)
	f.upload(t, stores+"zarr213", "archive/zarr213")
	f.upload(t, stores+"zarr213_plain/i4_gzip", "damaged")
	garbage := "\x1f\x8b garbage"
	if _, err := f.backend.PutObject("zarr", "damaged/1.0", map[string]string{}, strings.NewReader(garbage), int64(len(garbage)), nil); err != nil {
		t.Fatal(err)
	}
	secrets := []string{fakeSecret, fakeToken}
	for _, s := range []string{fakeSecret, fakeToken} {
		a, b, _ := strings.Cut(s, "/")
		secrets = append(secrets, a, b)
	}
	paths := []string{
		"s3://zarr/archive/zarr213",         // a group, some arrays unreadable
		"s3://zarr/archive/zarr213/i4_gzip", // an array
		"s3://zarr/damaged",                 // a damaged chunk
		"s3://zarr/nothing",                 // no such prefix
		"s3://nobucket/x",                   // no such bucket
		"s3://" + fakeKeyID + ":" + fakeSecret + "@zarr/archive/zarr213", // credentials in the URL
		"gs://zarr/archive/zarr213/i4_gzip",
	}
	endpoints := [][]string{
		{"--endpoint", f.url},
		{"--endpoint", "http://127.0.0.1:1"}, // nothing listens
		{"--endpoint", strings.Replace(f.url, "http://", "http://"+fakeKeyID+":"+fakeSecret+"@", 1)},
		{"--endpoint", f.url, "--profile", "nosuchprofile"},
	}
	var runs, failures atomic.Int64
	t.Run("in-process", func(t *testing.T) {
		for i, p := range paths { // each PATH in parallel; names without the secrets
			t.Run(fmt.Sprintf("path%d", i), func(t *testing.T) {
				t.Parallel()
				for _, ep := range endpoints {
					for _, args := range [][]string{
						{"info"}, {"info", "--json"}, {"verify"}, {"verify", "--json"}, {"cat"}, {"cat", "--format", "csv"},
					} {
						args = append(append(append([]string{}, args...), ep...), "--timeout", "10s", p)
						out, stderr, code := runIn(t, nil, args...)
						runs.Add(1)
						if code != 0 {
							failures.Add(1)
						}
						for _, s := range secrets {
							if strings.Contains(out, s) || strings.Contains(stderr, s) {
								t.Errorf("%v (exit %d) shows %q:\nstdout:\n%s\nstderr:\n%s", args, code, s, out, stderr)
							}
						}
					}
				}
			})
		}
	})
	if runs, failures := runs.Load(), failures.Load(); runs != int64(len(paths)*len(endpoints)*6) || failures == 0 || failures == runs {
		t.Errorf("%d of %d runs failed: want both successes and failures checked", failures, runs)
	}
	// The command itself, as a process, with the same environment.
	for _, args := range [][]string{
		{"info", "--endpoint", f.url, "s3://zarr/archive/zarr213"},
		{"verify", "--json", "--endpoint", f.url, "s3://" + fakeKeyID + ":" + fakeSecret + "@zarr/x"},
	} {
		out, stderr, code := zcodecProcess(t, nil, args...)
		for _, s := range secrets {
			if strings.Contains(out+stderr, s) {
				t.Errorf("zcodec %v (exit %d) shows %q:\n%s%s", args, code, s, out, stderr)
			}
		}
	}
}

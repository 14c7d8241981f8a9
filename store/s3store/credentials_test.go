package s3store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/store"
)

// TestNoCredentials: with no credentials anywhere in the chain, a request
// fails at once with ErrNoCredentials and a message that says what to set,
// sends nothing and is not retried; anonymous access still works.
func TestNoCredentials(t *testing.T) {
	f := newFakeS3(t)
	isolate(t)
	for _, k := range []string{"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"} {
		t.Setenv(k, "")
	}
	s, err := New(context.Background(), testBucket, "p", &store.ObjectOptions{Endpoint: f.URL})
	if err != nil {
		t.Fatal(err)
	}
	f.requests()
	_, err = s.Get(context.Background(), "zarr.json", store.NoLimit)
	if !errors.Is(err, ErrNoCredentials) {
		t.Fatalf("Get without credentials: %v, want ErrNoCredentials", err)
	}
	var e *Error
	if !errors.As(err, &e) || e.Attempts != 1 {
		t.Errorf("Get without credentials: %#v, want one attempt", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "AWS_ACCESS_KEY_ID") || strings.Contains(msg, "get identity") {
		t.Errorf("message %q: want what to set, without the SDK's wrapping", msg)
	}
	if r := f.requests(); len(r) != 0 {
		t.Errorf("%d requests sent without credentials", len(r))
	}
	anon, err := New(context.Background(), testBucket, "p", &store.ObjectOptions{Endpoint: f.URL, Anonymous: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := anon.Get(context.Background(), "zarr.json", store.NoLimit); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("anonymous Get of an absent key: %v, want ErrNotFound", err)
	}
}

// TestCredentialProcessOutputNotShown: a profile's credential_process
// whose output does not parse fails with ErrNoCredentials, and the error
// does not repeat the output, which holds the secret key.
func TestCredentialProcessOutputNotShown(t *testing.T) {
	f := newFakeS3(t)
	isolate(t)
	for _, k := range []string{"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"} {
		t.Setenv(k, "")
	}
	const secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYPROCESSKEY"
	script := filepath.Join(t.TempDir(), "creds.sh")
	out := `{"Version": 1, "AccessKeyId": "AKIAPROCESS", "SecretAccessKey": "` + secret + `",}`
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho '"+out+"'\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	conf := "[profile leaky]\ncredential_process = " + script + "\n"
	if err := os.WriteFile(os.Getenv("AWS_CONFIG_FILE"), []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := New(context.Background(), testBucket, "p", &store.ObjectOptions{Endpoint: f.URL, Profile: "leaky", Retries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Get(context.Background(), "zarr.json", store.NoLimit)
	if !errors.Is(err, ErrNoCredentials) {
		t.Fatalf("Get with a credential_process that fails: %v, want ErrNoCredentials", err)
	}
	if msg := err.Error(); strings.Contains(msg, secret) || strings.Contains(msg, "PROCESSKEY") {
		t.Errorf("the error shows the secret key: %s", msg)
	} else if !strings.Contains(msg, "credential_process") {
		t.Errorf("the error does not say the credential_process failed: %s", msg)
	}
}

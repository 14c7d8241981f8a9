package store_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// A package that reads a format of files as a store registers it from
// its init function. This toy format, "kv", is a text file that starts
// with the line "KV1" and then holds one key=value line per value.
func init() {
	store.RegisterFormat(store.Format{
		Name:     "kv",
		HeadSize: 4,
		Match: func(head []byte, size int64) bool {
			return bytes.HasPrefix(head, []byte("KV1\n"))
		},
		Open: openKV,
	})
}

// openKV reads the whole file (it is small) into a memory store and
// closes the file: the store it returns holds nothing open.
func openKV(ctx context.Context, f *store.File, inner string, opts *store.OpenOptions) (store.Store, error) {
	defer f.Close()
	if inner != "" {
		return nil, fmt.Errorf("a kv file holds no %q", inner)
	}
	data, err := f.ReadRange(ctx, byterange.Whole)
	if err != nil {
		return nil, err
	}
	m := store.NewMemory()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Scan() // the "KV1" line
	for sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), "=")
		if err := m.Set(ctx, k, []byte(v)); err != nil {
			return nil, err
		}
	}
	return store.ReadOnly(m), nil
}

func ExampleRegisterFormat() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "store-format")
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "notes.kv")
	os.WriteFile(file, []byte("KV1\ngreeting=hello\nsubject=world\n"), 0o666)

	s, err := store.Open(ctx, file, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	v, _ := s.Get(ctx, "greeting", store.NoLimit)
	fmt.Printf("%s\n", v)

	// A file opens read-only.
	_, err = store.Open(ctx, file, &store.OpenOptions{Write: true})
	fmt.Println(errors.Is(err, store.ErrReadOnly))
	// Output:
	// hello
	// true
}

package outfile_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/zcodec/zcodec/cmd/zcodec/internal/outfile"
)

// Write a result, then commit it: until Commit, the path holds what it
// held before, and a failure calls Abort instead.
func ExampleCreate() {
	dir, _ := os.MkdirTemp("", "outfile")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "result.bin")

	f, err := outfile.Create(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Abort() // does nothing after a successful Commit
	if _, err := f.Write([]byte("encoded chunk")); err != nil {
		fmt.Println(err)
		return
	}
	if err := f.Commit(); err != nil {
		fmt.Println(err)
		return
	}
	b, _ := os.ReadFile(path)
	fmt.Println(string(b))

	_, err = outfile.Create(filepath.Join(dir, "missing", "x.bin"))
	fmt.Println(err != nil)
	// Output:
	// encoded chunk
	// true
}

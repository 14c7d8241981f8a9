// Command readme splices the committed output of bench/compare into the
// README's performance section:
//
//	go run ./bench/compare -set all -repeat 5 -md -o bench/performance.md
//	go run ./bench/readme
//
// The section holds the file verbatim between the lines
//
//	<!-- begin bench/performance.md: go run ./bench/readme -->
//	<!-- end bench/performance.md -->
//
// and the test of this package fails while the two differ, so that the
// README's figures are always one run of the tool, committed beside it.
// Run from the repository root; -readme and -results name other files.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
)

// The markers around the block.
const (
	begin = "<!-- begin bench/performance.md: go run ./bench/readme -->\n"
	end   = "<!-- end bench/performance.md -->\n"
)

// errMarkers is returned when the README does not have the markers once
// each, in order.
var errMarkers = errors.New("the README needs the lines " + begin[:len(begin)-1] + " and " + end[:len(end)-1] + ", once each, in that order")

// splice returns readme with the text between the markers replaced by
// results.
func splice(readme, results []byte) ([]byte, error) {
	i, j := bytes.Index(readme, []byte(begin)), bytes.Index(readme, []byte(end))
	if i < 0 || j < i || bytes.Count(readme, []byte(begin)) != 1 || bytes.Count(readme, []byte(end)) != 1 {
		return nil, errMarkers
	}
	var out bytes.Buffer
	out.Write(readme[:i+len(begin)])
	out.Write(results)
	if len(results) > 0 && results[len(results)-1] != '\n' {
		out.WriteByte('\n')
	}
	out.Write(readme[j:])
	return out.Bytes(), nil
}

func main() {
	readmePath := flag.String("readme", "README.md", "the README to update")
	resultsPath := flag.String("results", "bench/performance.md", "the output of go run ./bench/compare -md")
	flag.Parse()
	readme, err := os.ReadFile(*readmePath)
	if err != nil {
		fail(err)
	}
	results, err := os.ReadFile(*resultsPath)
	if err != nil {
		fail(err)
	}
	out, err := splice(readme, results)
	if err != nil {
		fail(fmt.Errorf("%s: %v", *readmePath, err))
	}
	if !bytes.Equal(out, readme) {
		if err := os.WriteFile(*readmePath, out, 0o644); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "readme:", err)
	os.Exit(1)
}

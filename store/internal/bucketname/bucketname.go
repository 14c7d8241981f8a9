// Package bucketname checks object-store bucket names: the one rule that
// store.ParseLocation and package s3store apply, so that a location the
// parser accepts is one the store opens.
package bucketname

import (
	"errors"
	"fmt"
	"strconv"
)

// MaxLen is the longest name accepted: GCS allows 222 bytes (names with
// dots), S3 63.
const MaxLen = 222

// Check checks a bucket name loosely (S3, GCS, MinIO and others differ in
// the details): 1 to MaxLen bytes of letters, digits, '.', '-' and '_',
// and not "." or "..", so that a name can never change a request's path.
// Its errors say why, quoting the name.
func Check(b string) error {
	switch {
	case b == "":
		return errors.New("no bucket: want scheme://bucket/prefix")
	case len(b) > MaxLen:
		return fmt.Errorf("a bucket name has at most %d bytes, not %d", MaxLen, len(b))
	case b == "." || b == "..":
		return fmt.Errorf("the bucket %s is a path segment, not a name", strconv.Quote(b))
	}
	for _, c := range []byte(b) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
			return fmt.Errorf("the bucket %s holds %s: a bucket name is letters, digits, \".\", \"-\" and \"_\"", strconv.Quote(b), strconv.QuoteRune(rune(c)))
		}
	}
	return nil
}

package bucketname

import (
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	for _, b := range []string{"a", "my-bucket", "My_Bucket.v2", "...", strings.Repeat("b", MaxLen)} {
		if err := Check(b); err != nil {
			t.Errorf("Check(%q): %v", b, err)
		}
	}
	for _, b := range []string{"", ".", "..", "a/b", "a b", "a%2f", "é", "a\x00", strings.Repeat("b", MaxLen+1)} {
		if err := Check(b); err == nil {
			t.Errorf("Check(%q) accepted", b)
		}
	}
}

package cf

import (
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/numeric"
)

// ErrAttribute is matched by every error of this package.
var ErrAttribute = errors.New("invalid _FillValue attribute")

// AttributeError reports an attribute value that is not a valid encoding
// for a data type.
type AttributeError struct {
	DataType numeric.DataType
	Value    string // the JSON as given, shortened
	Reason   string
}

func (e *AttributeError) Error() string {
	return fmt.Sprintf("_FillValue %s for %v: %s", e.Value, e.DataType, e.Reason)
}

// Is makes every AttributeError match ErrAttribute.
func (e *AttributeError) Is(target error) bool { return target == ErrAttribute }

// RangeError reports a value that has no representation in a data type:
// outside its range, or not an integer for an integer type.
type RangeError struct {
	DataType numeric.DataType
	Value    string
	Reason   string
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("%s does not fit %v: %s", e.Value, e.DataType, e.Reason)
}

// Is makes every RangeError match ErrAttribute.
func (e *RangeError) Is(target error) bool { return target == ErrAttribute }

// excerpt returns the value quoted in a message: cut when long, "(empty)"
// when empty.
func excerpt(b []byte) string {
	if s := shorten.Bytes(b); s != "" {
		return s
	}
	return "(empty)"
}

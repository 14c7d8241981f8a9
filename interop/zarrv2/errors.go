package zarrv2

import (
	"errors"

	"github.com/zcodec/zcodec/internal/shorten"
)

// ErrConvert is matched by every *Error.
var ErrConvert = errors.New("cannot convert Zarr v2 array metadata")

// Error reports a .zarray that cannot be converted: where (a JSON pointer
// into the .zarray, such as "/compressor/level") and why.
type Error struct {
	Pointer string
	Reason  string
	// Err is the underlying error, such as the registry's
	// *codec.ConfigError for a codec configuration it refuses (matching
	// codec.ErrUnknownCodec when no codec of that name is registered), or
	// nil.
	Err error
}

func (e *Error) Error() string {
	if e.Pointer == "" {
		return ".zarray: " + e.Reason
	}
	return ".zarray: " + shorten.Pointer(e.Pointer) + ": " + e.Reason
}

// Is makes every Error match ErrConvert.
func (e *Error) Is(target error) bool { return target == ErrConvert }

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

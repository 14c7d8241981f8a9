package numcodecs

import (
	"errors"
)

// ErrValue is the Err of every *codec.ElementError of this package: an
// element that numcodecs itself cannot encode (its encode raises), so
// neither can this package, such as
//
//	encode element 0 (value "NaN"): int() of NaN raises ValueError in NumPy
var ErrValue = errors.New("element numcodecs cannot encode")

package netcdf

import (
	"errors"

	"github.com/zcodec/zcodec/internal/shorten"
)

// Sentinel errors, for errors.Is.
var (
	// ErrSyntax is matched by every *SyntaxError.
	ErrSyntax = errors.New("invalid netCDF filter spec")
	// ErrSpecial is matched by every *SpecialError.
	ErrSpecial = errors.New("invalid netCDF special attribute")
)

// SpecialError reports a special attribute (`_Shuffle`, `_DeflateLevel`,
// ...) whose value cannot be used, or a combination that does not determine
// the filter pipeline.
type SpecialError struct {
	Attribute string
	Value     string // the attribute's text as given
	Reason    string
	// Err is the underlying error (a *SyntaxError for `_Filter`), or nil.
	Err error
}

func (e *SpecialError) Error() string {
	if e.Value == "" {
		return e.Attribute + ": " + e.Reason
	}
	return e.Attribute + " = " + shorten.String(e.Value) + ": " + e.Reason
}

// Is makes every SpecialError match ErrSpecial.
func (e *SpecialError) Is(target error) bool { return target == ErrSpecial }

// Unwrap returns Err.
func (e *SpecialError) Unwrap() error { return e.Err }

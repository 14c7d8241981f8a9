package convert

import (
	"errors"
	"fmt"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
)

// ErrNoPlan is matched (errors.Is) by the error of OpenPlan when the
// destination holds no plan: none was written there, or Finalize removed
// it.
var ErrNoPlan = errors.New("no conversion plan")

// ErrFinalized is matched by the error of OpenPlan when the destination
// holds no plan but the record of a Finalize that published it and
// stopped before removing that record (FinalizedKey): the conversion is
// done, and RemovePlan ends the clean-up. It does not match ErrNoPlan.
var ErrFinalized = errors.New("the conversion is finalized; only the record of its finalizing is left")

// FinalizedError reports a part that found the plan removed from the
// destination, by a Finalize that published the conversion before or
// while the part ran: the part wrote nothing when it found it before its
// units, and otherwise took its marker back, so that no key of the plan
// is left in the published destination. It matches ErrFinalized.
type FinalizedError struct {
	Plan string // the digest of the plan the part ran
}

func (e *FinalizedError) Error() string {
	return "the destination was finalized (its plan was removed) while the part ran; its marker is not kept"
}

// Is reports whether target is ErrFinalized.
func (e *FinalizedError) Is(target error) bool { return target == ErrFinalized }

// ErrOtherPlan is matched by the error of WritePlan when the destination
// already holds the plan of another conversion (another source, or other
// Options). The same plan is not an error: WritePlan may run again.
var ErrOtherPlan = errors.New("the destination holds the plan of another conversion")

// PlanError reports a plan that cannot be trusted: not JSON, of another
// format, bytes that do not match their digest (changed after WritePlan
// wrote them), units that do not add up, or metadata that cannot be used.
// Nothing reads or writes units by such a plan.
type PlanError struct {
	// Reason completes "the plan ...": "does not match its SHA-256: it
	// was changed after it was written", "is of format 2, not 1", ...
	Reason string
}

func (e *PlanError) Error() string {
	return fmt.Sprintf("the conversion plan (%s) %s", PlanKey, e.Reason)
}

// NotEmptyError reports a destination that holds keys where a conversion
// must start from nothing (WritePlan, Convert). Nothing was written.
type NotEmptyError struct {
	Key string // a key found there
}

func (e *NotEmptyError) Error() string {
	return fmt.Sprintf("the destination is not empty (it holds %s)", shorten.QuoteName(e.Key))
}

// Mismatch says how a source differs from the one a plan was made from.
type Mismatch int

const (
	// ArrayMissing: the plan converts the array; the source has no array
	// at that path that can be read.
	ArrayMissing Mismatch = iota + 1
	// ArrayChanged: the array's metadata changed since the plan was made
	// (its digest, as Zarr v3 metadata, is not the plan's).
	ArrayChanged
	// ArrayExtra: the source has an array that the plan neither converts
	// nor leaves out.
	ArrayExtra
	// ChunksChanged: the stored units of the array (their keys, sizes, and
	// ETags where the store lists them) differ from those listed when the
	// plan was made, in the range the part reads.
	ChunksChanged
)

// SourceError reports a source that is not the one the plan was made
// from: RunPart writes nothing then.
type SourceError struct {
	Path     string // the array's path in the source ("" for the root)
	Mismatch Mismatch
	// Key is, for ChunksChanged, the first key of the array, in the order
	// of its units, that differs; Detail says how.
	Key, Detail string
	// Location is, for ChunksChanged, where the plan's source array was
	// ("" when its store did not say).
	Location string
}

func (e *SourceError) Error() string {
	name := shorten.QuoteName("/" + e.Path)
	switch e.Mismatch {
	case ArrayMissing:
		return fmt.Sprintf("the source has no array %s that can be read, which the plan converts: it is not the store the plan was made from", name)
	case ArrayChanged:
		return fmt.Sprintf("the metadata of array %s of the source changed since the plan was made", name)
	case ChunksChanged:
		return fmt.Sprintf("the chunks of array %s of the source are not those of the plan's source%s: %s %s", name, e.from(), shorten.QuoteName(e.Key), e.Detail)
	}
	return fmt.Sprintf("the source has array %s, which the plan does not have: it is not the store the plan was made from", name)
}

// from names the plan's source, " (LOCATION)", or "".
func (e *SourceError) from() string {
	if e.Location == "" {
		return ""
	}
	return " (" + shorten.QuoteName(e.Location) + ")"
}

// SkippedError refuses a conversion that would leave arrays out: under
// Options.Strict when any array cannot be converted, and always when no
// array of the group can be (NoneConvertible). Skipped lists every array
// (and key of the hierarchy) that cannot be converted, sorted by path.
// Nothing was written.
type SkippedError struct {
	Skipped         []Skipped
	NoneConvertible bool
}

func (e *SkippedError) Error() string {
	var b strings.Builder
	why := "strict"
	if e.NoneConvertible {
		why = "no array of the group can be converted"
	}
	fmt.Fprintf(&b, "%s; nothing written (%s):", skippedSummary(e.Skipped), why)
	for _, s := range e.Skipped {
		fmt.Fprintf(&b, "\n  %s: %s", shorten.QuoteName("/"+s.Path), s.Reason)
	}
	return b.String()
}

// IncompleteError reports parts whose markers are missing or wrong:
// Finalize publishes nothing then.
type IncompleteError struct {
	Parts   int         // the number of parts Finalize was given
	NotDone []PartState // the parts not done, in order
	// Others lists the numbers of parts other than Parts that markers in
	// the destination were written for, sorted.
	Others []int
}

func (e *IncompleteError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d parts are not done; nothing published:", len(e.NotDone), e.Parts)
	for k, s := range e.NotDone {
		if k == 20 {
			fmt.Fprintf(&b, "\n  ... and %d more", len(e.NotDone)-k)
			break
		}
		fmt.Fprintf(&b, "\n  part %d/%d: %s", s.Part, e.Parts, s.Problem)
	}
	if len(e.Others) > 0 {
		fmt.Fprintf(&b, "\n  markers were written for %s parts", joinInts(e.Others, " and "))
	}
	return b.String()
}

// WrongCount reports whether no part of Parts is done while markers of
// another number of parts are there: Parts is likely not the number the
// parts ran with.
func (e *IncompleteError) WrongCount() bool {
	return len(e.NotDone) == e.Parts && len(e.Others) > 0
}

// joinInts joins xs with sep.
func joinInts(xs []int, sep string) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, sep)
}

// OptionError reports a field of Options that cannot apply to the source:
// Chunks of another rank than an array's, Shards that are not a multiple
// of the chunks, Consolidate for an array. Err, when set, is the cause
// (zarr.ErrNotGroup for Consolidate, a codec's error for Shards).
type OptionError struct {
	// Option is the name of the field of Options: "Codecs", "Chunks",
	// "Shards" or "Consolidate".
	Option string
	// Reason says what is wrong, without the field's name.
	Reason string
	// Err is the underlying error, or nil.
	Err error
}

// Error returns "Options.Shards: reason: cause".
func (e *OptionError) Error() string {
	msg := "Options." + e.Option + ": " + e.Reason
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns Err.
func (e *OptionError) Unwrap() error { return e.Err }

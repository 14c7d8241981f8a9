package main

import (
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/convert"
)

// convertErr is an error of package convert as the command says it: the
// plan, SRC and the parts named as the user gave them (SRC as src, DST as
// dst; src is "" where no SRC was given), the library's options and limits named
// by their flags. Any other error names its nodes as copyErr does (namedErr
// under dst without a SRC). errors.Is and errors.As see the original.
func convertErr(src, dst string, err error) error {
	var (
		pe *convert.PlanError
		se *convert.SourceError
		ke *convert.SkippedError
		ie *convert.IncompleteError
	)
	var msg string
	switch {
	case errors.As(err, &pe):
		msg = fmt.Sprintf("the conversion plan (%s) %s; run --plan again on an empty DST", convert.PlanKey, pe.Reason)
	case errors.As(err, &se):
		name := memberName("/" + se.Path)
		switch se.Mismatch {
		case convert.ArrayMissing:
			msg = fmt.Sprintf("SRC has no array %s that can be read, which the plan converts: SRC is not the store the plan was made from", name)
		case convert.ArrayChanged:
			msg = fmt.Sprintf("the metadata of array %s of SRC changed since the plan was made", name)
		case convert.ChunksChanged:
			from := ""
			if se.Location != "" {
				from = " (" + shown(se.Location) + ")"
			}
			msg = fmt.Sprintf("the chunks of array %s of SRC are not those of the store the plan was made from%s: %s %s; give that SRC, or plan again into a new DST",
				name, from, memberName(se.Key), se.Detail)
		default:
			msg = fmt.Sprintf("SRC has array %s, which the plan does not have: SRC is not the store the plan was made from", name)
		}
	case errors.As(err, &ke):
		msg = skippedMessage(src, ke)
	case errors.As(err, &ie):
		msg = incompleteMessage(ie)
	case src == "":
		w := nodeWording(dst)
		w.flags = true
		return w.worded(err)
	default:
		w := copyWording(src, dst)
		w.flags = true
		return w.worded(err)
	}
	return &namedError{msg: msg, err: err}
}

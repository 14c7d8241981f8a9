package convert

import "fmt"

// The keys of a conversion in parts, under Dir in the destination beside
// the chunks the parts write, until Finalize removes them. No array or
// group of the destination is visible before Finalize publishes the
// metadata the plan holds.
const (
	// Dir is the prefix of the keys of a conversion in parts.
	Dir = ".zcodec/convert"
	// PlanKey holds the plan, written by WritePlan.
	PlanKey = Dir + "/plan.json"
	// FinalizedKey holds the record that Finalize published the metadata,
	// written before it removes the plan and removed last.
	FinalizedKey = Dir + "/finalized.json"

	// ListingKey holds the stored units of the source's arrays when the
	// plan was made, written by WritePlan before the plan: a part that
	// finds a source whose chunks differ from the plan's fingerprint reads
	// it to name the first key that differs.
	ListingKey = Dir + "/source-chunks.json"
)

// planFormat is the format of the plan document this package writes. It
// reads format 1 too, written by earlier versions without fingerprints of
// the source's chunks: RunPart refuses such a plan, Status and Finalize
// accept it.
const planFormat = 2

// MaxParts bounds the number of parts of a conversion: more would be more
// markers than Finalize should read.
const MaxParts = 1 << 20

// MarkerKey returns the key of the marker of part i of n, which RunPart
// writes last: .zcodec/convert/part-I-of-N.json.
func MarkerKey(i, n int) string {
	return fmt.Sprintf("%s/part-%d-of-%d.json", Dir, i, n)
}

//go:build amd64 && !noasm

package transpose

import "github.com/zcodec/zcodec/internal/cpufeat"

// init records the instruction set of the 32-bit block transpose for
// benchmark reports (cpufeat.Choices).
func init() { cpufeat.Chose("transpose 32-bit", cpufeat.Name(false, haveBlocks32)) }

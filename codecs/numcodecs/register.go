package numcodecs

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

func init() {
	for _, r := range []registry.Registration{
		{Name: FixedScaleOffsetName, Aliases: []string{"fixedscaleoffset"}, New: NewFixedScaleOffsetFromConfig,
			Summary: "numcodecs FixedScaleOffset: round((x - offset) * scale) stored as astype, NumPy semantics"},
		{Name: AsTypeName, Aliases: []string{"astype"}, New: NewAsTypeFromConfig,
			Summary: "numcodecs AsType: NumPy astype casts between two data types"},
		{Name: DeltaName, Aliases: []string{"delta"}, New: NewDeltaFromConfig,
			Summary: "numcodecs Delta: first element, then differences of neighbours, stored as astype"},
		{Name: BitRoundName, Aliases: []string{"bitround"}, New: NewBitRoundFromConfig,
			Summary: "numcodecs BitRound: float mantissas rounded to keepbits bits, half to even"},
		{Name: QuantizeName, Aliases: []string{"quantize"}, New: NewQuantizeFromConfig,
			Summary: "numcodecs Quantize: floats rounded to a power-of-two step of about digits decimals"},
		{Name: PackBitsName, New: NewPackBitsFromConfig,
			Summary: "numcodecs PackBits: bools packed eight to a byte after a padding count"},
	} {
		r.Kind = codec.KindArrayToArray
		registry.Register(r)
	}
}

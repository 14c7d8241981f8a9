package imagemap

import (
	"image/color"
	"math"
)

// The two colormaps are paths through OKLCh (OKLab, Björn Ottosson's
// perceptual colour space, in polar form: lightness L, chroma C, hue h),
// with lightness linear in the value: equal steps of value are equal steps
// of perceived lightness, in print, on screen and for readers who do not
// tell red from green. Colours the sRGB gamut cannot show keep their
// lightness and hue and lose chroma until they fit.

// Perceptual returns the colour of t in [0, 1] (clamped; NaN is 0) on the
// map of value images: dark purple through blue, teal and green to
// yellow. For t in [0, 1]:
//
//	L = 0.28 + 0.64 t
//	C = 0.14 - 0.17 t + 0.22 t²
//	h = 318° - 216 t °
func Perceptual(t float64) color.RGBA {
	t = clamp01(t)
	return fromOKLCh(0.28+0.64*t, 0.14-0.17*t+0.22*t*t, 318-216*t)
}

// Heat returns the colour of t in [0, 1] (clamped; NaN is 0) on the map of
// error images: near white at 0 through pale yellow and orange to dark red
// at 1, so that no error is the lightest colour:
//
//	L = 0.98 - 0.58 t
//	C = 0.02 + 0.16 t
//	h = 100° - 75 t °
func Heat(t float64) color.RGBA {
	t = clamp01(t)
	return fromOKLCh(0.98-0.58*t, 0.02+0.16*t, 100-75*t)
}

func clamp01(t float64) float64 {
	switch {
	case t > 1:
		return 1
	case t > 0:
		return t
	}
	return 0 // negative or NaN
}

// fromOKLCh returns the sRGB colour of an OKLCh colour (h in degrees),
// reducing the chroma by bisection until the colour lies in the sRGB gamut.
func fromOKLCh(l, c, h float64) color.RGBA {
	sin, cos := math.Sincos(h * math.Pi / 180)
	r, g, b := oklabToLinear(l, c*cos, c*sin)
	if !inGamut(r, g, b) {
		lo, hi := 0.0, c
		for range 30 {
			mid := (lo + hi) / 2
			if r, g, b := oklabToLinear(l, mid*cos, mid*sin); inGamut(r, g, b) {
				lo = mid
			} else {
				hi = mid
			}
		}
		r, g, b = oklabToLinear(l, lo*cos, lo*sin)
	}
	return color.RGBA{R: encodeSRGB(r), G: encodeSRGB(g), B: encodeSRGB(b), A: 255}
}

func inGamut(r, g, b float64) bool {
	const eps = 1e-9
	return r >= -eps && r <= 1+eps && g >= -eps && g <= 1+eps && b >= -eps && b <= 1+eps
}

// oklabToLinear converts OKLab to linear-light sRGB (the published OKLab
// matrices, inverted).
func oklabToLinear(l, a, b float64) (float64, float64, float64) {
	l1 := l + 0.3963377774*a + 0.2158037573*b
	m1 := l - 0.1055613458*a - 0.0638541728*b
	s1 := l - 0.0894841775*a - 1.2914855480*b
	l3, m3, s3 := l1*l1*l1, m1*m1*m1, s1*s1*s1
	return 4.0767416621*l3 - 3.3077115913*m3 + 0.2309699292*s3,
		-1.2684380046*l3 + 2.6097574011*m3 - 0.3413193965*s3,
		-0.0041960863*l3 - 0.7034186147*m3 + 1.7076147010*s3
}

// encodeSRGB applies the sRGB transfer function and rounds to 8 bits.
func encodeSRGB(x float64) uint8 {
	x = clamp01(x)
	if x <= 0.0031308 {
		x *= 12.92
	} else {
		x = 1.055*math.Pow(x, 1/2.4) - 0.055
	}
	return uint8(math.Round(clamp01(x) * 255))
}

// Colours outside the maps. They are documented in the package doc.
var (
	nanColor        = color.RGBA{R: 128, G: 128, B: 128, A: 255} // mid grey
	fillColor       = color.RGBA{A: 255}                         // black
	overColor       = color.RGBA{G: 90, B: 255, A: 255}          // blue: an error beyond the bound
	posInfColor     = color.RGBA{R: 230, G: 0, B: 26, A: 255}    // red: +Inf
	negInfColor     = color.RGBA{R: 255, G: 153, B: 221, A: 255} // pink: -Inf
	backgroundColor = color.RGBA{R: 255, G: 255, B: 255, A: 255}
	inkColor        = color.RGBA{R: 32, G: 32, B: 32, A: 255} // frames, ticks and text
)

// levels is the number of colours each map is drawn with: steps of 0.0032
// in lightness, below what the eye tells apart, and few enough that an
// image fits a PNG palette.
const levels = 200

// lut returns the map's colours at levels evenly spaced values of t.
func lut(m func(float64) color.RGBA) []color.RGBA {
	out := make([]color.RGBA, levels)
	for i := range out {
		out[i] = m(float64(i) / (levels - 1))
	}
	return out
}

// lutIndex returns the entry of t in [0, 1] (clamped) in a lut.
func lutIndex(t float64) int {
	return int(math.Round(clamp01(t) * (levels - 1)))
}

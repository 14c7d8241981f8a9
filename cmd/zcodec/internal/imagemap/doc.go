// Package imagemap draws a 2-D slice of an array as an image: each value a
// colour of a perceptual colormap, with a colorbar labelled with the
// value range, and a legend of the colours outside the map.
//
// # Colours
//
// Values images use Perceptual, a viridis-like map (dark purple, blue,
// teal, green, yellow); error maps (Mode Errors) use Heat, from near white
// for no error to dark red at the bound. Both are computed from the
// formulas in their documentation: paths through OKLCh whose lightness is
// linear in the value, so the map reads the same in grey and to colour-blind
// readers, and a gradient of values is a gradient of lightness. They are
// drawn with 200 levels each. Outside the maps:
//
//	NaN                      mid grey  #808080
//	the fill value           black     #000000
//	+Inf                     red       #e6001a
//	-Inf                     pink      #ff99dd
//	an error beyond Bound    blue      #005aff
//
// The legend below the colorbar lists those the image uses, each a swatch
// labelled "NaN", "fill", "+Inf", "-Inf" or "> bound". A NaN fill value
// shows as NaN. Infinities are not on the scale (in an error map, an
// infinite error is beyond the bound). A values image with no finite
// value (all NaN, fill or infinite, and no range given in Options) has
// no scale to show: it has no colorbar, and its legend, where the
// colorbar would be, ends with the note "no finite values".
//
// # Numbers
//
// The colorbar's ends are labelled with the scale's two ends (5
// significant digits) and round values between them with ticks, in a
// built-in 5x7 bitmap font drawn at twice its size. The image carries its
// own numbers so that it can be read alone, as pictures are passed around;
// the font holds only the characters numbers and the legend need
// (digits, ". - + e" and a few letters), which keeps it small enough to
// draw by hand and check by eye.
//
// # Scaling
//
// The data area shows row 0 at the top and column 0 at the left. A slice
// whose longer side exceeds Options.MaxSide (1024) is reduced by square
// blocks of k x k elements, k the smallest that fits: a block shows the
// mean of its finite values (ReduceMean, the default for values) or their
// largest (ReduceMax, the default for errors, so that one large error is
// never averaged away). A block shows NaN or fill when those make up more
// than half of its elements (NaN when they tie); under ReduceMean,
// NaN, fill and the infinities together making up more than half of a
// block show as the most numerous of them (in that order on a tie), and
// under ReduceMax a block with +Inf shows +Inf, one of -Inf and nothing
// finite -Inf. A slice smaller than
// Options.MinSide (256) is enlarged by nearest neighbour: every element a
// square of s x s pixels, s the largest integer that keeps the longer side
// within MinSide. A slice thinner than 32 pixels (one row, say) is
// stretched across to at least 32, by whole pixels per element.
//
// The Builder takes values in row-major order in as many calls as suit the
// caller and holds one small record per pixel, never the slice, so a slice
// of any size is drawn in bounded memory. EncodePNG writes the image as a
// paletted PNG.
package imagemap

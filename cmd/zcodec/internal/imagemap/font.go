package imagemap

import (
	"image"
	"image/color"
)

// The tick labels and the legend are drawn with a built-in 5x7 bitmap font
// of the few characters they need, so that the image carries its numbers
// without a font file or a dependency. Each glyph is 7 rows of 5 pixels,
// '#' for ink.
const (
	glyphW, glyphH = 5, 7
	// glyphScale is the size of a font pixel in image pixels.
	glyphScale = 2
	// advance is the width a character takes, spacing included.
	advance = (glyphW + 1) * glyphScale
	// textHeight is the height of a line of text.
	textHeight = glyphH * glyphScale
)

var glyphs = map[rune][glyphH]string{
	'0': {".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."},
	'1': {"..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."},
	'2': {".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"},
	'3': {"#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."},
	'4': {"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."},
	'5': {"#####", "#....", "####.", "....#", "....#", "#...#", ".###."},
	'6': {"..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."},
	'7': {"#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."},
	'8': {".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."},
	'9': {".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."},
	'.': {".....", ".....", ".....", ".....", ".....", ".##..", ".##.."},
	'-': {".....", ".....", ".....", ".###.", ".....", ".....", "....."},
	'+': {".....", "..#..", "..#..", "#####", "..#..", "..#..", "....."},
	'e': {".....", ".....", ".###.", "#...#", "#####", "#....", ".###."},
	'I': {".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."},
	'N': {"#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#", "#...#"},
	'a': {".....", ".....", ".###.", "....#", ".####", "#...#", ".####"},
	'b': {"#....", "#....", "#.##.", "##..#", "#...#", "#...#", "####."},
	'd': {"....#", "....#", ".##.#", "#..##", "#...#", "#...#", ".####"},
	'f': {"..##.", ".#..#", ".#...", "###..", ".#...", ".#...", ".#..."},
	'i': {"..#..", ".....", ".##..", "..#..", "..#..", "..#..", ".###."},
	'l': {".##..", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."},
	'n': {".....", ".....", "#.##.", "##..#", "#...#", "#...#", "#...#"},
	'o': {".....", ".....", ".###.", "#...#", "#...#", "#...#", ".###."},
	's': {".....", ".....", ".####", "#....", ".###.", "....#", "####."},
	't': {".#...", ".#...", "###..", ".#...", ".#...", ".#..#", "..##."},
	'u': {".....", ".....", "#...#", "#...#", "#...#", "#..##", ".##.#"},
	'v': {".....", ".....", "#...#", "#...#", "#...#", ".#.#.", "..#.."},
	'>': {".#...", "..#..", "...#.", "....#", "...#.", "..#..", ".#..."},
	' ': {".....", ".....", ".....", ".....", ".....", ".....", "....."},
	// '?' stands for any character the font lacks.
	'?': {".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."},
}

// textWidth returns the width of s drawn with drawText.
func textWidth(s string) int {
	n := 0
	for range s {
		n++
	}
	if n == 0 {
		return 0
	}
	return n*advance - glyphScale
}

// drawText draws s with its top-left corner at (x, y), clipped to img.
func drawText(img *image.RGBA, x, y int, s string, c color.RGBA) {
	for _, r := range s {
		g, ok := glyphs[r]
		if !ok {
			g = glyphs['?']
		}
		for gy, row := range g {
			for gx := range glyphW {
				if row[gx] != '#' {
					continue
				}
				fillRect(img, image.Rect(x+gx*glyphScale, y+gy*glyphScale, x+(gx+1)*glyphScale, y+(gy+1)*glyphScale), c)
			}
		}
		x += advance
	}
}

// fillRect paints r, clipped to img, with c.
func fillRect(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for i := 0; i < len(row); i += 4 {
			row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, c.A
		}
	}
}

// frame draws a one-pixel outline just outside r.
func frame(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	o := r.Inset(-1)
	fillRect(img, image.Rect(o.Min.X, o.Min.Y, o.Max.X, o.Min.Y+1), c)
	fillRect(img, image.Rect(o.Min.X, o.Max.Y-1, o.Max.X, o.Max.Y), c)
	fillRect(img, image.Rect(o.Min.X, o.Min.Y, o.Min.X+1, o.Max.Y), c)
	fillRect(img, image.Rect(o.Max.X-1, o.Min.Y, o.Max.X, o.Max.Y), c)
}

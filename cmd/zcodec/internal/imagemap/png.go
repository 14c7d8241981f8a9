package imagemap

import (
	"image"
	"image/color"
	"image/png"
	"io"
)

// EncodePNG writes img as a PNG file: paletted when it holds at most 256
// colours, as the images of this package do (the colormaps are drawn with
// 200 colours), which makes the file several times smaller; as RGBA
// otherwise. Either way the pixels are exactly img's.
func EncodePNG(w io.Writer, img *image.RGBA) error {
	enc := &png.Encoder{CompressionLevel: png.BestCompression}
	index := map[color.RGBA]uint8{}
	var pal color.Palette
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.RGBAAt(x, y)
			if _, ok := index[c]; ok {
				continue
			}
			if len(pal) == 256 {
				return enc.Encode(w, img)
			}
			index[c] = uint8(len(pal))
			pal = append(pal, c)
		}
	}
	p := image.NewPaletted(b, pal)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := p.Pix[p.PixOffset(b.Min.X, y):]
		for x := b.Min.X; x < b.Max.X; x++ {
			row[x-b.Min.X] = index[img.RGBAAt(x, y)]
		}
	}
	return enc.Encode(w, p)
}

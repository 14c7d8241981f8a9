package region_test

import (
	"fmt"

	"github.com/zcodec/zcodec/region"
)

// The chunks of a 10×7 array in chunks of 4×4 that the region [3, 9) ×
// [2, 7) touches, and what each holds of it.
func Example() {
	g := region.NewRegular([]int64{10, 7}, []int{4, 4})
	r := region.Box{Start: []int64{3, 2}, Stop: []int64{9, 7}}
	fmt.Println("region", r, "shape", r.Shape(), "size", r.Size())
	for c := range region.Chunks(g, r) {
		part := c.Box.Intersect(r)
		fmt.Printf("chunk %v covers %v; the region needs %v: %v of the chunk, %v of the region\n",
			c.Coords, c.Box, part, part.RelativeTo(c.Box), part.RelativeTo(r))
	}
	fmt.Println(r.Contains(region.Box{Start: []int64{4, 2}, Stop: []int64{9, 3}}))
	// Output:
	// region 3:9,2:7 shape [6 5] size 30
	// chunk [0 0] covers 0:4,0:4; the region needs 3:4,2:4: 3:4,2:4 of the chunk, 0:1,0:2 of the region
	// chunk [0 1] covers 0:4,4:7; the region needs 3:4,4:7: 3:4,0:3 of the chunk, 0:1,2:5 of the region
	// chunk [1 0] covers 4:8,0:4; the region needs 4:8,2:4: 0:4,2:4 of the chunk, 1:5,0:2 of the region
	// chunk [1 1] covers 4:8,4:7; the region needs 4:8,4:7: 0:4,0:3 of the chunk, 1:5,2:5 of the region
	// chunk [2 0] covers 8:10,0:4; the region needs 8:9,2:4: 0:1,2:4 of the chunk, 5:6,0:2 of the region
	// chunk [2 1] covers 8:10,4:7; the region needs 8:9,4:7: 0:1,0:3 of the chunk, 5:6,2:5 of the region
	// true
}

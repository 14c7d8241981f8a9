// Package region is the geometry of boxes of array elements that the
// codecs, the array layer and the command share: a box as a half-open
// interval [Start, Stop) per dimension, its intersection with another and
// its coordinates relative to another's origin, and the chunks of a chunk
// grid (Grid) that a box touches. A box is also the region of an array or
// chunk that the read and write calls take: Validate and ValidateChunk
// check it against the array's or chunk's shape (an *Error, matching
// ErrInvalid, when it does not lie inside), Covers and CoversChunk whether
// it is the whole of it.
//
// It depends on the standard library only, so that every package of the
// module, down to the codecs (codecs/sharding), can use it.
//
// Methods that return a Box allocate its slices; the Set methods write
// into the slices of the receiver instead (growing them only when they are
// too short), for loops that must not allocate.
package region

import (
	"iter"
	"math"
	"strconv"
	"strings"
)

// Box is a box of elements of an array, or of one chunk, in element
// coordinates: the elements whose index along dimension d is in
// [Start[d], Stop[d]). Its rank is len(Start), which equals len(Stop). A
// box with Stop[d] <= Start[d] in some dimension is empty (Intersect
// returns such boxes with Stop[d] == Start[d]). A box of rank 0 holds one
// element (a scalar array).
//
// Intersect and RelativeTo require boxes of the same rank and panic
// otherwise; Equal and Contains report false.
type Box struct{ Start, Stop []int64 }

// Whole returns the box of every element of an array of the given shape:
// [0, shape[d]) along each dimension.
func Whole[T ~int | ~int64](shape []T) Box {
	b := Box{Start: make([]int64, len(shape)), Stop: make([]int64, len(shape))}
	for d, n := range shape {
		b.Stop[d] = int64(n)
	}
	return b
}

// FromShape returns the box of the given shape whose first element is at
// start: [start[d], start[d]+shape[d]), for callers that hold a region
// as a start and a shape.
func FromShape(start, shape []int64) Box {
	var b Box
	b.SetFromShape(start, shape)
	return b
}

// SetFromShape sets b to FromShape(start, shape) in b's slices.
func (b *Box) SetFromShape(start, shape []int64) {
	b.resize(len(start))
	copy(b.Start, start)
	for d, s := range start {
		b.Stop[d] = s + shape[d]
	}
}

// resize gives b rank n, reusing its slices when they are long enough.
func (b *Box) resize(n int) {
	if len(b.Start) == n && len(b.Stop) == n {
		return
	}
	if cap(b.Start) < n {
		b.Start = make([]int64, n)
	}
	if cap(b.Stop) < n {
		b.Stop = make([]int64, n)
	}
	b.Start, b.Stop = b.Start[:n], b.Stop[:n]
}

// Rank returns the number of dimensions of b.
func (b Box) Rank() int { return len(b.Start) }

// Len returns the length of b along dimension d: Stop[d]-Start[d], or 0
// when that is negative.
func (b Box) Len(d int) int64 { return max(b.Stop[d]-b.Start[d], 0) }

// Shape returns the length of b along each dimension (see Len).
func (b Box) Shape() []int64 {
	s := make([]int64, len(b.Start))
	for d := range s {
		s[d] = b.Len(d)
	}
	return s
}

// Empty reports whether b holds no element: some dimension has Stop[d]
// <= Start[d]. A box of rank 0 is not empty.
func (b Box) Empty() bool {
	for d := range b.Start {
		if b.Stop[d] <= b.Start[d] {
			return true
		}
	}
	return false
}

// Size returns the number of elements of b (0 when it is empty, 1 for a
// box of rank 0), or -1 when that does not fit an int64.
func (b Box) Size() int64 {
	if b.Empty() {
		return 0
	}
	n := int64(1)
	for d := range b.Start {
		l := b.Len(d)
		if n > math.MaxInt64/l {
			return -1
		}
		n *= l
	}
	return n
}

// NumElements returns the number of elements of an array or box of the
// given shape (0 when a length is 0 or less, 1 for rank 0), or -1 when
// that does not fit an int64: Whole(shape).Size() without allocating.
func NumElements[T ~int | ~int64](shape []T) int64 {
	n := int64(1)
	for _, l := range shape {
		if l <= 0 {
			return 0
		}
	}
	for _, l := range shape {
		if n > math.MaxInt64/int64(l) {
			return -1
		}
		n *= int64(l)
	}
	return n
}

// Alloc gives each of boxes slices of the given rank, all carved from one
// allocation: for code that sets several boxes (with the Set methods) for
// each chunk it handles.
func Alloc(rank int, boxes ...*Box) {
	mem := make([]int64, 2*rank*len(boxes))
	for _, b := range boxes {
		b.Start, b.Stop, mem = mem[:rank:rank], mem[rank:2*rank:2*rank], mem[2*rank:]
	}
}

// Clone returns a copy of b that shares no memory with it.
func (b Box) Clone() Box {
	return Box{Start: append([]int64(nil), b.Start...), Stop: append([]int64(nil), b.Stop...)}
}

// Equal reports whether b and o have the same rank and bounds. Two empty
// boxes with different bounds are not Equal (see Empty).
func (b Box) Equal(o Box) bool {
	if len(b.Start) != len(o.Start) {
		return false
	}
	for d := range b.Start {
		if b.Start[d] != o.Start[d] || b.Stop[d] != o.Stop[d] {
			return false
		}
	}
	return true
}

// Intersect returns the elements that b and o both hold. Along a
// dimension where they do not overlap its Stop equals its Start, so the
// result is empty.
func (b Box) Intersect(o Box) Box {
	var r Box
	r.SetIntersect(b, o)
	return r
}

// SetIntersect sets r to x.Intersect(y) in r's slices; r may be x or y.
func (r *Box) SetIntersect(x, y Box) {
	if len(x.Start) != len(y.Start) {
		panic("region: Intersect of boxes of rank " + strconv.Itoa(len(x.Start)) + " and " + strconv.Itoa(len(y.Start)))
	}
	r.resize(len(x.Start))
	for d := range x.Start {
		lo := max(x.Start[d], y.Start[d])
		hi := min(x.Stop[d], y.Stop[d])
		r.Start[d], r.Stop[d] = lo, max(hi, lo)
	}
}

// RelativeTo returns b in the coordinates of origin's first element: b
// moved by -origin.Start. The part of a chunk a read needs, relative to
// the chunk's box, is where that part starts in the decoded chunk;
// relative to the region read, where it goes in the region's buffer. It
// does not clip b to origin (see Intersect).
func (b Box) RelativeTo(origin Box) Box {
	var r Box
	r.SetRelative(b, origin)
	return r
}

// SetRelative sets r to x.RelativeTo(origin) in r's slices; r may be x.
func (r *Box) SetRelative(x, origin Box) {
	if len(x.Start) != len(origin.Start) {
		panic("region: RelativeTo of boxes of rank " + strconv.Itoa(len(x.Start)) + " and " + strconv.Itoa(len(origin.Start)))
	}
	r.resize(len(x.Start))
	for d := range x.Start {
		r.Start[d], r.Stop[d] = x.Start[d]-origin.Start[d], x.Stop[d]-origin.Start[d]
	}
}

// Contains reports whether every element of o is an element of b: o is
// empty, or it lies inside b along every dimension. Boxes of different
// ranks contain nothing of each other.
func (b Box) Contains(o Box) bool {
	if len(b.Start) != len(o.Start) {
		return false
	}
	if o.Empty() {
		return true
	}
	for d := range b.Start {
		if o.Start[d] < b.Start[d] || o.Stop[d] > b.Stop[d] {
			return false
		}
	}
	return true
}

// ContainsPoint reports whether the element at p (of b's rank) is in b.
func (b Box) ContainsPoint(p []int64) bool {
	if len(p) != len(b.Start) {
		return false
	}
	for d, x := range p {
		if x < b.Start[d] || x >= b.Stop[d] {
			return false
		}
	}
	return true
}

// Point writes the coordinates of the i-th element of b, counted from 0
// in C order (the last dimension varies fastest), into p, which has b's
// rank. i must be in [0, Size()).
func (b Box) Point(i int64, p []int64) {
	for d := len(b.Start) - 1; d >= 0; d-- {
		n := b.Stop[d] - b.Start[d]
		p[d] = b.Start[d] + i%n
		i /= n
	}
}

// Index returns the C-order number of the element at p in b, the inverse
// of Point, or -1 when b does not contain p.
func (b Box) Index(p []int64) int64 {
	if len(p) != len(b.Start) {
		return -1
	}
	i := int64(0)
	for d, x := range p {
		if x < b.Start[d] || x >= b.Stop[d] {
			return -1
		}
		i = i*(b.Stop[d]-b.Start[d]) + x - b.Start[d]
	}
	return i
}

// Next moves p, an element of b, to the next element of b in C order and
// reports whether there is one; after the last element it sets p to b's
// first element (Start) and returns false. With p set to Start first, it
// visits every element of a non-empty box without allocating:
//
//	copy(p, b.Start)
//	for ok := !b.Empty(); ok; ok = b.Next(p) { ... }
func (b Box) Next(p []int64) bool {
	for d := len(p) - 1; d >= 0; d-- {
		if p[d]+1 < b.Stop[d] {
			p[d]++
			return true
		}
		p[d] = b.Start[d]
	}
	return false
}

// Points returns the elements of b in C order. The slice it yields is
// reused from one element to the next: copy it to keep it.
func (b Box) Points() iter.Seq[[]int64] {
	return func(yield func([]int64) bool) {
		if b.Empty() {
			return
		}
		p := append([]int64(nil), b.Start...)
		for ok := true; ok; ok = b.Next(p) {
			if !yield(p) {
				return
			}
		}
	}
}

// String returns b as "0:4,2:3", one start:stop per dimension: the text
// zarr.ParseRegion reads.
func (b Box) String() string {
	var sb strings.Builder
	for d := range b.Start {
		if d > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.FormatInt(b.Start[d], 10))
		sb.WriteByte(':')
		if d < len(b.Stop) {
			sb.WriteString(strconv.FormatInt(b.Stop[d], 10))
		}
	}
	return sb.String()
}

// Int64s returns s as int64 values: the shapes and coordinates that the
// codecs hold as int (they index memory), for errors and boxes that hold
// int64.
func Int64s[T ~int | ~int32 | ~int64](s []T) []int64 {
	out := make([]int64, len(s))
	for i, v := range s {
		out[i] = int64(v)
	}
	return out
}

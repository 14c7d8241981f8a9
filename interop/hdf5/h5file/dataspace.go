package h5file

// SpaceKind is the kind of a dataspace.
type SpaceKind int

// Dataspace kinds.
const (
	SpaceScalar SpaceKind = iota
	SpaceSimple
	SpaceNull
)

// String returns "scalar", "simple" or "null".
func (k SpaceKind) String() string {
	switch k {
	case SpaceScalar:
		return "scalar"
	case SpaceSimple:
		return "simple"
	}
	return "null"
}

// Unlimited is the maximum size of an unlimited dimension.
const Unlimited = ^uint64(0)

// MaxRank is the largest rank HDF5 allows (H5S_MAX_RANK).
const MaxRank = 32

// Dataspace is the shape of a dataset or attribute.
type Dataspace struct {
	Kind SpaceKind
	// Dims are the current dimensions (empty for scalar and null).
	Dims []uint64
	// MaxDims are the maximum dimensions (Unlimited for an unlimited
	// one); equal to Dims when the message gives none.
	MaxDims []uint64
}

// NumElements returns the number of elements: 1 for a scalar, 0 for
// null, the product of Dims otherwise; ok is false when the product
// overflows an int64.
func (s Dataspace) NumElements() (n uint64, ok bool) {
	switch s.Kind {
	case SpaceScalar:
		return 1, true
	case SpaceNull:
		return 0, true
	}
	n = 1
	for _, d := range s.Dims {
		if n, ok = mulOK(n, d, 1<<63-1); !ok {
			return 0, false
		}
	}
	return n, true
}

func parseDataspace(c *cursor) Dataspace {
	var s Dataspace
	version := c.u8()
	rank := int(c.u8())
	flags := c.u8()
	switch version {
	case 1:
		c.skip(5)
		s.Kind = SpaceSimple
		if rank == 0 {
			s.Kind = SpaceScalar
		}
	case 2:
		switch c.u8() {
		case 0:
			s.Kind = SpaceScalar
		case 1:
			s.Kind = SpaceSimple
		case 2:
			s.Kind = SpaceNull
		default:
			c.fail("dataspace type not scalar, simple or null")
		}
	default:
		if c.err == nil {
			c.fail("dataspace version %d", version)
		}
		return s
	}
	if rank > MaxRank {
		c.fail("rank %d (at most %d)", rank, MaxRank)
		return s
	}
	if s.Kind != SpaceSimple {
		rank = 0
	}
	for range rank {
		s.Dims = append(s.Dims, c.length())
	}
	if flags&1 != 0 {
		for range rank {
			s.MaxDims = append(s.MaxDims, c.length())
		}
	} else {
		s.MaxDims = append([]uint64(nil), s.Dims...)
	}
	for i, d := range s.Dims {
		if d == undef {
			c.fail("dimension %d is undefined", i)
		} else if s.MaxDims[i] != Unlimited && s.MaxDims[i] < d {
			c.fail("dimension %d is %d, above its maximum %d", i, d, s.MaxDims[i])
		}
	}
	return s
}

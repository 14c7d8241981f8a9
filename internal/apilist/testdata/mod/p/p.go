// Package p holds one of each kind of declaration.
package p

import (
	"context"
	"errors"
	"io"
)

// Kind is an enumeration.
type Kind uint8

// The kinds.
const (
	KindA Kind = iota
	KindB
	kindC
	KindD
)

// Untyped constants.
const (
	Big     = 1 << 40
	Name    = "p"
	private = 3
)

// Variables.
var (
	ErrP             = errors.New("p")
	Names            = []string{"a"}
	Ptr              = &T{}
	Count        int = 2
	Unknown          = f()
	Conv             = int64(3)
	Fn               = func(a, b int) (sum int) { return a + b }
	hidden           = 1
	Pair1, Pair2     = 1.5, 'x'
)

func f() int { return 0 }

// T is a struct.
type T struct {
	A, B int
	c    string
	Embedded
	*Other
	unexp
	F func(ctx context.Context, n int) (err error)
}

// Embedded is embedded.
type Embedded struct{ X int }

// Other is embedded by pointer.
type Other struct{}

type unexp struct{}

// Promoted is promoted to T.
func (unexp) Promoted() {}

// Method has a pointer receiver.
func (t *T) Method(ctx context.Context, a, b []byte, opts ...string) (n int, err error) {
	return 0, nil
}

// NewT is a constructor.
func NewT(k Kind) *T { return nil }

// I is an interface.
type I interface {
	io.Reader
	Do(x int) error
	hidden()
}

// Number is a constraint.
type Number interface {
	~int | ~float64
}

// G is generic.
type G[K comparable, V Number] struct {
	M map[K]V
}

// Get is a method of a generic type.
func (g *G[K, V]) Get(k K) (V, bool) { var v V; return v, false }

// Map is a generic function.
func Map[S, D any](s []S, fn func(S) D) []D { return nil }

// Alias is an alias.
type Alias = T

// Func is a function type.
type Func func(name string) error

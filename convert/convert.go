package convert

import (
	"context"

	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// Convert converts src into dst, an empty store, in one process, as opts
// say: it plans the conversion as WritePlan does (the same arrays left
// out, the same errors under opts.Strict) but writes no plan and no
// marker, copies every array (zarr.Copy, slab by slab, the slabs made of
// whole chunks of the destination: the bytes the parts of a plan write),
// then publishes the metadata as Finalize does, the root's last, and
// consolidates it when opts.Consolidate asks. It returns the plan it
// followed, whose Skipped lists what it left out.
//
// A dst that holds any key is a *NotEmptyError, before anything is
// written. On any other failure (a cancelled context included) dst holds
// some of the chunks and perhaps some metadata, the root's only when
// consolidating it failed: the caller removes what was written (the
// metadata first, so that no array is ever visible without its chunks),
// or writes into a temporary location it renames at the end.
// opts.Progress counts the bytes of the arrays' elements; opts.BeforeArray
// is called for every array.
func Convert(ctx context.Context, src *Source, dst store.Store, opts *Options) (*Plan, error) {
	o := opts.or()
	p, arrays, err := newPlan(ctx, src, o, false)
	if err != nil {
		return nil, err
	}
	_, p.digest, err = p.doc.encode()
	if err != nil {
		return nil, err
	}
	if err := checkEmpty(ctx, dst); err != nil {
		return nil, err
	}
	var total int64
	for _, a := range arrays {
		total += region.NumElements(a.Shape()) * int64(a.DataType().Size())
	}
	var done int64
	for k, pa := range p.doc.Arrays {
		d, err := pa.pending(dst, o.ArrayOptions)
		if err != nil {
			return nil, err
		}
		a := arrays[k]
		if o.BeforeArray != nil {
			o.BeforeArray(a, d.Array())
		}
		var co *zarr.CopyOptions
		if o.Progress != nil {
			es, base := int64(a.DataType().Size()), done
			co = &zarr.CopyOptions{Progress: func(elems, _ int64) { o.Progress(base+elems*es, total) }}
		}
		if err := zarr.Copy(ctx, d.Array(), a, co); err != nil {
			return nil, err
		}
		done += region.NumElements(a.Shape()) * int64(a.DataType().Size())
	}
	if err := publish(ctx, p, dst, o.ArrayOptions); err != nil {
		return nil, err
	}
	if p.doc.Consolidate {
		if _, err := zarr.Consolidate(ctx, dst, ""); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// Package combine concatenates kerchunk reference sets of files that
// follow each other along one dimension (a month of daily files along
// "time") into one reference set, checking everything that must agree
// for the combination to read the values each file holds.
//
// Combine takes the inputs in the order given; each is a Zarr v2
// reference set (one written by kerchunk.FromHDF5, or any kerchunk set
// whose arrays name their dimensions in _ARRAY_DIMENSIONS).
//
// # What must agree
//
// Nothing is dropped or reconciled silently:
//
//   - Every input holds the same groups and arrays: an array one input
//     has and another has not (an array left out of one file's
//     references, say) is a *ConflictError naming both inputs.
//   - Every array has, in every input, the same .zarray but for its
//     length along the dimension: data type, chunks, compressor, filters,
//     fill_value, order; and the same _ARRAY_DIMENSIONS.
//   - The attributes that say how stored values become values
//     (scale_factor, add_offset, _FillValue, missing_value, _Unsigned,
//     units, calendar) are the same in every input.
//   - An array without the dimension (a latitude, a land mask) is taken
//     once, and must hold the same attributes and the same chunks, byte
//     for byte, in every input: references to one range are the same, and
//     other chunks are read and compared.
//   - Within one input, every array along the dimension has the same
//     length along it.
//
// Other attributes of an array along the dimension (a "history", an
// "actual_range") and the attributes of groups may differ: the first
// input's are kept, and Result.Warnings says so.
//
// # Chunks
//
// An array along the dimension keeps its chunks where they lie: the
// chunk indices of each input along the dimension are shifted by the
// chunks of the inputs before it. That needs a regular grid: every input
// but the last must have a length along the dimension that is a multiple
// of the array's chunk length there. When one does not, a small array
// whose first dimension is the concatenated one (a time coordinate, whose
// unlimited dimension netCDF-4 chunks by 512 or 1024 values, say) is read
// and rewritten inline, uncompressed, in chunks of the first input's
// chunk length, or of the whole combined length where that is shorter (at
// most Options.MaxRewriteBytes of values); any other is a *GridError:
// a rectilinear chunk grid would hold it, and zcodec does not write one.
//
// # Time coordinates
//
// A CF time coordinate ("UNIT since DATE" units) and the bounds variable
// it names in "bounds" (which takes its units) must have the same
// calendar in every input (standard and gregorian are one, as are noleap
// and 365_day, all_leap and 366_day). Units written differently for the
// same instant and unit ("days since 2000-1-1" and "days since 2000-01-01
// 00:00:00") agree. Units that differ otherwise are a *ConflictError,
// unless Options.ReconcileTime is set: the values are then rewritten into
// the first input's units, computed exactly (math/big) from the reference
// dates counted in the calendar, and written inline; a value that the data
// type cannot hold exactly in the new units (a fraction in an integer
// type, or a float that would round) is a *ConflictError naming it, and
// nothing is written. Fill values, NaN and infinities are left as they
// are. Months and years, whose lengths are not exact, and dates of the
// standard calendar before 1582-10-15 are not reconciled.
//
// # Output
//
// The combined set is deterministic: the same inputs in the same order
// give the same set, whether they were scanned in one process or written
// as parts by many and combined afterwards.
package combine

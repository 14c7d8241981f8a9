// Package bench holds zcodec's cross-codec benchmarks (its tests), the
// script that times numcodecs on the same data (numcodecs_bench.py), and
// CPU, the machine's description that the benchmark reports print.
//
// The data the benchmarks run on comes from the module's internal
// generator (internal/benchdata): the same (kind, data type, size, seed)
// always gives the same bytes, so figures from different runs, machines
// and tools describe the same data. bench/gendata writes those chunks for
// numcodecs_bench.py, and bench/compare runs both sides.
package bench

package main

import (
	"fmt"

	"github.com/zcodec/zcodec/interop/cf"
	"github.com/zcodec/zcodec/interop/hdf5"
	"github.com/zcodec/zcodec/interop/netcdf"
	"github.com/zcodec/zcodec/interop/zarrv2"
)

// subcommand is one verb of a two-word command ("hdf5 translate").
type subcommand struct {
	name    string
	summary string
	run     func(env *environment, args []string) int
}

// runGroup dispatches the verb in args[0] to one of subs.
func runGroup(env *environment, group string, subs []subcommand, args []string) int {
	if len(args) > 0 {
		for _, s := range subs {
			if s.name == args[0] {
				return s.run(env, args[1:])
			}
		}
		fmt.Fprintf(env.stderr, "zcodec %s: unknown command %q\n", group, args[0])
	}
	fmt.Fprintf(env.stderr, "usage: zcodec %s COMMAND [ARGS]\n", group)
	for _, s := range subs {
		fmt.Fprintf(env.stderr, "  %-14s %s\n", s.name, s.summary)
	}
	return 2
}

func runHDF5(env *environment, args []string) int {
	return runGroup(env, "hdf5", []subcommand{
		{"translate", "HDF5 dataset description JSON (FILE|-) -> zarr.json on stdout", func(env *environment, args []string) int {
			return hdf5.TranslateCommand(args, env.stdin, env.stdout, env.stderr)
		}},
		{"filters", "zarr.json (FILE|-) -> HDF5 filter pipeline JSON", func(env *environment, args []string) int {
			return hdf5.FiltersCommand(args, env.stdin, env.stdout, env.stderr)
		}},
	}, args)
}

func runNetCDF(env *environment, args []string) int {
	return runGroup(env, "netcdf", []subcommand{
		{"parse-filter", "netCDF _Filter / nccopy -F spec -> JSON list of {id, params}", func(env *environment, args []string) int {
			return netcdf.ParseFilterCommand(args, env.stdout, env.stderr)
		}},
		{"format-filter", "JSON list of {id, params} (FILE|-) -> netCDF filter spec", func(env *environment, args []string) int {
			return netcdf.FormatFilterCommand(args, env.stdin, env.stdout, env.stderr)
		}},
	}, args)
}

func runFillValue(env *environment, args []string) int {
	return runGroup(env, "fillvalue", []subcommand{
		{"encode", "--dtype T VALUE: Zarr fill-value JSON -> CF _FillValue attribute JSON", func(env *environment, args []string) int {
			return cf.EncodeCommand(args, env.stdout, env.stderr)
		}},
		{"decode", "--dtype T JSON: CF _FillValue attribute JSON -> Zarr fill-value JSON", func(env *environment, args []string) int {
			return cf.DecodeCommand(args, env.stdout, env.stderr)
		}},
	}, args)
}

func runV2(env *environment, args []string) int {
	return runGroup(env, "v2", []subcommand{
		{"convert", "Zarr v2 .zarray (FILE|-) -> Zarr v3 zarr.json", func(env *environment, args []string) int {
			return zarrv2.ConvertCommand(args, env.stdin, env.stdout, env.stderr)
		}},
	}, args)
}

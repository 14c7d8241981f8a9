package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
)

// flags is the flag set of one command or subcommand. Every zcodec command
// parses its arguments with it, so all of them share these conventions:
//
//   - -h, -help and --help anywhere before "--" print the usage on
//     standard output and exit 0; "-h" is never an operand or a flag value;
//   - flags may come before, between or after the operands, with one or
//     two dashes, as -flag value or -flag=value;
//   - "--" ends the flags; "-" is an operand (standard input or output);
//   - an argument that looks like a negative number ("-9999", "-1.5e3",
//     "-Infinity", "-inf", "-nan") is an operand, not a flag;
//   - an empty operand, or an empty value of a flag that names a file
//     (-o "", --metadata ""), is a usage error naming it;
//   - a usage error prints the problem and the usage on standard error
//     and exits 2.
type flags struct {
	*flag.FlagSet
	env *environment
	// usage is the synopsis ("zcodec validate [--json] FILE..."); about
	// the paragraph below it.
	usage, about string
	// operands names the operands in messages ("SRC", "DST"); the last
	// name stands for the rest. Empty: "FILE".
	operands []string
}

// pathFlags are the flags whose value is a file or directory name: an
// empty value is a usage error rather than an OS error about "".
var pathFlags = []string{"o", "i", "out", "apply", "codecs", "metadata", "attrs"}

// newFlags returns the flag set of the command whose synopsis is usage.
func newFlags(env *environment, name, usage, about string) *flags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &flags{FlagSet: fs, env: env, usage: usage, about: about}
}

// parse reads args. It returns the operands, or stop true with the exit
// status when the command must end here (help: 0, usage error: 2).
func (f *flags) parse(args []string) (operands []string, exit int, stop bool) {
	if wantsHelp(args) {
		f.printHelp(f.env.stdout)
		return nil, 0, true
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			operands = append(operands, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' || looksNumeric(a) {
			operands = append(operands, a)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		fl := f.Lookup(name)
		if fl == nil || strings.HasPrefix(a, "---") {
			return nil, f.fail("unknown flag %s", shorten.String(a)), true
		}
		if b, ok := fl.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			if !hasValue {
				value = "true"
			}
		} else if !hasValue {
			if i+1 >= len(args) {
				return nil, f.fail("flag %s needs a value", shorten.String(a)), true
			}
			i++
			value = args[i]
		}
		if err := f.Set(name, value); err != nil {
			return nil, f.fail("invalid value %s for flag -%s: %v", shorten.String(value), name, err), true
		}
	}
	for _, name := range pathFlags {
		if fl := f.Lookup(name); fl != nil && fl.Value.String() == "" && f.isSet(name) {
			return nil, f.fail("%s%s: empty path", dashes(name), name), true
		}
	}
	for i, op := range operands {
		if op == "" {
			return nil, f.fail("%s: empty path", f.operandName(i)), true
		}
	}
	return operands, 0, false
}

// isSet reports whether the flag name was given.
func (f *flags) isSet(name string) bool {
	set := false
	f.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	return set
}

// operandName is the name of operand i in messages.
func (f *flags) operandName(i int) string {
	switch {
	case len(f.operands) == 0:
		return "FILE"
	case i < len(f.operands):
		return f.operands[i]
	}
	return f.operands[len(f.operands)-1]
}

// dashes is the prefix a flag is written with in messages: "-o", "--out".
func dashes(name string) string {
	if len(name) == 1 {
		return "-"
	}
	return "--"
}

// fail prints a usage error and returns exit status 2.
func (f *flags) fail(format string, args ...any) int {
	fmt.Fprintf(f.env.stderr, "zcodec %s: %s\n", f.Name(), fmt.Sprintf(format, args...))
	fmt.Fprintf(f.env.stderr, "usage: %s\n(zcodec %s -h for help)\n", f.usage, f.Name())
	return 2
}

// printHelp writes the synopsis, the description and the flags.
func (f *flags) printHelp(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n", f.usage)
	if f.about != "" {
		fmt.Fprintf(w, "\n%s\n", f.about)
	}
	n := 0
	f.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintln(w, "\nflags:")
		f.SetOutput(w)
		f.PrintDefaults()
		f.SetOutput(io.Discard)
	}
}

// wantsHelp reports whether one of args before "--" is a help flag (-h,
// -help, --help).
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help", "--h":
			return true
		}
	}
	return false
}

// looksNumeric reports whether a is a negative number (or infinity or NaN)
// written as an operand.
func looksNumeric(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	c := a[1]
	if c >= '0' && c <= '9' || c == '.' {
		return true
	}
	switch strings.ToLower(a[1:]) {
	case "inf", "infinity", "nan":
		return true
	}
	return false
}

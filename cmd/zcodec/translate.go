package main

// outputFlag defines -o, the output file of a command that writes one
// result ("-", the default, is standard output).
func (f *flags) outputFlag() *string {
	return f.String("o", "-", "output file (- = standard output)")
}

// oneFileToOutput starts the commands that turn one metadata input (FILE,
// or - for standard input) into one output (-o): it parses args, opens the
// output first, so that an unusable -o fails before any work, and reads the
// input, returning its bytes and name. When stop is true the command ends
// with status exit (its error printed); otherwise the caller owns dst and
// must Commit or Abort it.
func (f *flags) oneFileToOutput(args []string, out *string) (data []byte, name string, dst output, exit int, stop bool) {
	operands, exit, stop := f.parse(args)
	if stop {
		return nil, "", nil, exit, true
	}
	if len(operands) != 1 {
		return nil, "", nil, f.fail("want one FILE (or - for standard input)"), true
	}
	dst, err := createOutput(f.env, *out)
	if err != nil {
		return nil, "", nil, failf(f.env.stderr, f.Name(), "%v", err), true
	}
	data, err = readMetadata(f.env, operands[0])
	if err != nil {
		dst.Abort()
		return nil, "", nil, failf(f.env.stderr, f.Name(), "%v", err), true
	}
	return data, operands[0], dst, 0, false
}

// onePath parses args for a command that takes one PATH operand (an array
// or a group in a store) and returns it; when stop is true the command ends
// with status exit.
func (f *flags) onePath(args []string) (path string, exit int, stop bool) {
	f.operands = []string{"PATH"}
	operands, exit, stop := f.parse(args)
	if stop {
		return "", exit, true
	}
	if len(operands) != 1 {
		return "", f.fail("want one PATH"), true
	}
	return operands[0], 0, false
}

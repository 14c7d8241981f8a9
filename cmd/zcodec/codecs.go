package main

import (
	"fmt"
	"github.com/zcodec/zcodec/internal/shorten"
	"strings"

	"github.com/zcodec/zcodec/registry"
)

func runCodecs(env *environment, args []string) int {
	fs := newFlags(env, "codecs", "zcodec codecs [--json]",
		"Lists the registered codecs: name, kind, a summary and the aliases it is also read under.")
	asJSON := fs.Bool("json", false, "print the list as JSON")
	operands, code, stop := fs.parse(args)
	if stop {
		return code
	}
	if len(operands) > 0 {
		return fs.fail("unexpected argument %s", shorten.String(operands[0]))
	}
	regs := registry.Default().Codecs()
	if *asJSON {
		type entry struct {
			Name    string   `json:"name"`
			Aliases []string `json:"aliases"`
			Kind    string   `json:"kind"`
			Summary string   `json:"summary"`
		}
		out := []entry{}
		for _, r := range regs {
			al := r.Aliases
			if al == nil {
				al = []string{}
			}
			out = append(out, entry{r.Name, al, r.Kind.String(), r.Summary})
		}
		if err := writeJSON(env.stdout, out, true); err != nil {
			fmt.Fprintf(env.stderr, "zcodec codecs: %v\n", err)
			return 1
		}
		return 0
	}
	for _, r := range regs {
		aliases := ""
		if len(r.Aliases) > 0 {
			aliases = " (aliases: " + strings.Join(r.Aliases, ", ") + ")"
		}
		fmt.Fprintf(env.stdout, "%-28s %-13s %s%s\n", r.Name, r.Kind, r.Summary, aliases)
	}
	return 0
}

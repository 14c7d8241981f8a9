package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"github.com/zcodec/zcodec/registry"
)

func runCodecs(env *environment, args []string) int {
	fs := flag.NewFlagSet("codecs", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	asJSON := fs.Bool("json", false, "print the list as JSON")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return 2
	}
	regs := registry.Default().Codecs()
	if *asJSON {
		type entry struct {
			Name    string   `json:"name"`
			Aliases []string `json:"aliases"`
			Kind    string   `json:"kind"`
			Summary string   `json:"summary"`
		}
		var out []entry
		for _, r := range regs {
			al := r.Aliases
			if al == nil {
				al = []string{}
			}
			out = append(out, entry{r.Name, al, r.Kind.String(), r.Summary})
		}
		b, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintf(env.stdout, "%s\n", b)
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

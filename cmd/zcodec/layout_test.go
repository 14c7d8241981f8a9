package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// libraryDirs are the library packages that must export no command entry
// points: the interop translators.
var libraryDirs = []string{"../../interop/hdf5", "../../interop/netcdf", "../../interop/cf", "../../interop/zarrv2"}

// TestCommandsLiveHere: no library package exports a command entry point
// (a function taking the argument list and returning an exit status, or
// one named *Command), and interop/zarrv2 does not import interop/hdf5.
func TestCommandsLiveHere(t *testing.T) {
	for _, dir := range libraryDirs {
		fset := token.NewFileSet()
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		files := 0
		for _, e := range entries {
			name := e.Name()
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ImportsOnly|parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if strings.HasSuffix(dir, "zarrv2") && strings.HasSuffix(path, "/interop/hdf5") {
					t.Errorf("%s/%s imports %s", dir, name, path)
				}
			}
			f, err = parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files++
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || !fn.Name.IsExported() {
					continue
				}
				if strings.HasSuffix(fn.Name.Name, "Command") || takesArgs(fn) {
					t.Errorf("%s exports the command entry point %s", dir, fn.Name.Name)
				}
			}
		}
		if files == 0 {
			t.Fatalf("no Go files in %s", dir)
		}
	}
}

// takesArgs reports whether fn takes an argument list ([]string) first and
// returns an int, the shape of a command's entry point.
func takesArgs(fn *ast.FuncDecl) bool {
	params, results := fn.Type.Params.List, fn.Type.Results
	if len(params) == 0 || results == nil || len(results.List) != 1 {
		return false
	}
	arr, ok := params[0].Type.(*ast.ArrayType)
	id, ok2 := results.List[0].Type.(*ast.Ident)
	if !ok || !ok2 || id.Name != "int" {
		return false
	}
	elt, ok := arr.Elt.(*ast.Ident)
	return ok && elt.Name == "string"
}

// TestCommandsTakeMainsContext: the commands run with the context main
// makes (cancelled on SIGINT and SIGTERM); none makes its own root
// context, which a signal would not reach.
func TestCommandsTakeMainsContext(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "main.go" {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, root := range []string{"context.Background()", "context.TODO()"} {
			if strings.Contains(string(b), root) {
				t.Errorf("%s calls %s; take env.context()", name, root)
			}
		}
	}
}

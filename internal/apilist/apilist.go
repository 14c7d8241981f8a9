// Package apilist writes down the public API of the module, as the api/
// files of the Go distribution do: every exported declaration of every
// package a user can import, one line per item, sorted, in one file per
// package under api/ at the module root (api/codec.txt,
// api/codecs_sharding.txt, ...).
//
// TestAPIListing regenerates the listing in memory and fails with the lines
// added and removed when it differs from the committed files, so that every
// change to the API is deliberate. After a deliberate change, regenerate the
// files (from the module root) with
//
//	go test ./internal/apilist -update
//
// and commit api/ with the change.
//
// The packages listed are those of the module that are not internal (no
// path element "internal"), not commands (package main), not under
// testdata and not in a nested module. A package's files are those the go
// command builds for linux/amd64, linux/386, linux/arm64 and linux/amd64
// with the noasm tag, without cgo; the listing is the union of the four, so
// it is the same on every machine. Test files are left out.
//
// The lines read
//
//	pkg PATH, const Name Type            a typed constant
//	pkg PATH, const Name = value         an untyped constant, with its value
//	pkg PATH, var Name Type              a variable ("var Name" when its type is not written or evident)
//	pkg PATH, func Name(params) results  parameter names left out
//	pkg PATH, method (Recv) Name(params) results
//	pkg PATH, type Name struct           then one line per exported field:
//	pkg PATH, type Name struct, Field Type
//	pkg PATH, type Name struct, embedded Type
//	pkg PATH, type Name interface { E, M1, M2 }   then one line per item:
//	pkg PATH, type Name interface, M1(params) results
//	pkg PATH, type Name interface, embedded E    an embedded interface or type-set term
//	pkg PATH, type Name Underlying       any other type ("type Name = T" for an alias)
//
// where PATH is the package's path inside the module. Unexported fields and
// interface methods are summed up as "unexported fields" and "unexported
// methods". Methods promoted from embedded unexported types are listed with
// the embedding type, as go doc shows them.
//
// The package uses the standard library only (go/build, go/parser, go/doc,
// go/printer), so that the check runs wherever go test does.
package apilist

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Dir is the directory of the listing files, relative to the module root.
const Dir = "api"

// contexts are the builds whose files are read; the listing is the union.
var contexts = []struct {
	goarch string
	tags   []string
}{
	{"amd64", nil},
	{"386", nil},
	{"arm64", nil},
	{"amd64", []string{"noasm"}},
}

// FileName returns the name of the listing file of the package at rel (a
// slash-separated path inside the module): "codecs/sharding" gives
// "codecs_sharding.txt".
func FileName(rel string) string { return strings.ReplaceAll(rel, "/", "_") + ".txt" }

// Generate returns the listing of every public package of the module rooted
// at root, keyed by FileName of the package's path.
func Generate(root string) (map[string][]byte, error) {
	dirs, err := packageDirs(root)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, rel := range dirs {
		lines, isMain, err := listPackage(filepath.Join(root, filepath.FromSlash(rel)), rel)
		if err != nil {
			return nil, err
		}
		if isMain {
			continue
		}
		var b bytes.Buffer
		for _, l := range lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
		out[FileName(rel)] = b.Bytes()
	}
	return out, nil
}

// packageDirs returns the slash-separated paths, relative to root, of the
// directories that may hold a public package, sorted.
func packageDirs(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		name := d.Name()
		if name == "internal" || name == "testdata" || name == Dir && path.Dir(rel) == "." ||
			strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			return filepath.SkipDir
		}
		if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
			return filepath.SkipDir // a nested module
		}
		if hasGoFiles(p) {
			dirs = append(dirs, rel)
		}
		return nil
	})
	slices.Sort(dirs)
	return dirs, err
}

// hasGoFiles reports whether dir holds a .go file that is not a test.
func hasGoFiles(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			return true
		}
	}
	return false
}

// listPackage returns the sorted lines of the package in dir, the union over
// the contexts, and whether it is a command.
func listPackage(dir, rel string) (lines []string, isMain bool, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, false, err
	}
	seen := map[string]bool{}
	for _, c := range contexts {
		ctxt := build.Context{GOOS: "linux", GOARCH: c.goarch, Compiler: "gc", BuildTags: c.tags,
			ReleaseTags: build.Default.ReleaseTags, CgoEnabled: false}
		fset := token.NewFileSet()
		var files []*ast.File
		for _, e := range entries {
			n := e.Name()
			if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
				continue
			}
			if ok, err := ctxt.MatchFile(dir, n); err != nil {
				return nil, false, err
			} else if !ok {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, false, err
			}
			files = append(files, f)
		}
		if len(files) == 0 {
			continue
		}
		if files[0].Name.Name == "main" {
			return nil, true, nil
		}
		p, err := doc.NewFromFiles(fset, files, rel)
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", rel, err)
		}
		for _, l := range packageLines(fset, p) {
			l = "pkg " + rel + ", " + l
			if !seen[l] {
				seen[l] = true
				lines = append(lines, l)
			}
		}
	}
	slices.Sort(lines)
	return lines, false, nil
}

// packageLines returns the lines of a documented package, unsorted.
func packageLines(fset *token.FileSet, p *doc.Package) []string {
	var out []string
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			out = append(out, valueLines(fset, v.Decl)...)
		}
	}
	funcs := func(fs []*doc.Func) {
		for _, f := range fs {
			out = append(out, funcLine(fset, f))
		}
	}
	values(p.Consts)
	values(p.Vars)
	funcs(p.Funcs)
	for _, t := range p.Types {
		out = append(out, typeLines(fset, t)...)
		values(t.Consts)
		values(t.Vars)
		funcs(t.Funcs)
		funcs(t.Methods)
	}
	return out
}

// valueLines lists the exported names of a const or var declaration. In a
// const group, a spec without type and values repeats the previous one's
// (iota).
func valueLines(fset *token.FileSet, d *ast.GenDecl) []string {
	var out []string
	kind := d.Tok.String()
	var lastType ast.Expr
	var lastValues []ast.Expr
	for _, s := range d.Specs {
		vs := s.(*ast.ValueSpec)
		typ, vals := vs.Type, vs.Values
		if d.Tok == token.CONST && typ == nil && len(vals) == 0 {
			typ, vals = lastType, lastValues
		}
		lastType, lastValues = typ, vals
		for i, n := range vs.Names {
			if !n.IsExported() {
				continue
			}
			line := kind + " " + n.Name
			var val ast.Expr
			if i < len(vals) {
				val = vals[i]
			}
			switch {
			case typ != nil:
				line += " " + expr(fset, typ)
			case d.Tok == token.CONST && val != nil && !usesIota(val):
				line += " = " + expr(fset, val)
			case val != nil:
				if t := evidentType(fset, val); t != "" {
					line += " " + t
				}
			}
			out = append(out, line)
		}
	}
	return out
}

// usesIota reports whether e mentions iota.
func usesIota(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "iota" {
			found = true
		}
		return !found
	})
	return found
}

// evidentType returns the type of a variable's initial value where the
// expression alone says it, or "".
func evidentType(fset *token.FileSet, e ast.Expr) string {
	switch e := e.(type) {
	case *ast.CompositeLit:
		if e.Type != nil {
			return expr(fset, e.Type)
		}
	case *ast.UnaryExpr:
		if cl, ok := e.X.(*ast.CompositeLit); ok && e.Op == token.AND && cl.Type != nil {
			return "*" + expr(fset, cl.Type)
		}
	case *ast.FuncLit:
		return expr(fset, e.Type)
	case *ast.BasicLit:
		switch e.Kind {
		case token.STRING:
			return "string"
		case token.INT:
			return "int"
		case token.FLOAT:
			return "float64"
		case token.CHAR:
			return "rune"
		}
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok {
			if pkg, ok := sel.X.(*ast.Ident); ok {
				switch pkg.Name + "." + sel.Sel.Name {
				case "errors.New", "fmt.Errorf":
					return "error"
				}
			}
		}
		if len(e.Args) == 1 { // a conversion to a predeclared, pointer, slice or array type
			switch f := e.Fun.(type) {
			case *ast.Ident:
				if isBasic(f.Name) {
					return f.Name
				}
			case *ast.ArrayType, *ast.StarExpr, *ast.ParenExpr:
				return expr(fset, f)
			}
		}
	}
	return ""
}

// isBasic reports whether name is a predeclared type.
func isBasic(name string) bool {
	switch name {
	case "bool", "string", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16",
		"uint32", "uint64", "uintptr", "byte", "rune", "float32", "float64", "complex64", "complex128":
		return true
	}
	return false
}

// funcLine lists a function or method.
func funcLine(fset *token.FileSet, f *doc.Func) string {
	d := f.Decl
	sig := signature(fset, d.Type)
	if d.Recv == nil {
		return "func " + d.Name.Name + typeParams(fset, d.Type.TypeParams) + sig
	}
	recv := f.Recv
	if f.Level == 0 && len(d.Recv.List) == 1 {
		recv = expr(fset, d.Recv.List[0].Type)
	}
	return "method (" + recv + ") " + d.Name.Name + sig
}

// typeLines lists a type and its exported fields or methods.
func typeLines(fset *token.FileSet, t *doc.Type) []string {
	var ts *ast.TypeSpec
	for _, s := range t.Decl.Specs {
		if s, ok := s.(*ast.TypeSpec); ok && s.Name.Name == t.Name {
			ts = s
		}
	}
	if ts == nil {
		return nil
	}
	head := "type " + ts.Name.Name + typeParams(fset, ts.TypeParams)
	if ts.Assign.IsValid() {
		return []string{head + " = " + expr(fset, ts.Type)}
	}
	switch u := ts.Type.(type) {
	case *ast.StructType:
		out := []string{head + " struct"}
		unexported := false
		for _, f := range u.Fields.List {
			typ := expr(fset, f.Type)
			if len(f.Names) == 0 {
				if ast.IsExported(embeddedName(f.Type)) {
					out = append(out, head+" struct, embedded "+typ)
				} else {
					unexported = true
				}
				continue
			}
			for _, n := range f.Names {
				if n.IsExported() {
					out = append(out, head+" struct, "+n.Name+" "+typ)
				} else {
					unexported = true
				}
			}
		}
		if unexported || u.Incomplete {
			out = append(out, head+" struct, unexported fields")
		}
		return out
	case *ast.InterfaceType:
		var names, items []string
		unexported := false
		for _, m := range u.Methods.List {
			if len(m.Names) == 0 { // an embedded interface or a type-set term
				e := expr(fset, m.Type)
				names = append(names, e)
				items = append(items, head+" interface, embedded "+e)
				continue
			}
			for _, n := range m.Names {
				if !n.IsExported() {
					unexported = true
					continue
				}
				names = append(names, n.Name)
				sig := ""
				if ft, ok := m.Type.(*ast.FuncType); ok {
					sig = signature(fset, ft)
				}
				items = append(items, head+" interface, "+n.Name+sig)
			}
		}
		if unexported || u.Incomplete {
			names = append(names, "unexported methods")
			items = append(items, head+" interface, unexported methods")
		}
		slices.Sort(names)
		first := head + " interface {}"
		if len(names) > 0 {
			first = head + " interface { " + strings.Join(names, ", ") + " }"
		}
		return append([]string{first}, items...)
	}
	return []string{head + " " + expr(fset, ts.Type)}
}

// embeddedName returns the type name of an embedded field: T for T, *T,
// pkg.T and T[X].
func embeddedName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return embeddedName(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.IndexExpr:
		return embeddedName(e.X)
	case *ast.IndexListExpr:
		return embeddedName(e.X)
	}
	return ""
}

// typeParams returns "[T C, ...]", or "" for a list that is nil.
func typeParams(fset *token.FileSet, l *ast.FieldList) string {
	if l == nil || len(l.List) == 0 {
		return ""
	}
	var ps []string
	for _, f := range l.List {
		var names []string
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
		ps = append(ps, strings.Join(names, ", ")+" "+expr(fset, f.Type))
	}
	return "[" + strings.Join(ps, ", ") + "]"
}

// signature returns "(params) results" of a function type, without the
// parameter names.
func signature(fset *token.FileSet, ft *ast.FuncType) string {
	s := "(" + strings.Join(fieldTypes(fset, ft.Params), ", ") + ")"
	rs := fieldTypes(fset, ft.Results)
	switch {
	case len(rs) == 1:
		s += " " + rs[0]
	case len(rs) > 1:
		s += " (" + strings.Join(rs, ", ") + ")"
	}
	return s
}

// fieldTypes returns the type of each entry of a parameter list, repeated
// for each name it declares.
func fieldTypes(fset *token.FileSet, l *ast.FieldList) []string {
	if l == nil {
		return nil
	}
	var out []string
	for _, f := range l.List {
		t := expr(fset, f.Type)
		for range max(1, len(f.Names)) {
			out = append(out, t)
		}
	}
	return out
}

// expr prints an expression on one line, with the parameter names of the
// function types inside it left out.
func expr(fset *token.FileSet, e ast.Expr) string {
	if ft, ok := e.(*ast.FuncType); ok {
		return "func" + signature(fset, ft)
	}
	e = unnameFuncTypes(e)
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, e); err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// unnameFuncTypes removes the parameter and result names of every function
// type inside e, in place (the trees are parsed for the listing only), and
// returns e. A field declaring several names becomes one field per name.
func unnameFuncTypes(e ast.Expr) ast.Expr {
	ast.Inspect(e, func(n ast.Node) bool {
		if ft, ok := n.(*ast.FuncType); ok {
			unname(ft.Params)
			unname(ft.Results)
		}
		return true
	})
	return e
}

// unname removes the names of a parameter list.
func unname(l *ast.FieldList) {
	if l == nil {
		return
	}
	var fields []*ast.Field
	for _, f := range l.List {
		for range max(1, len(f.Names)) {
			fields = append(fields, &ast.Field{Type: f.Type})
		}
	}
	l.List = fields
}

// Diff returns the lines of cur missing from old as "+ line" and those of
// old missing from cur as "- line", in the order of a merge of the two
// sorted listings.
func Diff(old, cur []byte) string {
	o, c := splitLines(old), splitLines(cur)
	inO, inC := map[string]bool{}, map[string]bool{}
	for _, l := range o {
		inO[l] = true
	}
	for _, l := range c {
		inC[l] = true
	}
	type entry struct {
		line string
		sign byte
	}
	var es []entry
	for _, l := range o {
		if !inC[l] {
			es = append(es, entry{l, '-'})
		}
	}
	for _, l := range c {
		if !inO[l] {
			es = append(es, entry{l, '+'})
		}
	}
	slices.SortStableFunc(es, func(x, y entry) int { return strings.Compare(x.line, y.line) })
	var b strings.Builder
	for _, e := range es {
		b.WriteByte(e.sign)
		b.WriteByte(' ')
		b.WriteString(e.line)
		b.WriteByte('\n')
	}
	return b.String()
}

// splitLines returns the lines of b without their newlines.
func splitLines(b []byte) []string {
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

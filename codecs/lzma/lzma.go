package lzma

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/internal/strictjson"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's registered name.
const Name = "numcodecs.lzma"

// The formats, with the numbers of Python's lzma module.
const (
	FormatAuto  = 0 // decoding only: xz or .lzma, detected
	FormatXZ    = 1
	FormatAlone = 2
	FormatRaw   = 3
)

// The xz integrity checks, with the numbers of Python's lzma module.
const (
	CheckDefault = -1 // CRC-64 for xz
	CheckNone    = 0
	CheckCRC32   = 1
	CheckCRC64   = 4
	CheckSHA256  = 10
)

// Filter IDs of Python's lzma module (liblzma's).
const (
	FilterLZMA1 = 0x4000000000000001
	FilterLZMA2 = 0x21
)

// PresetExtreme is the flag Python ORs into a preset for a slower search.
const PresetExtreme = 1 << 31

// filterNames names the filters liblzma has, for messages.
var filterNames = map[int64]string{
	FilterLZMA1: "LZMA1", FilterLZMA2: "LZMA2", 3: "delta", 4: "x86 BCJ", 5: "PowerPC BCJ",
	6: "IA-64 BCJ", 7: "ARM BCJ", 8: "ARM-Thumb BCJ", 9: "SPARC BCJ",
}

// filterOptions are the options of an LZMA1 or LZMA2 filter in Python's
// filter specifications.
var filterOptions = []string{"id", "preset", "dict_size", "lc", "lp", "pb", "mode", "nice_len", "mf", "depth"}

// presetDict is the dictionary size of each liblzma preset.
var presetDict = [10]int{256 << 10, 1 << 20, 2 << 20, 4 << 20, 4 << 20, 8 << 20, 8 << 20, 16 << 20, 32 << 20, 64 << 20}

func init() {
	registry.Register(registry.Registration{
		Name: Name, Kind: codec.KindBytesToBytes, New: NewFromConfig,
		Summary: "numcodecs LZMA: xz (default), .lzma or raw LZMA2 (format, check, preset, filters)",
	})
}

// Codec is an unbound numcodecs.lzma codec. Build it with NewFromConfig
// (through a registry) or New.
type Codec struct {
	format, check int
	preset        int64           // -1 for null
	filters       json.RawMessage // as written; nil for null
	// From the filter (or preset): the encoder's dictionary size, and the
	// literal context, literal position and position bits (-1 = default).
	dictSize   int
	lc, lp, pb int
}

// New returns a codec of the given format (FormatXZ, FormatAlone),
// check (CheckDefault, ...) and preset (0 to 9, or -1 for the default 6).
func New(format, check, preset int) (*Codec, error) {
	raw, _ := json.Marshal(map[string]any{"format": format, "check": check, "preset": presetJSON(int64(preset))})
	cfg, err := codec.NewConfig(Name, "", raw)
	if err != nil {
		return nil, err
	}
	c, err := NewFromConfig(cfg)
	if err != nil {
		return nil, err
	}
	return c.(*Codec), nil
}

func presetJSON(p int64) any {
	if p < 0 {
		return nil
	}
	return p
}

// NewFromConfig is the registry factory (see the package documentation).
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	c := &Codec{format: FormatXZ, check: CheckDefault, preset: -1, lc: -1, lp: -1, pb: -1}
	if v, ok, err := cfg.Int("format", 0, 3); err != nil {
		return nil, err
	} else if ok {
		c.format = int(v)
	}
	if v, ok, err := cfg.Int("check", -1, 16); err != nil {
		return nil, err
	} else if ok {
		switch v {
		case CheckDefault, CheckNone, CheckCRC32, CheckCRC64, CheckSHA256:
			c.check = int(v)
		default:
			return nil, cfg.Errorf("check", "check %d is not one of liblzma's: -1 (default), 0 (none), 1 (CRC-32), 4 (CRC-64), 10 (SHA-256)", v)
		}
	}
	if raw, ok := cfg.Raw("preset"); ok && string(raw) != "null" {
		p, err := strconv.ParseInt(string(raw), 10, 64)
		if err != nil || p < 0 || p&^PresetExtreme > 9 || p > PresetExtreme|9 {
			return nil, cfg.Errorf("preset", "want null or 0 to 9 (optionally with PRESET_EXTREME, 1<<31), got %s", raw)
		}
		c.preset = p
		c.dictSize = presetDict[p&^PresetExtreme]
	}
	if raw, ok := cfg.Raw("filters"); ok && string(raw) != "null" {
		if c.preset >= 0 {
			return nil, cfg.Errorf("filters", "preset and filters are both given; Python's lzma takes one or the other")
		}
		if err := c.parseFilters(cfg, raw); err != nil {
			return nil, err
		}
		c.filters = raw
	}
	if c.format == FormatRaw && c.filters == nil {
		return nil, cfg.Errorf("filters", "format 3 (FORMAT_RAW) needs a filter chain")
	}
	if c.dictSize == 0 {
		c.dictSize = presetDict[6]
	}
	return c, cfg.Finish()
}

// parseFilters reads a filter chain: one LZMA1 or LZMA2 filter, as the
// format allows.
func (c *Codec) parseFilters(cfg *codec.Config, raw json.RawMessage) error {
	elems, err := strictjson.ParseArray(raw, strictjson.Options{})
	if err != nil {
		return cfg.Errorf("filters", "want null or a list of filter specifications")
	}
	if len(elems) != 1 {
		for _, e := range elems {
			if o, err := strictjson.Parse(e, strictjson.Options{}); err == nil {
				if id, ok, err := o.Int("id", 0, 1<<62+1); err == nil && ok && id != FilterLZMA1 && id != FilterLZMA2 {
					return cfg.Errorf("filters", "the %s filter is not supported (github.com/ulikunitz/xz has LZMA1 and LZMA2 only)", filterName(id))
				}
			}
		}
		return cfg.Errorf("filters", "a chain of %d filters is not supported; only a single LZMA1 or LZMA2 filter is", len(elems))
	}
	o, err := strictjson.Parse(elems[0], strictjson.Options{Pointer: cfg.Pointer("filters") + "/0"})
	if err != nil {
		return cfg.Errorf("filters", "want a list of filter specifications (objects with \"id\")")
	}
	id, ok, err := o.Int("id", 0, 1<<62+1)
	if err != nil || !ok {
		return cfg.Errorf("filters", "a filter specification needs an integer \"id\"")
	}
	switch {
	case id != FilterLZMA1 && id != FilterLZMA2:
		return cfg.Errorf("filters", "the %s filter is not supported (github.com/ulikunitz/xz has LZMA1 and LZMA2 only)", filterName(id))
	case c.format == FormatRaw && id == FilterLZMA1:
		return cfg.Errorf("filters", "raw LZMA1 streams are not supported (github.com/ulikunitz/xz reads LZMA1 only in the .lzma format)")
	case (c.format == FormatXZ || c.format == FormatRaw) && id != FilterLZMA2:
		return cfg.Errorf("filters", "format %d takes the LZMA2 filter (id 33), not %s", c.format, filterName(id))
	case c.format == FormatAlone && id != FilterLZMA1:
		return cfg.Errorf("filters", "format 2 (FORMAT_ALONE) takes the LZMA1 filter, not %s", filterName(id))
	}
	c.dictSize = presetDict[6]
	if p, ok, err := o.Int("preset", 0, PresetExtreme|9); err != nil {
		return cfg.Errorf("filters", "filter preset: %v", err)
	} else if ok {
		if p&^PresetExtreme > 9 {
			return cfg.Errorf("filters", "filter preset %d is not 0 to 9", p)
		}
		c.dictSize = presetDict[p&^PresetExtreme]
	}
	if d, ok, err := o.Int("dict_size", 4096, 1536<<20); err != nil {
		return cfg.Errorf("filters", "filter dict_size: %v", err)
	} else if ok {
		c.dictSize = int(d)
	}
	for _, k := range []struct {
		name string
		dst  *int
		max  int64
	}{{"lc", &c.lc, 8}, {"lp", &c.lp, 4}, {"pb", &c.pb, 4}} {
		if v, ok, err := o.Int(k.name, 0, k.max); err != nil {
			return cfg.Errorf("filters", "filter %s: %v", k.name, err)
		} else if ok {
			*k.dst = int(v)
		}
	}
	for _, k := range filterOptions[6:] {
		o.Raw(k) // tune liblzma's match finder: accepted, ignored
	}
	if err := o.Finish(); err != nil {
		return cfg.Errorf("filters", "%v (a filter takes %s)", err, strictjson.QuoteList(filterOptions))
	}
	return nil
}

func filterName(id int64) string {
	if n, ok := filterNames[id]; ok {
		return fmt.Sprintf("%s (id %d)", n, id)
	}
	return fmt.Sprintf("unknown (id %d)", id)
}

// Name returns "numcodecs.lzma".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns the codec with numcodecs' four configuration keys,
// the filters as they were read.
func (c *Codec) MarshalJSON() ([]byte, error) {
	filters := json.RawMessage("null")
	if c.filters != nil {
		var b bytes.Buffer
		if err := json.Compact(&b, c.filters); err != nil {
			return nil, err
		}
		filters = b.Bytes()
	}
	return codec.MarshalCodec(Name, struct {
		Format  int             `json:"format"`
		Check   int             `json:"check"`
		Preset  any             `json:"preset"`
		Filters json.RawMessage `json:"filters"`
	}{c.format, c.check, presetJSON(c.preset), filters})
}

// ResolveBytesToBytes binds the codec to decoded.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	if c.format < FormatAuto || c.format > FormatRaw || c.dictSize <= 0 {
		return nil, &codec.ConfigError{Codec: Name, Reason: "the codec was not built by New or NewFromConfig"}
	}
	return &bound{c: c, spec: decoded}, nil
}

type bound struct {
	c    *Codec
	spec codec.BytesSpec
}

// Encoded is variable-length: an incompressible chunk grows by the
// containers' headers and LZMA2's chunk headers (3 bytes per 64 KiB).
func (b *bound) Encoded() codec.BytesSpec {
	return codec.VariableBytes(bounded.CompressedBound(b.spec.MaxSize)+b.spec.MaxSize/1024+256, b.spec.Array)
}

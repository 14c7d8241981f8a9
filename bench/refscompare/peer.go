package main

import (
	"bufio"
	_ "embed" // the peer's script
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/zcodec/zcodec/internal/hdf5bench"
)

// peerScript is peer.py, written into the data directory and run there.
//
//go:embed peer.py
var peerScript []byte

// hello is the peer's first line: what it runs, and the modules it lacks.
type hello struct {
	Python  string   `json:"python"`
	NumPy   string   `json:"numpy"`
	H5py    string   `json:"h5py"`
	HDF5    string   `json:"hdf5"`
	NetCDF4 string   `json:"netcdf4"`
	Fsspec  string   `json:"fsspec"`
	Zarr    string   `json:"zarr"`
	HTTP    string   `json:"http"`
	Missing []string `json:"missing"`
}

// lacks says which of mods the peer has not, "" when it has them all.
func (h hello) lacks(mods ...string) string {
	var out []string
	for _, m := range mods {
		for _, x := range h.Missing {
			if strings.HasPrefix(x, m) {
				out = append(out, x)
			}
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "no " + strings.Join(out, ", ") + " in " + hdf5bench.Python
}

// request is one line to the peer (see peer.py for the ops).
type request struct {
	Op      string   `json:"op"`
	Files   []string `json:"files,omitempty"`
	URL     string   `json:"url,omitempty"`
	Cache   string   `json:"cache,omitempty"`
	JSON    string   `json:"json,omitempty"`
	Var     string   `json:"var,omitempty"`
	Index   []int64  `json:"index,omitempty"`
	Dir     string   `json:"dir,omitempty"`
	Count   int      `json:"count,omitempty"`
	Steps   int      `json:"steps,omitempty"`
	Big     bool     `json:"big,omitempty"`
	MinTime float64  `json:"mintime,omitempty"`
	Check   bool     `json:"check,omitempty"`
}

// pyPeer is the running peer.py: one long-lived process answering one
// request at a time, so that its measurements interleave with ours.
type pyPeer struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines *bufio.Scanner
	hello hello
}

// startPyPeer writes peer.py into dir and starts it.
func startPyPeer(dir string) (*pyPeer, error) {
	script := filepath.Join(dir, "peer.py")
	if err := os.WriteFile(script, peerScript, 0o644); err != nil {
		return nil, err
	}
	p := &pyPeer{cmd: exec.Command(hdf5bench.Python, script)}
	p.cmd.Stderr = os.Stderr
	stdin, inErr := p.cmd.StdinPipe()
	stdout, outErr := p.cmd.StdoutPipe()
	if err := errors.Join(inErr, outErr); err != nil {
		return nil, err
	}
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	p.stdin, p.lines = stdin, bufio.NewScanner(stdout)
	p.lines.Buffer(nil, 1<<20)
	if err := p.next(&p.hello); err != nil {
		p.stop()
		return nil, err
	}
	return p, nil
}

// next decodes the peer's next line into v.
func (p *pyPeer) next(v any) error {
	if p.lines.Scan() {
		return json.Unmarshal(p.lines.Bytes(), v)
	}
	if err := p.lines.Err(); err != nil {
		return fmt.Errorf("peer.py: %v", err)
	}
	return errors.New("peer.py exited")
}

// errPeer is an error the peer answered for one request: the request
// failed, the peer runs on.
type errPeer struct{ msg string }

func (e *errPeer) Error() string { return "peer.py: " + e.msg }

// call sends req and decodes the "check" member of the answer into check,
// or returns its "timing".
func (p *pyPeer) call(req request, check any) (timing, error) {
	line, err := json.Marshal(req)
	if err != nil {
		return timing{}, err
	}
	if _, err := p.stdin.Write(append(line, '\n')); err != nil {
		return timing{}, fmt.Errorf("peer.py: %v", err)
	}
	var reply struct {
		Timing timing          `json:"timing"`
		Check  json.RawMessage `json:"check"`
		Error  string          `json:"error"`
	}
	if err := p.next(&reply); err != nil {
		return timing{}, err
	}
	if reply.Error != "" {
		return timing{}, &errPeer{reply.Error}
	}
	if check != nil {
		return timing{}, json.Unmarshal(reply.Check, check)
	}
	return reply.Timing, nil
}

// measure asks the peer to time req for at least mintime.
func (p *pyPeer) measure(req request, mintime time.Duration) (timing, error) {
	req.Check, req.MinTime = false, mintime.Seconds()
	return p.call(req, nil)
}

// checkOnce asks for one untimed call of req and what it found.
func (p *pyPeer) checkOnce(req request, v any) error {
	req.Check = true
	_, err := p.call(req, v)
	return err
}

func (p *pyPeer) stop() {
	p.stdin.Close()
	p.cmd.Wait()
}

package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/zcodec/zcodec/numeric"
	"io"
	"os"
	"os/exec"
	"time"

	"github.com/zcodec/zcodec/internal/npdtype"
)

// python is the interpreter with Debian's numcodecs and NumPy.
const python = "/usr/bin/python3"

// peer is the running compare.py server: one long-lived process that
// answers one row request at a time, so that its timings interleave with
// ours.
type peer struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	hello peerHello
}

// peerHello is the server's first line: what it runs.
type peerHello struct {
	Python    string `json:"python"`
	Numcodecs string `json:"numcodecs"`
	NumPy     string `json:"numpy"`
	CBlosc    string `json:"cblosc"`
	LibZstd   string `json:"libzstd"`
}

// peerRequest asks the server to time one row.
type peerRequest struct {
	Recipe  string  `json:"recipe"`
	File    string  `json:"file"`
	DType   string  `json:"dtype"`
	MinTime float64 `json:"mintime"`
}

// peerReply is its answer: seconds per call, the compression ratio, or
// why it could not.
type peerReply struct {
	Encode timing  `json:"encode"`
	Decode timing  `json:"decode"`
	Ratio  float64 `json:"ratio"`
	Error  string  `json:"error"`
}

// peerEnv is the environment of the peer: glibc keeps freed blocks up to
// 32 MiB on its heap (MALLOC_MMAP_THRESHOLD_ at its maximum, trimming
// off), so that NumPy's per-call temporaries are reused rather than
// mapped and faulted in anew on every call.
var peerEnv = []string{"MALLOC_MMAP_THRESHOLD_=33554432", "MALLOC_TRIM_THRESHOLD_=4294967296", "MALLOC_TOP_PAD_=67108864"}

// startPeer starts compare.py on the chunks in dir.
func startPeer(dir string) (*peer, error) {
	if _, err := os.Stat(python); err != nil {
		return nil, fmt.Errorf("%s not found", python)
	}
	script, err := findScript()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(python, script, "--data", dir)
	cmd.Env = append(os.Environ(), peerEnv...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &peer{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	if err := p.read(&p.hello); err != nil {
		p.close()
		return nil, err
	}
	return p, nil
}

// read decodes the server's next line into v.
func (p *peer) read(v any) error {
	if !p.out.Scan() {
		err := p.out.Err()
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return fmt.Errorf("compare.py stopped (%v); are python3-numcodecs and python3-numpy installed?", err)
	}
	if err := json.Unmarshal(p.out.Bytes(), v); err != nil {
		return fmt.Errorf("compare.py: %v", err)
	}
	return nil
}

// time asks the peer to time case c for at least mintime each way.
func (p *peer) time(c benchCase, mintime time.Duration) (peerReply, error) {
	req, err := json.Marshal(peerRequest{Recipe: c.recipe, File: c.fileName(), DType: npdtype.Format(c.dtype, numeric.LittleEndian), MinTime: mintime.Seconds()})
	if err != nil {
		return peerReply{}, err
	}
	if _, err := p.in.Write(append(req, '\n')); err != nil {
		return peerReply{}, fmt.Errorf("compare.py: %v", err)
	}
	var r peerReply
	if err := p.read(&r); err != nil {
		return r, err
	}
	if r.Error != "" {
		return r, errors.New("compare.py: " + r.Error)
	}
	return r, nil
}

func (p *peer) close() {
	p.in.Close()
	p.cmd.Wait()
}

// findScript locates compare.py from the repository root or from this
// command's directory.
func findScript() (string, error) {
	for _, p := range []string{"bench/compare.py", "../compare.py", "compare.py", "../../bench/compare.py"} {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", errors.New("bench/compare.py not found; run from the repository root")
}

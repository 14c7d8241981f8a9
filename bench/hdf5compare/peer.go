package main

import (
	"bufio"
	_ "embed" // the peer's script
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/zcodec/zcodec/internal/hdf5bench"
)

// peerScript is peer.py, written beside the files and run from there.
//
//go:embed peer.py
var peerScript []byte

// peer is the running peer.py server: one long-lived process that answers
// one request at a time, so that its timings interleave with ours.
type peer struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	hello peerHello
}

// peerHello is the server's first line: what it runs.
type peerHello struct {
	Python    string `json:"python"`
	H5py      string `json:"h5py"`
	HDF5      string `json:"hdf5"`
	NumPy     string `json:"numpy"`
	Zarr      string `json:"zarr"`
	Numcodecs string `json:"numcodecs"`
	NetCDF4   string `json:"netcdf4"`
}

// peerRequest asks the server to time one row, or with Check set to make
// one untimed call and say what it found.
type peerRequest struct {
	Op      string  `json:"op"`
	File    string  `json:"file"`
	Dataset string  `json:"dataset,omitempty"`
	MinTime float64 `json:"mintime"`
	Cap     float64 `json:"cap,omitempty"`
	Out     string  `json:"out,omitempty"`
	Check   bool    `json:"check,omitempty"`
}

// peerReply is its answer.
type peerReply struct {
	Timing  timing          `json:"timing"`
	Partial bool            `json:"partial"`
	Check   json.RawMessage `json:"check"`
	Error   string          `json:"error"`
}

// peerEnv keeps glibc from mapping and unmapping NumPy's and h5py's large
// temporaries on every call, as bench/compare's peer runs.
var peerEnv = []string{"MALLOC_MMAP_THRESHOLD_=33554432", "MALLOC_TRIM_THRESHOLD_=4294967296", "MALLOC_TOP_PAD_=67108864"}

// startPeer writes peer.py into dir and starts it, or says why not.
func startPeer(dir string) (*peer, error) {
	if _, err := os.Stat(hdf5bench.Python); err != nil {
		return nil, fmt.Errorf("%s not found", hdf5bench.Python)
	}
	script := filepath.Join(dir, "peer.py")
	if err := os.WriteFile(script, peerScript, 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(hdf5bench.Python, script)
	cmd.Env = append(os.Environ(), peerEnv...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &peer{cmd: cmd, in: in, out: bufio.NewScanner(outPipe)}
	p.out.Buffer(nil, 1<<20)
	if err := p.read(&p.hello); err != nil {
		p.close()
		return nil, err
	}
	return p, nil
}

func (p *peer) read(v any) error {
	if !p.out.Scan() {
		err := p.out.Err()
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return fmt.Errorf("peer.py stopped (%v); are python3-h5py, python3-zarr, python3-netcdf4 and python3-numpy installed?", err)
	}
	if err := json.Unmarshal(p.out.Bytes(), v); err != nil {
		return fmt.Errorf("peer.py: %v", err)
	}
	return nil
}

// ask sends one request and reads its reply; an error the peer answered
// for this row alone is in reply.Error with a nil error.
func (p *peer) ask(req peerRequest) (peerReply, error) {
	b, err := json.Marshal(req)
	if err != nil {
		return peerReply{}, err
	}
	if _, err := p.in.Write(append(b, '\n')); err != nil {
		return peerReply{}, fmt.Errorf("peer.py: %v", err)
	}
	var r peerReply
	err = p.read(&r)
	return r, err
}

// time asks the peer to time req for at least mintime.
func (p *peer) time(req peerRequest, mintime time.Duration) (peerReply, error) {
	req.MinTime = mintime.Seconds()
	req.Check = false
	return p.ask(req)
}

func (p *peer) close() {
	p.in.Close()
	p.cmd.Wait()
}

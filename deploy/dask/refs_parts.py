#!/usr/bin/env python3
"""Scan many netCDF-4/HDF5 files over a Dask distributed cluster into one
kerchunk reference set with `zcodec refs`.

    python3 refs_parts.py --concat-dim DIM [options] FILE... -o OUT
    python3 refs_parts.py --concat-dim DIM [options] --files-from LIST -o OUT

1. The files (those given, then those listed in --files-from, in order) are
   numbered 0..N-1; file I's reference set is the part DIR/NNNNNN.json
   (NNNNNN = I), so that parts keep the files' order and two files of one
   name do not collide.
2. One Dask task per --batch files runs `zcodec refs [scan flags] FILE -o
   PART` for each file of its batch whose part is missing. zcodec writes a
   part whole or not at all, so a part that exists is complete: a task run
   again (its worker died, or it failed) and a rerun of this program (it was
   killed) scan only the files whose part is missing.
3. `zcodec refs --combine --concat-dim DIM --files-from DIR/parts.txt -o OUT`
   combines the parts, in the files' order, into the set that one
   `zcodec refs --concat-dim DIM FILE... -o OUT` would have written, byte
   for byte.

By default the cluster is a LocalCluster of --workers worker processes on
this machine; --scheduler ADDRESS uses an existing cluster instead (every
worker must then run zcodec, read the files, and write DIR, which this
program reads). zcodec runs as a child process of the worker that runs its
task, and is killed with it (Linux: PR_SET_PDEATHSIG), so a scan never
outlives its worker.

Needs dask.distributed (Debian: python3-distributed).
"""

import argparse
import ctypes
import json
import math
import os
import shlex
import signal
import subprocess
import sys

# DIR's record of what its parts were scanned from, and the list of parts
# that the combination reads.
MANIFEST = "manifest.json"
PART_LIST = "parts.txt"


def _killed_with(parent):
    """A preexec_fn: have Linux kill the child when `parent`, the worker
    process that starts it, dies; exit at once if it is already gone."""
    def arm():
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            PR_SET_PDEATHSIG = 1
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            return  # not Linux: the child may outlive a killed worker
        if os.getppid() != parent:
            os._exit(1)  # the worker died before the signal was armed
    return arm


def scan_batch(zcodec, flags, batch):
    """One task: scan each (file, part) of the batch whose part is missing;
    raise on the first failure so that Dask runs the task again. Returns
    (parts scanned, parts found complete)."""
    preexec = _killed_with(os.getpid()) if sys.platform.startswith("linux") else None
    scanned = found = 0
    for file, part in batch:
        if os.path.exists(part):
            found += 1
            continue
        cmd = [zcodec, "refs", *flags, file, "-o", part]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, preexec_fn=preexec)
        if proc.returncode != 0:
            raise RuntimeError(f"{shlex.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()}")
        scanned += 1
    return scanned, found


def read_list(name):
    """The operands listed in `name` (- for standard input), one per line;
    blank lines are skipped."""
    f = sys.stdin if name == "-" else open(name, encoding="utf-8")
    try:
        return [line.rstrip("\n").removesuffix("\r") for line in f if line.strip()]
    finally:
        if f is not sys.stdin:
            f.close()


def local_path(operand):
    """A local operand made absolute (the workers need not run where this
    program does, nor zcodec resolve it from the same directory); a URL as
    it is."""
    return operand if "://" in operand else os.path.abspath(operand)


def write_atomic(path, text):
    tmp = f"{path}.tmp-{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def check_manifest(parts_dir, manifest):
    """Record in DIR what its parts are scanned from, or check that the
    parts already there were scanned from the same files with the same flags."""
    path = os.path.join(parts_dir, MANIFEST)
    try:
        with open(path, encoding="utf-8") as f:
            old = json.load(f)
    except FileNotFoundError:
        write_atomic(path, json.dumps(manifest, indent=1) + "\n")
        return
    if old != manifest:
        what = "files" if old.get("files") != manifest["files"] else "scan flags"
        sys.exit(f"{parts_dir} holds the parts of other {what} (see {path}): "
                 f"remove it, or give another --parts DIR")


def check_zcodec(zcodec):
    """Exit unless zcodec runs here and its refs combines sets."""
    try:
        usage = subprocess.run([zcodec, "refs", "-h"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True).stdout
    except OSError as e:
        sys.exit(f"{zcodec}: {e}")
    if "-combine" not in usage:
        sys.exit(f"{zcodec} refs has no --combine: a newer zcodec is needed")


def combine(zcodec, flags, dim, part_list, out, file_of):
    """Combine the parts listed in part_list into OUT; exit when zcodec fails.
    zcodec names the parts in its messages: the files they are the sets of
    are named after them."""
    cmd = [zcodec, "refs", "--combine", "--concat-dim", dim, *flags,
           "--files-from", part_list, "-o", out]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.stdout:
        print(proc.stdout, end="", flush=True)
    if proc.stderr:
        sys.stderr.write(proc.stderr)
        for part in sorted(q for q in file_of if q in proc.stderr):
            print(f"{part} is the set of {file_of[part]}", file=sys.stderr)
    if proc.returncode != 0:
        sys.exit(f"{shlex.join(cmd)} exited {proc.returncode}")


def scan(a, flags, todo):
    """Scan the (file, part) pairs of todo over the cluster, --batch a task.
    Returns (parts scanned, parts found complete by tasks run again)."""
    from dask.distributed import Client, LocalCluster, wait

    if a.scheduler:
        client, cluster = Client(a.scheduler), None
    else:
        cluster = LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        workers = len(client.scheduler_info()["workers"]) or a.workers
        size = a.batch or max(1, math.ceil(len(todo) / (4 * workers)))
        batches = [todo[i:i + size] for i in range(0, len(todo), size)]
        print(f"scanning {len(todo)} files in {len(batches)} tasks of at most {size}", flush=True)
        k = len(batches)
        futures = client.map(scan_batch, [a.zcodec] * k, [flags] * k, batches,
                             retries=a.retries, pure=False)
        wait(futures)
        failed = [(b, f.exception()) for b, f in zip(batches, futures) if f.status != "finished"]
        for b, err in failed:
            what = b[0][0] if len(b) == 1 else f"the batch of {b[0][0]} to {b[-1][0]}"
            print(f"{what} failed: {err}", file=sys.stderr)
        if failed:
            sys.exit(f"{len(failed)} of {k} tasks failed; run this again to scan the files "
                     f"whose part is missing")
        done = [f.result() for f in futures]
        return sum(s for s, _ in done), sum(c for _, c in done)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def attach_values(argv, names):
    """Write "--NAME VALUE" as "--NAME=VALUE" for the options names, so that
    argparse takes a VALUE such as "--reconcile-time" for their value."""
    out, i = [], 0
    while i < len(argv):
        if argv[i] == "--":
            return out + argv[i:]
        if argv[i] in names and i + 1 < len(argv):
            out.append(f"{argv[i]}={argv[i + 1]}")
            i += 2
        else:
            out.append(argv[i])
            i += 1
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("files", nargs="*", metavar="FILE")
    p.add_argument("--files-from", default="", metavar="LIST",
                   help="scan also the files listed in LIST, one per line (- for standard input), "
                        "after those given")
    p.add_argument("--concat-dim", required=True, metavar="DIM",
                   help="the dimension the files follow each other along, such as time")
    p.add_argument("-o", dest="out", required=True, metavar="OUT",
                   help="the combined set: a JSON file, or with --combine-flags \"--format parquet\" "
                        "a new directory")
    p.add_argument("--parts", default="", metavar="DIR",
                   help="where the parts go, one NNNNNN.json per file (default: OUT.parts)")
    p.add_argument("--batch", type=int, default=0, metavar="N",
                   help="files per task (default: the files split into 4 tasks per worker)")
    p.add_argument("--workers", type=int, default=2,
                   help="worker processes of the LocalCluster (default 2)")
    p.add_argument("--scheduler", default="",
                   help="address of an existing Dask scheduler (default: start a LocalCluster)")
    p.add_argument("--retries", type=int, default=3,
                   help="times a failed task is run again (default 3)")
    p.add_argument("--zcodec", default="zcodec", help="the zcodec program (default: zcodec on PATH)")
    p.add_argument("--scan-flags", default="",
                   help='flags of every file\'s scan, such as "--inline-threshold 100 --url-prefix '
                        's3://bucket/dir"')
    p.add_argument("--combine-flags", default="",
                   help='flags of the combination, such as "--reconcile-time --format parquet"')
    p.add_argument("--store-flags", default="",
                   help='store flags of every zcodec command, such as "--endpoint http://minio:9000"')
    a = p.parse_args(attach_values(sys.argv[1:], ("--scan-flags", "--combine-flags", "--store-flags")))
    store_flags = shlex.split(a.store_flags)
    scan_flags = shlex.split(a.scan_flags)
    for f in scan_flags:
        name = f.lstrip("-").split("=")[0]
        if f.startswith("-") and name in ("o", "format", "record-size", "report", "concat-dim",
                                          "combine", "files-from"):
            p.error(f"--scan-flags: {f} is not a flag of one file's scan: the parts are JSON files "
                    f"named by this program (give output flags in --combine-flags)")
    if a.batch < 0:
        p.error(f"--batch {a.batch}: want 1 or more (0: 4 tasks per worker)")
    if a.out == "-":
        p.error("-o -: the combined set is written to a file (or a directory), not standard output")

    check_zcodec(a.zcodec)
    files = [local_path(f) for f in a.files + (read_list(a.files_from) if a.files_from else [])]
    if not files:
        p.error("no FILE given")
    parts_dir = os.path.abspath(a.parts or a.out.rstrip("/") + ".parts")
    os.makedirs(parts_dir, exist_ok=True)
    check_manifest(parts_dir, {"files": files, "scan_flags": scan_flags})
    digits = max(6, len(str(len(files) - 1)))
    parts = [os.path.join(parts_dir, f"{i:0{digits}d}.json") for i in range(len(files))]

    todo = [(f, q) for f, q in zip(files, parts) if not os.path.exists(q)]
    found = len(files) - len(todo)
    scanned = 0
    if todo:
        scanned, again = scan(a, [*store_flags, *scan_flags], todo)
        found += again
    print(f"{len(files)} files: {scanned} scanned, {found} parts already complete", flush=True)

    part_list = os.path.join(parts_dir, PART_LIST)
    write_atomic(part_list, "".join(q + "\n" for q in parts))
    combine(a.zcodec, [*store_flags, *shlex.split(a.combine_flags)], a.concat_dim,
            part_list, a.out, dict(zip(parts, files)))
    print(f"combined {len(files)} parts into {a.out}", flush=True)


if __name__ == "__main__":
    main()

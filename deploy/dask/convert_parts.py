#!/usr/bin/env python3
"""Run `zcodec convert` split into parts over a Dask distributed cluster.

    python3 convert_parts.py [options] SRC DST

1. `zcodec convert --plan SRC DST` writes the plan into DST and prints the
   number of units U (one unit = one stored key of DST).
2. Parts 0..N-1 run as `zcodec convert --part I/N SRC DST`, one Dask task
   each, on the cluster's workers; a task whose part fails, or whose worker
   dies, runs again (parts are idempotent: a rerun rewrites the same bytes).
3. `zcodec convert --finalize --parts N DST` checks every part's marker and
   publishes the metadata.

By default the cluster is a LocalCluster of --workers worker processes on
this machine; --scheduler ADDRESS uses an existing cluster instead (every
worker must then run zcodec and reach SRC and DST). zcodec runs as a child
process of the worker that runs its task, and is killed with it (Linux:
PR_SET_PDEATHSIG), so a part never outlives its worker.

Needs dask.distributed (Debian: python3-distributed).
"""

import argparse
import ctypes
import re
import shlex
import signal
import subprocess
import sys


def _die_with_parent():
    """Ask Linux to kill this child when the worker that started it dies."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: the child may outlive a killed worker


def run_part(zcodec, store_flags, src, dst, part, parts):
    """One task: run part `part` of `parts`; raise on failure so Dask retries."""
    cmd = [zcodec, "convert", *store_flags, "--part", f"{part}/{parts}", src, dst]
    preexec = _die_with_parent if sys.platform.startswith("linux") else None
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, preexec_fn=preexec)
    if proc.returncode != 0:
        raise RuntimeError(f"part {part}/{parts} exited {proc.returncode}: {proc.stderr.strip()}")
    return proc.stdout.strip()


def zcodec_run(args):
    """Run zcodec on this machine; exit with its status when it fails."""
    proc = subprocess.run(args, stdout=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.exit(f"{shlex.join(args)} exited {proc.returncode}")
    return proc.stdout.strip()


def parts_to_run(zcodec, store_flags, dst, parts):
    """The parts whose marker is missing or wrong (all of them on a first run)."""
    proc = subprocess.run([zcodec, "convert", *store_flags, "--status", "--parts", str(parts), dst],
                          stdout=subprocess.PIPE, text=True)
    if proc.returncode == 0:
        return []
    todo = []
    for line in proc.stdout.splitlines():
        m = re.match(r"part (\d+)/(\d+): ", line)
        if m and int(m.group(2)) == parts:
            todo.append(int(m.group(1)))
    return todo if proc.returncode == 1 else list(range(parts))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("src")
    p.add_argument("dst")
    p.add_argument("--parts", type=int, default=0,
                   help="number of parts N (default: 4 per worker, at most the number of units)")
    p.add_argument("--workers", type=int, default=2,
                   help="worker processes of the LocalCluster (default 2)")
    p.add_argument("--scheduler", default="",
                   help="address of an existing Dask scheduler (default: start a LocalCluster)")
    p.add_argument("--retries", type=int, default=3,
                   help="times a failed part is run again (default 3)")
    p.add_argument("--zcodec", default="zcodec", help="the zcodec program (default: zcodec on PATH)")
    p.add_argument("--plan-flags", default="",
                   help='flags of --plan, such as "--codecs c.json --shards 1,1024,1024 --consolidate"')
    p.add_argument("--store-flags", default="",
                   help='store flags of every zcodec command, such as "--endpoint http://minio:9000"')
    a = p.parse_args()
    store_flags = shlex.split(a.store_flags)

    units = int(zcodec_run([a.zcodec, "convert", *store_flags, "--plan",
                            *shlex.split(a.plan_flags), a.src, a.dst]))
    parts = a.parts or max(1, min(units, 4 * a.workers))
    print(f"plan: {units} units in {parts} parts", flush=True)

    todo = parts_to_run(a.zcodec, store_flags, a.dst, parts)
    if len(todo) < parts:
        print(f"{parts - len(todo)} parts already done", flush=True)

    from dask.distributed import Client, LocalCluster, wait

    if a.scheduler:
        client, cluster = Client(a.scheduler), None
    else:
        cluster = LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        k = len(todo)
        futures = client.map(run_part, [a.zcodec] * k, [store_flags] * k,
                             [a.src] * k, [a.dst] * k, todo, [parts] * k,
                             retries=a.retries, pure=False)
        wait(futures)
        failed = [(i, f.exception()) for i, f in zip(todo, futures) if f.status != "finished"]
        for i, err in failed:
            print(f"part {i}/{parts} failed: {err}", file=sys.stderr)
        if failed:
            sys.exit(f"{len(failed)} of {parts} parts failed; run this again to rerun them, "
                     f"or zcodec convert --status --parts {parts} {a.dst}")
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

    print(zcodec_run([a.zcodec, "convert", *store_flags, "--finalize", "--parts", str(parts), a.dst]))


if __name__ == "__main__":
    main()

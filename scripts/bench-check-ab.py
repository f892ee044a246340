#!/usr/bin/env python3
"""Check mode of two plint binaries on the same corpus, run alternately in one session.

    scripts/bench-check-ab.py BASE NEW            # 10 pairs, default rules and output
    PAIRS=30 scripts/bench-check-ab.py BASE NEW -- --quiet
    CORPUS=path/to/one.pp PAIRS=200 scripts/bench-check-ab.py BASE NEW   # one file, as a
                                                                         # pre-commit hook gives it

Each pair runs BASE then NEW (every other pair NEW first), each on every `*.pp` under CORPUS
(symbolic links followed, sorted, given one by one as a pre-commit hook gives them), output
discarded. On a shared machine a single run says little; alternating the two binaries exposes
them to the same load, and the medians of wall time and CPU time (user + system, of the process
and its threads, the system part apart) are compared. Prints the load average before and after.
"""

import os
import resource
import statistics
import subprocess
import sys
import time


def corpus_files(corpus):
    if os.path.isfile(corpus):
        return [corpus]
    out = subprocess.run(
        ["find", "-L", corpus, "-name", "*.pp", "-type", "f"],
        capture_output=True, text=True, check=True,
    ).stdout.split("\n")
    return sorted(p for p in out if p)


def run(binary, args, files):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([binary, *args, *files], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    user = after.ru_utime - before.ru_utime
    system = after.ru_stime - before.ru_stime
    return wall, user + system, system


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1:]
    if len(argv) != 2:
        sys.exit(__doc__)
    base, new = (os.path.abspath(b) for b in argv)
    pairs = int(os.environ.get("PAIRS", "10"))
    files = corpus_files(os.environ.get("CORPUS", "/usr/share/puppet/modules"))
    print(f"{len(files)} files, {pairs} pairs, arguments {extra or '(none)'}; "
          f"load {os.getloadavg()[0]:.2f}")
    times = {base: [], new: []}
    # One run of each first, not counted: the files are in the page cache for both.
    for binary in (base, new):
        run(binary, extra, files)
    for i in range(pairs):
        order = (base, new) if i % 2 == 0 else (new, base)
        for binary in order:
            times[binary].append(run(binary, extra, files))
    print(f"load after {os.getloadavg()[0]:.2f}")
    medians = {}
    for name, binary in (("base", base), ("new", new)):
        walls = [w for w, _, _ in times[binary]]
        cpus = [c for _, c, _ in times[binary]]
        systems = [s for _, _, s in times[binary]]
        medians[name] = (statistics.median(walls), statistics.median(cpus))
        print(f"{name}: {binary}\n  wall median {ms(medians[name][0])} "
              f"(min {ms(min(walls))}, max {ms(max(walls))}); "
              f"CPU median {ms(medians[name][1])} (min {ms(min(cpus))}; "
              f"system {ms(statistics.median(systems))})")
    (bw, bc), (nw, nc) = medians["base"], medians["new"]
    print(f"new/base: wall {nw / bw:.3f}, CPU {nc / bc:.3f}")


if __name__ == "__main__":
    main()

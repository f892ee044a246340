#!/usr/bin/env python3
"""plint --evaluate on the real control repository of ../shared/realworld, node by node, against
the catalogs real Puppet 7.23 compiled for the same nodes.

Usage: scripts/realworld.py [--plint target/release/plint] [--shared ../shared] [--node NAME]
                            [--diff] [--markdown]

It unpacks the repository with the data set's setup.sh (into /tmp/plint-realworld), compiles every
node of nodes.txt as the data set's README says (the environment folder, whose environment.conf
gives the module path `external_modules:modules:$basemodulepath` with test_modules as the base
module path, the environment's hiera.yaml, the data set's stubs/hiera.yaml as the global layer,
strict variables), and
prints a table: how many of Puppet's resources plint has (by type and title), how many of their
parameters are equal, how many edges match, and whether the catalog is identical. `--diff` prints
what differs for each node. Exit status 0 when every node compiled, 1 otherwise.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def norm(v):
    """A parameter value as Puppet's catalog JSON has it (plint may write 1 where Puppet writes 1.0)."""
    if isinstance(v, bool) or v is None:
        return v
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, list):
        return [norm(x) for x in v]
    if isinstance(v, dict):
        return {k: norm(x) for k, x in v.items()}
    return v


def resources(catalog):
    out = {}
    for r in catalog.get("resources", []):
        if r["type"] in ("Stage",) or (r["type"] == "Class" and r["title"] in ("main", "Settings")):
            continue
        if r["type"] == "Node":
            continue
        out[(r["type"], r["title"])] = norm(r.get("parameters", {}))
    return out


def edges(catalog):
    out = set()
    for e in catalog.get("edges", []):
        if isinstance(e, dict):
            s, t = e["source"], e["target"]
        else:
            s, t = e
        if s.startswith(("Stage[", "Node[")) or t.startswith("Node[") or "Class[Settings]" in (s, t):
            continue
        if s == "Class[main]" or t == "Class[main]":
            continue
        out.add((s, t))
    return out


def compare(expected, got):
    er, gr = resources(expected), resources(got)
    common = [k for k in er if k in gr]
    params_total = sum(len(er[k]) for k in er)
    params_equal = 0
    differing = []
    for k in common:
        for p, v in er[k].items():
            if gr[k].get(p) == v:
                params_equal += 1
            else:
                differing.append((k, p, v, gr[k].get(p, "<absent>")))
        for p in gr[k]:
            if p not in er[k]:
                differing.append((k, p, "<absent>", gr[k][p]))
    ee, ge = edges(expected), edges(got)
    return {
        "resources": len(er),
        "found": len(common),
        "missing": sorted(k for k in er if k not in gr),
        "extra": sorted(k for k in gr if k not in er),
        "params": params_total,
        "params_equal": params_equal,
        "differing": differing,
        "edges": len(ee),
        "edges_found": len(ee & ge),
        "edges_missing": sorted(ee - ge),
        "edges_extra": sorted(ge - ee),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plint", default=os.path.join(ROOT, "target/release/plint"))
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--node", action="append")
    ap.add_argument("--diff", action="store_true")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    data = os.path.join(a.shared, "realworld")
    if not os.path.isdir(data):
        sys.exit(f"realworld: {data} is missing")
    subprocess.run(["bash", os.path.join(data, "setup.sh")], check=True, stdout=subprocess.DEVNULL)
    env = "/tmp/plint-realworld/foreman-infra"
    nodes = []
    with open(os.path.join(data, "nodes.txt")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                name, facts = line.rstrip("\n").split("\t")[:2]
                nodes.append((name, os.path.join(data, facts)))
    if a.node:
        nodes = [n for n in nodes if n[0] in a.node]
    rows = []
    failed = 0
    out_dir = tempfile.mkdtemp(prefix="plint-realworld-")
    for name, facts in nodes:
        out = os.path.join(out_dir, name + ".json")
        cmd = [
            os.path.abspath(a.plint), "--evaluate", "--facts", facts, "--node", name,
            # The environment as a server builds it: environment.conf's modulepath
            # (external_modules:modules:$basemodulepath), its hiera.yaml, and the server's
            # global Hiera layer; test_modules stand for $basemodulepath.
            "--basemodulepath", "test_modules",
            "--global-hiera", os.path.join(data, "stubs", "hiera.yaml"),
            "--strict-variables", "--catalog-out", out, ".",
        ]
        start = time.monotonic()
        p = subprocess.run(cmd, cwd=env, capture_output=True, text=True)
        took = time.monotonic() - start
        with open(os.path.join(data, "expected", name + ".json")) as f:
            expected = json.load(f)
        if not os.path.exists(out):
            failed += 1
            first = next((l for l in p.stdout.splitlines() if l.startswith("error")), p.stderr.strip()[:200])
            rows.append((name, None, took, first))
            continue
        with open(out) as f:
            got = json.load(f)
        c = compare(expected, got)
        rows.append((name, c, took, ""))
        if a.diff:
            print(f"## {name}")
            for k in c["missing"]:
                print(f"  missing  {k[0]}[{k[1]}]")
            for k in c["extra"]:
                print(f"  extra    {k[0]}[{k[1]}]")
            for (k, p_, e, g) in c["differing"]:
                print(f"  param    {k[0]}[{k[1]}] {p_}: puppet {json.dumps(e)[:200]} plint {json.dumps(g)[:200]}")
            for e in c["edges_missing"]:
                print(f"  edge-    {e[0]} -> {e[1]}")
            for e in c["edges_extra"]:
                print(f"  edge+    {e[0]} -> {e[1]}")
    sep = "|" if a.markdown else " "
    head = ["node", "resources", "found", "extra", "parameters equal", "edges", "identical", "s"]
    print(sep.join(head) if a.markdown else "{:<44} {:>9} {:>12} {:>5} {:>18} {:>12} {:>9} {:>5}".format(*head))
    tot = [0, 0, 0, 0, 0, 0]
    for name, c, took, why in rows:
        if c is None:
            print(f"{name:<44} no catalog: {why}")
            continue
        ident = not c["missing"] and not c["extra"] and not c["differing"] and c["edges_found"] == c["edges"] and not c["edges_extra"]
        pct = lambda x, y: f"{x}/{y} ({100.0 * x / y:.1f}%)" if y else "0/0"
        cells = [name, str(c["resources"]), pct(c["found"], c["resources"]), str(len(c["extra"])),
                 pct(c["params_equal"], c["params"]), pct(c["edges_found"], c["edges"]),
                 "yes" if ident else "no", f"{took:.2f}"]
        for i, v in enumerate([c["resources"], c["found"], c["params"], c["params_equal"], c["edges"], c["edges_found"]]):
            tot[i] += v
        if a.markdown:
            print("|" + "|".join(cells) + "|")
        else:
            print("{:<44} {:>9} {:>12} {:>5} {:>18} {:>12} {:>9} {:>5}".format(*cells))
    compiled = len(rows) - failed
    if tot[0]:
        print(f"\n{compiled} of {len(rows)} nodes compiled; resources found {tot[1]}/{tot[0]} "
              f"({100.0 * tot[1] / tot[0]:.1f}%), parameters equal {tot[3]}/{tot[2]} "
              f"({100.0 * tot[3] / max(tot[2], 1):.1f}%), edges {tot[5]}/{tot[4]}")
    else:
        print(f"\n{compiled} of {len(rows)} nodes compiled")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

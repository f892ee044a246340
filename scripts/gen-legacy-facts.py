#!/usr/bin/env python3
"""Rewrites the `always-present` list of rules/facts/legacy.toml from facterdb's fact sets.

A structured fact is listed when it holds a hash or an array in every fact set of facterdb for
Facter 3 and 4 (paths up to three levels deep). P421's fix reads a replacement whose levels
above the last are all listed with a plain access (`$facts['os']['family']`), any other with
`$facts.dig(...)`, which gives undef where a level is missing instead of failing to compile.

Usage: scripts/gen-legacy-facts.py [FACTERDB_FACTS_DIR]     (rewrites the file in place)
"""
import glob
import json
import os
import re
import sys

DEFAULT = "/usr/share/rubygems-integration/all/gems/facterdb-*/facts"
TARGET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "rules", "facts",
                      "legacy.toml")
MAX_DEPTH = 3


def containers(value, prefix, depth, out):
    """Adds to `out` the dotted paths under `prefix` that hold a hash or an array."""
    for key, v in value.items():
        if isinstance(v, (dict, list)):
            path = prefix + [key]
            out.add(".".join(path))
            if isinstance(v, dict) and depth < MAX_DEPTH:
                containers(v, path, depth + 1, out)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else None
    if root is None:
        found = sorted(glob.glob(DEFAULT))
        if not found:
            sys.exit("facterdb not found; pass its facts/ directory")
        root = found[-1]
    common = None
    sets = 0
    for path in sorted(glob.glob(os.path.join(root, "*", "*.facts"))):
        version = os.path.basename(os.path.dirname(path))
        if not version.split(".")[0] in ("3", "4"):
            continue
        with open(path, encoding="utf-8") as f:
            facts = json.load(f)
        found = set()
        containers(facts, [], 1, found)
        common = found if common is None else common & found
        sets += 1
    if not sets:
        sys.exit("no fact set of Facter 3 or 4 under " + root)
    lines = ["# BEGIN always-present (scripts/gen-legacy-facts.py: %d fact sets)" % sets,
             "always-present = ["]
    lines += ['    "%s",' % p for p in sorted(common)]
    lines += ["]", "# END always-present"]
    with open(TARGET, encoding="utf-8") as f:
        text = f.read()
    new, n = re.subn(r"# BEGIN always-present.*?# END always-present", "\n".join(lines), text,
                     flags=re.S)
    if n != 1:
        sys.exit("the always-present markers are missing in " + TARGET)
    with open(TARGET, "w", encoding="utf-8") as f:
        f.write(new)


main()

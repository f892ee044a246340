#!/usr/bin/env python3
"""Each corpus module copied alone into a folder of another name (`build/`, or
`someone-<name>` when it has no metadata.json) and checked as a pre-commit hook or a CI job
without fixtures checks it: the findings of each plint binary given, counted by severity and
code (warnings together).

    scripts/corpus-alone.py target/release/plint [OTHER_PLINT ...]

The test `tests/world.rs` (each_corpus_module_alone_is_a_subset_of_the_whole) asserts what
matters; this script gives the figures."""
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

CORPUS = os.environ.get("CORPUS", "/usr/share/puppet/modules")


def main(binaries):
    totals = {b: collections.Counter() for b in binaries}
    for module in sorted(os.listdir(CORPUS)):
        src = os.path.join(CORPUS, module)
        if not os.path.isdir(src):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            has_metadata = os.path.isfile(os.path.join(src, "metadata.json"))
            folder = "build" if has_metadata else "someone-" + module.split("-")[-1]
            shutil.copytree(src, os.path.join(tmp, folder))
            for b in binaries:
                out = subprocess.run([os.path.abspath(b), "--format", "json", folder],
                                     capture_output=True, text=True, cwd=tmp).stdout
                for f in json.loads(out):
                    sev = f["severity"]
                    totals[b][(sev, f["code"] if sev != "warning" else "*")] += 1
    for b in binaries:
        errors = sum(n for (sev, _), n in totals[b].items() if sev == "error")
        print(f"{b}: {errors} errors; " + ", ".join(
            f"{sev} {code}: {n}" for (sev, code), n in sorted(totals[b].items())))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])

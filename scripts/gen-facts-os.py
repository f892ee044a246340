#!/usr/bin/env python3
"""Writes rules/facts-os/<name>.json: the default facts of `plint --evaluate --facts-os NAME`.

Each set is one of facterdb's fact sets (real Facter output, legacy and structured facts),
trimmed to the top-level facts that modules read: a fact is kept when its name is read somewhere
in the module corpus (`$facts['name']`, `$::name`, `$name`, `fact('name')`, `@name` in ERB,
`facts[:name]`, `scope['facts']['name']` or `Facter.value(:name)` in Ruby), or when it names the node or its system (`CORE`). A fact that is
kept is kept whole (its nested hashes too).

facterdb 1.12.1 has no set for a few current releases; those are derived from the previous
release with the facts that name the release changed (`DERIVED`), and say so in `_plint.source`.
A set collected without legacy facts (facterdb's RedHat 9) gets those that are a copy of a
structured fact (`rules/facts/legacy.toml`'s exact replacements), as Puppet 7's Facter gives
them unless `include_legacy_facts` is off.

Usage: scripts/gen-facts-os.py [FACTERDB_FACTS_DIR [MODULES_DIR]]
  (defaults: facterdb's gem folder, /usr/share/puppet/modules), from the project's root.
"""
import copy
import glob
import json
import os
import re
import sys
import tomllib

DEFAULT_FACTS = "/usr/share/rubygems-integration/all/gems/facterdb-*/facts"
DEFAULT_MODULES = "/usr/share/puppet/modules"
OUT = "rules/facts-os"

# name -> (facterdb version folder, file name)
SETS = {
    "debian-10": ("4.2", "debian-10-x86_64.facts"),
    "debian-11": ("4.2", "debian-11-x86_64.facts"),
    "ubuntu-18.04": ("4.2", "ubuntu-18.04-x86_64.facts"),
    "ubuntu-20.04": ("4.2", "ubuntu-20.04-x86_64.facts"),
    "redhat-7": ("4.2", "redhat-7-x86_64.facts"),
    "redhat-8": ("4.2", "redhat-8-x86_64.facts"),
    "redhat-9": ("4.2", "redhat-9-x86_64.facts"),
    "centos-7": ("4.2", "centos-7-x86_64.facts"),
    "rocky-8": ("4.2", "rocky-8-x86_64.facts"),
    "almalinux-8": ("4.2", "almalinux-8-x86_64.facts"),
    "windows-2019": ("3.14", "windows-2019-x86_64.facts"),
}

# name -> (base set, {dotted path: value}); the paths are set in the base's facts.
DEBIAN_12 = {
    "os.release": {"full": "12.5", "major": "12", "minor": "5"},
    "os.distro.codename": "bookworm",
    "os.distro.description": "Debian GNU/Linux 12 (bookworm)",
    "os.distro.release": {"full": "12.5", "major": "12", "minor": "5"},
    "operatingsystemrelease": "12.5",
    "operatingsystemmajrelease": "12",
    "lsbdistcodename": "bookworm",
    "lsbdistdescription": "Debian GNU/Linux 12 (bookworm)",
    "lsbdistrelease": "12.5",
    "lsbmajdistrelease": "12",
    "lsbminordistrelease": "5",
    "kernelrelease": "6.1.0-18-amd64",
    "kernelversion": "6.1.0",
    "kernelmajversion": "6.1",
}
UBUNTU_22 = {
    "os.release": {"full": "22.04", "major": "22.04"},
    "os.distro.codename": "jammy",
    "os.distro.description": "Ubuntu 22.04.4 LTS",
    "os.distro.release": {"full": "22.04", "major": "22.04"},
    "operatingsystemrelease": "22.04",
    "operatingsystemmajrelease": "22.04",
    "lsbdistcodename": "jammy",
    "lsbdistdescription": "Ubuntu 22.04.4 LTS",
    "lsbdistrelease": "22.04",
    "lsbmajdistrelease": "22.04",
    "kernelrelease": "5.15.0-97-generic",
    "kernelversion": "5.15.0",
    "kernelmajversion": "5.15",
}
WINDOWS_2022 = {
    "os.release": {"full": "2022", "major": "2022"},
    "os.windows.product_name": "Windows Server 2022 Standard",
    "os.windows.release_id": "21H2",
    "operatingsystemrelease": "2022",
    "operatingsystemmajrelease": "2022",
    "windows_product_name": "Windows Server 2022 Standard",
    "windows_release_id": "21H2",
    "kernelrelease": "10.0.20348",
    "kernelversion": "10.0.20348",
    "kernelmajversion": "10.0",
}
DERIVED = {
    "debian-12": ("debian-11", DEBIAN_12),
    "ubuntu-22.04": ("ubuntu-20.04", UBUNTU_22),
    "windows-2022": ("windows-2019", WINDOWS_2022),
}

# Always kept: what names the node and its system.
CORE = {
    "fqdn", "hostname", "domain", "networking", "os", "kernel", "kernelrelease",
    "kernelversion", "kernelmajversion", "identity", "processors", "memory", "facterversion",
    "architecture", "osfamily", "operatingsystem", "operatingsystemrelease",
    "operatingsystemmajrelease", "ipaddress", "is_virtual", "virtual", "timezone", "path",
}

READ = re.compile(
    r"""(?:\$\{?(?:::)?|@|facts(?:['"]\])?\[\s*['":]|Facter\.value\(\s*['":]"""
    r"""|lookupvar\(\s*['"](?:::)?|\bfact\(\s*['"])"""
    r"""([a-z_][a-z0-9_]*)"""
)


def names_read(modules):
    found = set()
    for root, _dirs, files in os.walk(modules, followlinks=True):
        for f in files:
            if f.endswith((".pp", ".erb", ".epp", ".rb")):
                try:
                    with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
                        found.update(READ.findall(fh.read()))
                except OSError:
                    pass
    return found


def set_path(facts, path, value):
    keys = path.split(".")
    cur = facts
    for k in keys[:-1]:
        if not isinstance(cur.get(k), dict):
            return
        cur = cur[k]
    if keys[-1] in cur or len(keys) > 1:
        cur[keys[-1]] = value


def dig(facts, path):
    cur = facts
    for k in path.split("."):
        if not isinstance(cur, dict) or k not in cur:
            return None
        cur = cur[k]
    return cur


def add_legacy(facts, replacements):
    """Adds the legacy facts that copy a structured fact, if the set has none of them."""
    if any(k in facts for k in ("osfamily", "operatingsystem")):
        return False
    for legacy, path in replacements.items():
        value = dig(facts, path) if path else None
        if legacy not in facts and isinstance(value, (str, int, float, bool)):
            facts[legacy] = value
    return True


def main():
    facts_dir = sys.argv[1] if len(sys.argv) > 1 else sorted(glob.glob(DEFAULT_FACTS))[-1]
    modules = sys.argv[2] if len(sys.argv) > 2 else DEFAULT_MODULES
    read = names_read(modules)
    version = os.path.basename(os.path.dirname(os.path.abspath(facts_dir)))
    with open("rules/facts/legacy.toml", "rb") as fh:
        replacements = tomllib.load(fh)["replacements"]
    loaded = {}
    for name, (ver, file) in SETS.items():
        with open(os.path.join(facts_dir, ver, file), encoding="utf-8") as fh:
            facts = json.load(fh)
        source = f"{version}/facts/{ver}/{file}"
        if add_legacy(facts, replacements):
            source += ", with the legacy facts that copy structured ones"
        loaded[name] = (facts, source)
    for name, (base, changes) in DERIVED.items():
        facts = copy.deepcopy(loaded[base][0])
        for path, value in changes.items():
            set_path(facts, path, value)
        loaded[name] = (facts, f"{loaded[base][1]}, with the release facts of {name}")
    os.makedirs(OUT, exist_ok=True)
    for name, (facts, source) in sorted(loaded.items()):
        kept = {k: v for k, v in sorted(facts.items()) if k in CORE or k in read}
        kept["_plint"] = {"name": name, "source": source}
        with open(os.path.join(OUT, f"{name}.json"), "w", encoding="utf-8") as fh:
            json.dump(kept, fh, indent=1, sort_keys=True)
            fh.write("\n")
        print(f"{name}: {len(kept) - 1} of {len(facts)} facts", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes rules/facts/facts.toml: every top-level fact name that facterdb's fact sets hold.

Puppet 7 makes each fact a top-scope variable, so `$osfamily` and `$::osfamily` are legal
reads; the scope analysis (crates/plint-defs/src/infer/scope.rs) uses this list to tell a fact from an
undefined variable. Facts whose names embed a device, an interface or a zone
(`ipaddress_eth0`, `blockdevice_sda_size`) are also matched by the prefixes below.

Usage: scripts/gen-facts.py [FACTERDB_FACTS_DIR] > rules/facts/facts.toml
"""
import glob
import json
import os
import sys

DEFAULT = "/usr/share/rubygems-integration/all/gems/facterdb-*/facts"

# Facts that Facter names after a device, interface, zone or ldom.
PREFIXES = [
    "blockdevice_", "ipaddress_", "ipaddress6_", "macaddress_", "mtu_", "netmask_",
    "netmask6_", "network_", "network6_", "scope6_", "dhcp_servers_", "ec2_", "gce_",
    "sp_", "ldom_", "zone_", "sshfp_", "lvm_", "zfs_", "zpool_",
    # a trailing `#` stands for one or more digits
    "processor#",
]

def main():
    root = sys.argv[1] if len(sys.argv) > 1 else None
    if root is None:
        found = sorted(glob.glob(DEFAULT))
        if not found:
            sys.exit("facterdb not found; pass its facts/ directory")
        root = found[-1]
    names = set()
    sets = 0
    for path in glob.glob(os.path.join(root, "*", "*.facts")):
        with open(path, encoding="utf-8") as f:
            names.update(json.load(f).keys())
        sets += 1
    names = sorted(n for n in names if n.replace("_", "a").isalnum() and n.islower())
    version = os.path.basename(os.path.dirname(os.path.abspath(root)))
    out = sys.stdout
    out.write("# Top-level fact names: every fact of facterdb's %d fact sets (%s), written by\n"
              % (sets, version))
    out.write("# scripts/gen-facts.py; do not edit by hand. `prefixes` match facts named after a\n")
    out.write("# device, interface or zone (`ipaddress_eth0`); a trailing `#` is one or more digits.\n\n")
    out.write("prefixes = [\n")
    for p in PREFIXES:
        out.write('    "%s",\n' % p)
    out.write("]\n\nnames = [\n")
    for n in names:
        out.write('    "%s",\n' % n)
    out.write("]\n")

main()

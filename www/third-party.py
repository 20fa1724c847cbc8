#!/usr/bin/env python3
"""Prints the third-party notices of what the site ships: every crate compiled into its wasm
binaries (hetlab-web's normal dependencies for wasm32, from `cargo metadata`, the patched copies
in crates/ included) with its version, license and source, then the license files each crate
carries. Run by www/hash-bins.sh, which writes it to the site as THIRD-PARTY.txt; the About page
links to it. No npm package ships with the site (the npm tools only test and optimise it).

    python3 www/third-party.py > THIRD-PARTY.txt
"""
import json
import os
import subprocess
import sys


def shipped(meta):
    """The packages reachable from hetlab-web by normal (not dev, not build) dependencies."""
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    packages = {p["id"]: p for p in meta["packages"]}
    root = next(p["id"] for p in meta["packages"] if p["name"] == "hetlab-web")
    seen, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        for dep in nodes[pid]["deps"]:
            if any(k["kind"] is None for k in dep["dep_kinds"]):
                todo.append(dep["pkg"])
    seen.discard(root)
    own = {p["id"] for p in meta["packages"] if p["name"].startswith("hetlab-")}
    return sorted((packages[p] for p in seen - own), key=lambda p: (p["name"], p["version"]))


def license_files(package):
    here = os.path.dirname(package["manifest_path"])
    names = sorted(f for f in os.listdir(here) if f.upper().startswith(("LICENSE", "LICENCE", "COPYING", "NOTICE")))
    return [os.path.join(here, f) for f in names if os.path.isfile(os.path.join(here, f))]


def main():
    meta = json.loads(subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked", "--filter-platform", "wasm32-unknown-unknown"],
        check=True, capture_output=True, text=True).stdout)
    crates = shipped(meta)
    out = sys.stdout
    out.write("HetLab (MIT license) ships these third-party crates, compiled into its WebAssembly.\n")
    out.write("Their licenses follow the list. minilp and nanoserde are patched copies (crates/*/PATCHED.md).\n\n")
    for p in crates:
        where = p.get("repository") or "crates.io"
        out.write(f"{p['name']} {p['version']}: {p.get('license') or p.get('license_file') or 'see its files'} ({where})\n")
    for p in crates:
        for path in license_files(p):
            out.write(f"\n==== {p['name']} {p['version']}: {os.path.basename(path)} ====\n\n")
            with open(path, encoding="utf-8", errors="replace") as f:
                out.write(f.read().rstrip() + "\n")


if __name__ == "__main__":
    main()

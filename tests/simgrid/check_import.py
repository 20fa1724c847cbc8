#!/usr/bin/python3
"""Compares `hetlab import simgrid` with SimGrid 3.32's own routes (Debian's python3-simgrid).

Usage:
  check_import.py HETLAB FILE.xml[@ZONE][#N]... the table: each file imported or refused (why), the
                                            routes compared and the largest error; exit 1 on an
                                            error above 1e-9 (relative, c) or 1e-12 s (latency)
  check_import.py --pin FILE.xml            SimGrid's route of every ordered pair of hosts, one
                                            line each: src dst bandwidth latency (the pinned
                                            tables of crates/core/tests/data/simgrid_routes/)

FILE.xml@ZONE imports with `--zone ZONE` and compares the routes between the kept hosts only (a
file past HetLab's 500 nodes, such as Grid'5000's g5k.xml, one site at a time); FILE.xml#N
imports with `--hosts N` (the first N hosts: SimGrid's 65 536-host cluster_crossbar.xml). Routes over a
Wifi radio are not compared here (SimGrid's route gives the radio a bandwidth of 1, not its
rate): `check_wifi.py` times them.

HETLAB is the `hetlab` binary. For every HetLab link a-b (and b-a when it goes both ways) the
file's SimGrid route from a to b gives bandwidth min(b_i) and latency sum(l_i); HetLab's c must be
1e6 / min (the default 1 MB message) and its lcomm the sum. Links to or from a router (a file
read as one flat zone keeps its routers) are compared only when SimGrid can route them (hosts).
Each file is loaded by SimGrid in its own process (SimGrid's engine is one per process); run it
from a scratch folder: SimGrid's config_tracing.xml writes trace-masterworker.trace into the
current one. SimGrid 3.32's `Host.route_to` crashes on some of its own examples (prop.xml,
faulty_host.xml: "Segmentation fault"); the table says so. Not run by `cargo test` (SimGrid is
optional).
"""
import json
import subprocess
import sys
from fractions import Fraction

BYTES = 1_000_000


def wifi_links(path):
    """The ids of the Wifi radios of a file."""
    from xml.etree import ElementTree
    return {l.get("id") for l in ElementTree.parse(path).iter("link") if l.get("sharing_policy") == "WIFI"}


def simgrid_routes(path, only=None):
    """{(src, dst): (bandwidth, latency) or None} for every ordered pair of hosts (of `only`
    when given), in SimGrid."""
    from simgrid import Engine

    e = Engine(["check_import", "--log=root.thresh:critical", "--log=xbt_cfg.thresh:critical"])
    e.load_platform(path)
    radios = wifi_links(path)
    hosts = [h for h in e.all_hosts if only is None or h.name in only]
    if len(hosts) > 500:  # past HetLab's 500 nodes: HetLab refuses it, and n^2 routes take long
        return {("", ""): f"{len(hosts)} hosts"}
    out = {}
    for a in hosts:
        for b in hosts:
            if a.name == b.name:
                continue
            try:
                links, lat = a.route_to(b)
                if any(l.name in radios for l in links):
                    out[(a.name, b.name)] = "wifi"
                    continue
                out[(a.name, b.name)] = (min(l.bandwidth for l in links), lat) if links else None
            except Exception as err:  # SimGrid 3.32 throws on some routes it cannot resolve
                out[(a.name, b.name)] = f"error: {err}"
    return out


def pin(path):
    for (a, b), r in sorted(simgrid_routes(path).items()):
        if isinstance(r, tuple):
            print(f"{a} {b} {r[0]!r} {r[1]!r}")


def in_subprocess(path, only=None):
    """SimGrid's routes of `path` as JSON from a child process, or the reason it failed."""
    code = "import json,sys; sys.path.insert(0, sys.argv[1]); import check_import as c; " \
           "only = set(json.loads(sys.argv[3])) if sys.argv[3] != 'null' else None; " \
           "r = c.simgrid_routes(sys.argv[2], only); print(json.dumps([[a, b, v] for (a, b), v in r.items()]))"
    here = sys.path[0]
    p = subprocess.run([sys.executable, "-c", code, here, path, json.dumps(only)], capture_output=True, text=True)
    if p.returncode != 0:
        last = [l for l in p.stderr.splitlines() if l.strip()][-1:] or ["?"]
        return None, last[0][:120]
    return {(a, b): (tuple(v) if isinstance(v, list) else v) for a, b, v in json.loads(p.stdout)}, None


def hetlab(binary, path, zone=None, first=None):
    p = subprocess.run([binary, "import", "simgrid", path] + (["--zone", zone] if zone else [])
                       + (["--hosts", first] if first else []), capture_output=True, text=True)
    if p.returncode != 0:
        lines = [l for l in p.stderr.splitlines() if "not a platform" not in l and l.strip()]
        return None, (lines[0].strip() if lines else p.stderr.strip())[:150]
    return json.loads(p.stdout), None


def compare(platform, routes):
    """(directions compared, largest relative c error, largest latency error, problems)."""
    ids = {str(n["id"]) for n in platform["nodes"]}
    worst_c, worst_l, n, problems = 0.0, 0.0, 0, []
    for link in platform["links"]:
        a, b = str(link["from"]), str(link["to"])
        ways = [(a, b, link["c"])]
        if not link.get("directed"):
            ways.append((b, a, link.get("c_back", link["c"])))
        lcomm = float(Fraction(str(link.get("lcomm", 0))))
        for s, d, c in ways:
            r = routes.get((s, d))
            if r is None and (s, d) not in routes:
                continue  # a router's link (flat zone): SimGrid routes hosts only
            if r == "wifi":
                continue  # timed by check_wifi.py
            if not isinstance(r, tuple):
                problems.append(f"{s}->{d}: SimGrid {r or 'has no route'}")
                continue
            c = float(Fraction(str(c)))
            n += 1
            worst_c = max(worst_c, abs(c - BYTES / r[0]) / c)
            if not link.get("c_back") or s == a:
                worst_l = max(worst_l, abs(lcomm - r[1]))
    pairs = {(str(l["from"]), str(l["to"])) for l in platform["links"]}
    pairs |= {(d, s) for s, d in pairs}
    unmatched = [k for k, v in routes.items() if isinstance(v, tuple) and k not in pairs
                 and k[0] in ids and k[1] in ids]
    if unmatched and len(ids) == len({h for k in routes for h in k}):
        problems.append(f"{len(unmatched)} SimGrid routes between hosts are not HetLab links, e.g. {unmatched[0]}")
    return n, worst_c, worst_l, problems


def main():
    if sys.argv[1] == "--pin":
        return pin(sys.argv[2])
    binary, files, bad = sys.argv[1], sys.argv[2:], 0
    print("| file | HetLab | routes compared | largest error (c relative, latency s) |")
    print("|---|---|---|---|")
    worst = (0.0, 0.0)
    for arg in files:
        arg, _, first = arg.partition("#")
        path, _, zone = arg.partition("@")
        name = arg.rsplit("/", 1)[-1] + (f" (first {first})" if first else "")
        platform, why = hetlab(binary, path, zone or None, first or None)
        only = [str(n["id"]) for n in platform["nodes"]] if platform and (zone or first) else None
        routes, sg_fail = in_subprocess(path, only)
        if platform is None:
            sg = f"; SimGrid 3.32 cannot load it either ({sg_fail})" if sg_fail else ""
            if routes and ("", "") in routes:
                sg = f" (SimGrid: {routes[('', '')]})"
            print(f"| {name} | refused: {why}{sg} | - | - |")
            continue
        if routes is None:
            print(f"| {name} | imported ({len(platform['nodes'])} nodes); SimGrid: {sg_fail} | - | - |")
            continue
        n, ec, el, problems = compare(platform, routes)
        worst = (max(worst[0], ec), max(worst[1], el))
        flag = "" if ec <= 1e-9 and el <= 1e-12 else " **MISMATCH**"
        bad += bool(flag)
        extra = ("; " + "; ".join(problems[:2])) if problems else ""
        print(f"| {name} | imported: {len(platform['nodes'])} nodes, {len(platform['links'])} links{extra} "
              f"| {n} | {ec:.2g}, {el:.2g}{flag} |")
    print(f"\nlargest error over all files: c {worst[0]:.3g} (relative), latency {worst[1]:.3g} s")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Times every arc of a `hetlab export simgrid` file in SimGrid (Debian's python3-simgrid).

Usage: check_all_arcs.py FILE.xml [BYTES]

One message of BYTES (default 1 000 000, HetLab's default task data) is sent, one at a time,
over every route of the file that is not an `hetlab:ack-only` way back; each must take
BYTES / bandwidth + latency (HetLab's c + lcomm) within 1e-9. Prints the largest error; exits 1
on a miss. Not run by `cargo test` (SimGrid is optional).
"""
import sys
import xml.etree.ElementTree as ET

from simgrid import Actor, Comm, Engine, Host, this_actor

UNITS = {"Bps": 1.0, "kBps": 1e3, "KBps": 1e3, "MBps": 1e6, "GBps": 1e9}


def number(text, suffix):
    assert text.endswith(suffix), text
    return float(text[: -len(suffix)])


def arcs(path, size):
    zone = ET.parse(path).getroot().find("zone")
    links = {}
    for l in zone.findall("link"):
        ack = any(p.get("id") == "hetlab:ack-only" for p in l.findall("prop"))
        links[l.get("id")] = (number(l.get("bandwidth"), "Bps"), number(l.get("latency"), "s"), ack)
    out = []
    for r in zone.findall("route"):
        bw, lat, ack = links[r.find("link_ctn").get("id")]
        if not ack:
            out.append((r.get("src"), r.get("dst"), size / bw + lat))
    return out


def main():
    path = sys.argv[1]
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    todo = arcs(path, size)
    e = Engine(["check_all_arcs", "--log=root.thresh:warning"])
    e.load_platform(path)
    worst = [0.0, None]

    def driver():
        for src, dst, expected in todo:
            start = Engine.clock
            Comm.sendto(Host.by_name(src), Host.by_name(dst), size)
            err = abs(Engine.clock - start - expected)
            if err >= worst[0]:
                worst[:] = [err, (src, dst, Engine.clock - start, expected)]

    Actor.create("driver", e.all_hosts[0], driver)
    e.run()
    print(f"{path}: {len(e.all_hosts)} hosts, {len(todo)} arcs timed, largest error {worst[0]:.3g} s at {worst[1]}")
    sys.exit(0 if worst[0] <= 1e-9 else 1)


if __name__ == "__main__":
    main()

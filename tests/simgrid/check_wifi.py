#!/usr/bin/python3
"""Times one message of 1 MB between every ordered pair of hosts of a platform with Wifi zones,
one message at a time, in SimGrid 3.32 (CM02, no cross-traffic, no TCP window bound), every
host attached to its cell's radio at rate level 0 (HetLab reads the first rate).

Usage: /usr/bin/python3 tests/simgrid/check_wifi.py FILE.xml > FILE.times
Each line: source, destination (names with spaces are quoted by replacing ' ' with '_'), the
measured time in s. `tests_routes.rs` checks HetLab's `c + lcomm` against it.
"""
import sys
from xml.etree import ElementTree

from simgrid import Actor, Engine, Host, Link, Mailbox

BYTES = 1000000


def main():
    e = Engine(["check_wifi", "--cfg=network/model:CM02", "--cfg=network/crosstraffic:0",
                "--cfg=network/TCP-gamma:0", "--log=root.thres:critical"])
    e.load_platform(sys.argv[1])
    hosts = sorted(e.all_hosts, key=lambda h: h.name)
    for zone in ElementTree.parse(sys.argv[1]).iter("zone"):
        if zone.get("routing") in ("Wifi", "WIFI"):
            for link in zone.findall("link"):
                for h in zone.findall("host"):
                    Link.by_name(link.get("id")).set_host_wifi_rate(Host.by_name(h.get("id")), 0)
    rows = []

    def sender(mb):
        Mailbox.by_name(mb).put("m", BYTES)

    def receiver(mb):
        Mailbox.by_name(mb).get()

    def driver():
        for s in hosts:
            for d in hosts:
                if s == d:
                    continue
                mb = s.name + "->" + d.name
                t0 = Engine.clock
                Actor.create("s", s, sender, mb)
                r = Actor.create("r", d, receiver, mb)
                r.join()
                rows.append((s.name, d.name, Engine.clock - t0))

    Actor.create("driver", hosts[0], driver)
    e.run()
    for s, d, t in rows:
        print(s.replace(" ", "_"), d.replace(" ", "_"), repr(t))


main()

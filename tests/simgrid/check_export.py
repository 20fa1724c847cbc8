#!/usr/bin/python3
"""Checks `hetlab export simgrid` files with SimGrid itself (Debian's python3-simgrid).

Usage: check_export.py FILE.xml SRC DST EXPECTED_SECONDS [BYTES]

Loads FILE.xml, sends one message of BYTES (default 1e6, HetLab's default task data) from host
SRC to host DST and prints the simulated time; exits 1 unless it is EXPECTED_SECONDS (c + lcomm)
within 1e-9. Not run by `cargo test` (SimGrid is optional); see the README's "Formats of other
tools".
"""
import sys

from simgrid import Actor, Engine, Host, Mailbox, this_actor


def main():
    path, src, dst, expected = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
    size = int(sys.argv[5]) if len(sys.argv) > 5 else 1_000_000
    e = Engine(["check_export", "--log=root.thresh:warning"])
    e.load_platform(path)
    got = {}

    def sender():
        Mailbox.by_name("m").put("task", size)

    def receiver():
        Mailbox.by_name("m").get()
        got["t"] = Engine.clock

    Actor.create("sender", Host.by_name(src), sender)
    Actor.create("receiver", Host.by_name(dst), receiver)
    e.run()
    t = got.get("t")
    hosts = len(e.all_hosts)
    print(f"{path}: {hosts} hosts, {src} -> {dst}: {t!r} s (expected {expected})")
    sys.exit(0 if t is not None and abs(t - expected) <= 1e-9 else 1)


if __name__ == "__main__":
    main()

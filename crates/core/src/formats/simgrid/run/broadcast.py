#!/usr/bin/python3
"""Plays a periodic broadcast schedule HetLab computed in SimGrid 3.32 (Debian's python3-simgrid).

Written by `hetlab export simgrid-run`: the platform (`hetlab export simgrid`, CM02 without
cross-traffic) and one period of the schedule (slots of whole messages per arc and tree) are
embedded below. Every node sends one message at a time (one actor walks its slots in order,
waiting for each slot's start) and receives one at a time (one actor); a node forwards only the
messages of a tree it has received and not yet sent on that arc (the source holds them all). A
slot's messages of one tree on one arc go back to back: one message of their summed size
followed by a wait of (count - 1) latencies, which CM02 times exactly as count messages. The
throughput is the fewest messages a node receives over whole periods after the ramp-up, per
time unit, compared with HetLab's.
Run: python3 THIS_FILE (prints one line; exit 1 when measured/predicted leaves [0.99, 1.0001]).
"""
@COMMON@


def play(s):
    """Sets the actors up; returns what the run fills: per node its receptions (time, count)
    and the worst overrun of a slot's end."""
    hosts = [Host.by_name(h) for h in s["hosts"]]
    period, periods, trees = s["period"], s["periods"], s["trees"]
    held = [[float("inf") if i == s["source"] else 0] * trees for i in range(len(hosts))]
    sent = {}
    got = [[] for _ in hosts]
    late = [0.0]

    def receiver(i):
        Actor.self().daemonize()
        box = Mailbox.by_name(f"in-{i}")
        while True:
            tree, count = box.get()
            held[i][tree] += count
            got[i].append((Engine.clock, count))

    def sender(i, sends):
        for k in range(periods):
            for start, end, to, tree, count, size, latency in sends:
                this_actor.sleep_until(k * period + start)
                key = (i, to, tree)
                count = min(count, held[i][tree] - sent.get(key, 0))
                if count > 0:
                    sent[key] = sent.get(key, 0) + count
                    Mailbox.by_name(f"in-{to}").put((tree, count), round(count * size))
                    this_actor.sleep_for((count - 1) * latency)
                late[0] = max(late[0], Engine.clock - (k * period + end))

    sends = [[] for _ in hosts]
    for slot in s["slots"]:
        for t in slot["sends"]:
            if t["count"] > 0:
                sends[t["from"]].append((slot["start"], slot["end"], t["to"], t["tree"],
                                         t["count"], t["bytes"], t["latency"]))
    for i, host in enumerate(hosts):
        Actor.create(f"recv-{i}", host, receiver, i)
        if sends[i]:
            Actor.create(f"send-{i}", host, sender, i, sorted(sends[i], key=lambda x: x[0]))
    return got, late


def main():
    s = SCHEDULE
    got, late = simulate(play)
    measured = min(rate(s, g) for i, g in enumerate(got) if i != s["source"])
    verdict(s, "throughput", measured, 0.99, 1.0001, f"worst slot overrun {late[0]:.3g} s")


if __name__ == "__main__":
    main()

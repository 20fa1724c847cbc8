#!/usr/bin/python3
"""Plays a periodic schedule HetLab computed in SimGrid 3.32 (Debian's python3-simgrid).

Written by `hetlab export simgrid-run`: the platform (`hetlab export simgrid`, CM02) and one
period of the schedule are embedded below. Every node sends one message at a time (one actor
walks its slots in order, waiting for each slot's start) and receives one at a time (one actor
gets its messages in turn); a node forwards or computes only the input files it holds. A slot's
files on one arc go back to back: they are sent as one message of their summed size followed by
a wait of (count - 1) latencies, which CM02 times exactly as count messages, and a period's
tasks on one node are one execution of their summed work. The throughput is measured over whole
periods after the ramp-up, and compared with HetLab's.
Run: python3 THIS_FILE (prints one line; exit 1 when measured/predicted leaves [0.99, 1.0001]).
"""
@COMMON@


def play(s):
    """Sets the actors up; returns the lists the run fills: (completion time, tasks) and the
    worst overrun of a slot's end (read them after Engine.run)."""
    hosts = [Host.by_name(h) for h in s["hosts"]]
    period, periods = s["period"], s["periods"]
    stock = [float("inf") if m else 0 for m in s["masters"]]
    done, late = [], [0.0]

    def receiver(i):
        Actor.self().daemonize()
        box = Mailbox.by_name(f"in-{i}")
        while True:
            kind, count = box.get()
            if kind == "in":
                stock[i] += count

    def sender(i, sends):
        for k in range(periods):
            for start, end, to, kind, count, size, latency in sends:
                this_actor.sleep_until(k * period + start)
                if kind == "in":
                    count = min(count, stock[i])
                    stock[i] -= count
                if count > 0:
                    Mailbox.by_name(f"in-{to}").put((kind, count), round(count * size))
                    this_actor.sleep_for((count - 1) * latency)
                late[0] = max(late[0], Engine.clock - (k * period + end))

    def computer(i, n):
        for k in range(periods):
            this_actor.sleep_until(k * period)
            count = min(n, stock[i])
            if count > 0:
                stock[i] -= count
                this_actor.execute(count * s["flops"])
                done.append((Engine.clock, count))

    sends = [[] for _ in hosts]
    for slot in s["slots"]:
        for t in slot["sends"]:
            for kind, count, size in (("in", t["inputs"], t["input_bytes"]),
                                      ("res", t["results"], t["result_bytes"])):
                if count > 0:
                    sends[t["from"]].append((slot["start"], slot["end"], t["to"], kind, count,
                                             size, t["latency"]))
    for i, host in enumerate(hosts):
        Actor.create(f"recv-{i}", host, receiver, i)
        if sends[i]:
            Actor.create(f"send-{i}", host, sender, i, sorted(sends[i], key=lambda x: x[0]))
        if s["compute"][i] > 0:
            Actor.create(f"compute-{i}", host, computer, i, s["compute"][i])
    return done, late


def main():
    s = SCHEDULE
    done, late = simulate(play)
    verdict(s, "throughput", rate(s, done), 0.99, 1.0001, f"worst slot overrun {late[0]:.3g} s")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Plays a schedule HetLab computed (scatter, master-slave, divisible load) in SimGrid 3.32
(Debian's python3-simgrid) and compares its makespan with HetLab's.

Written by `hetlab export simgrid-run`: the platform (`hetlab export simgrid`, CM02 without
cross-traffic: a message of S bytes over a link takes S / bandwidth + latency, a computation of
F flops on a host takes F / speed) and the schedule's operations are embedded below. The
platform carries the family's costs per unit (an item, a task, a unit of load): bandwidth =
bytes / c, latency = the per-message latency, speed = flops / w. Each lane (one port or the
processor of a node) is one actor running its operations in order of their scheduled start,
none before it, and each after the operations of its host's other lanes that the schedule ends
by its start (a forward after its reception, a computation after its data). A send is a
rendezvous with its reception (one message at a time at both ends). A computation latency is a
wait before the execution. The makespan measured is the last operation's end.
Run: python3 THIS_FILE (prints one line; exit 1 when measured/predicted leaves [0.9999, 1.01]).
"""
@COMMON@


def play(s):
    """Sets one actor per lane up; returns the list of end times the run fills."""
    ops = s["ops"]
    hosts = [Host.by_name(h) for h in s["hosts"]]
    waiting = [0] * len(ops)
    for op in ops:
        for k in op["after"]:
            waiting[k] += 1
    done = [Semaphore(0) if n else None for n in waiting]
    ends = [None] * len(ops)
    lanes = {}
    for k, op in enumerate(ops):
        lanes.setdefault(op["lane"], []).append(k)

    def lane(ks):
        for k in ks:
            op = ops[k]
            this_actor.sleep_until(op["start"])
            for j in op["after"]:
                done[j].acquire()
            if op["kind"] == "send":
                Mailbox.by_name(f"m{k}").put(k, int(op["bytes"]))
            elif op["kind"] == "recv":
                Mailbox.by_name(f"m{op['msg']}").get()
            else:
                if op["delay"] > 0:
                    this_actor.sleep_for(op["delay"])
                if op["flops"] > 0:
                    this_actor.execute(op["flops"])
            ends[k] = Engine.clock
            for _ in range(waiting[k]):
                done[k].release()

    for name, ks in lanes.items():
        Actor.create(name, hosts[ops[ks[0]]["host"]], lane, ks)
    return ends


def main():
    s = SCHEDULE
    ends = simulate(play)
    stuck = [k for k, t in enumerate(ends) if t is None]
    if stuck:
        verdict(s, "makespan", float("inf"), 0.9999, 1.01,
                f"{len(stuck)} operations never ran (first: {stuck[0]})")
    late = max(t - op["end"] for t, op in zip(ends, s["ops"]))
    verdict(s, "makespan", max(ends), 0.9999, 1.01, f"worst overrun {late:.3g} s")


if __name__ == "__main__":
    main()

import json
import os
import sys
import tempfile

from simgrid import Actor, Engine, Host, Mailbox, Semaphore, this_actor

PLATFORM = @PLATFORM@
SCHEDULE = json.loads(@SCHEDULE@)


def simulate(play):
    """Loads PLATFORM (CM02 without cross-traffic; TCP's window bound gamma / (2 latency) off,
    since HetLab's links have no window), sets the actors up with play(SCHEDULE), runs the
    simulation and returns what play returned."""
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "platform.xml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(PLATFORM)
        e = Engine([sys.argv[0], "--log=root.thresh:critical", "--cfg=network/TCP-gamma:0"])
        e.load_platform(path)
        state = play(SCHEDULE)
        e.run()
    return state


def rate(s, events):
    """Events (time, count) completed in the measured periods, per time unit."""
    period, k0, k1 = s["period"], s["measure_from"], s["measure_to"]
    eps = 1e-9 * period
    count = sum(c for t, c in events if k0 * period + eps < t <= k1 * period + eps)
    return count / ((k1 - k0) * period)


def verdict(s, quantity, measured, low, high, note):
    """Prints `name family algorithm quantity predicted measured ratio ok|FAIL note` and exits
    1 when measured / predicted leaves [low, high]."""
    ratio = measured / s["predicted"]
    ok = low <= ratio <= high
    print(f"{s['name']}\t{s['family']}\t{s['algorithm']}\t{quantity}\t{s['predicted']:.9g}"
          f"\t{measured:.9g}\t{ratio:.6f}\t{'ok' if ok else 'FAIL'}\t{note}")
    sys.exit(0 if ok else 1)

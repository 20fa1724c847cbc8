#!/usr/bin/env python3
"""hetlab against HiGHS on the same LPs (issue 15): `./run bench-highs [--quick]`.

For each generated instance (`hetlab gen <problem> --shape random --size N --seed S`: random
connected platforms, two links per node, so about four arcs per node), this script times

* `hetlab solve --no-limits FILE` as a whole process (release build: parsing, the exact LP with
  its certificate, and everything the result document holds: stage 2, routes, schedule, trees;
  with `--explain`, also the site's explanations: for steady state, the LP under the five other
  operating models, the prices of section 2.10, the best spanning tree, the simulated runs);
* HiGHS (scipy's `linprog(method="highs")`) on the same LP, written here from the spec's
  formulation: steady-state.md section 2.2 (the throughput LP, base model) and broadcast.md
  section 2.2 (LP-F with the clean-up F2). Only the `linprog` call is timed (solve only, in
  process, the matrices already built).

Both optima must agree (relative difference under 1e-7), otherwise the script fails. Times are
CPU times (user + system: on a shared machine wall time measures the neighbours), the best of
`--repeat` runs (3 by default) on each side, in milliseconds; the ratio is hetlab's time over
HiGHS'. Nothing here is part of `./run test`: it needs scipy (installed on demand into
a virtual environment under target/ by `./run bench-highs`) and a quiet machine.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix

ROOT = Path(__file__).resolve().parents[2]
STEADY_SIZES = [10, 20, 50, 100, 200, 500]
BROADCAST_SIZES = [10, 20, 40, 50, 70, 100]


def num(v):
    """A platform number (int, float written as decimal text, "a/b", "inf") as a Fraction or None for inf."""
    if isinstance(v, str):
        if v.strip() in ("inf", "+inf", "infinity"):
            return None
        return Fraction(v.strip())
    if isinstance(v, float):
        return Fraction(repr(v))
    return Fraction(v)


def platform(doc):
    """Nodes (index by id), cycle times, master flags and arcs (from, to, c) of a platform."""
    p = doc["platform"]
    index = {}
    w, master = [], []
    for k, node in enumerate(p["nodes"]):
        index[json.dumps(node["id"])] = k
        w.append(num(node["w"]) if "w" in node else None)
        master.append(bool(node.get("master", False)))
    arcs = []
    for link in p["links"]:
        a, b = index[json.dumps(link["from"])], index[json.dumps(link["to"])]
        c = num(link["c"])
        if c is not None:
            arcs.append((a, b, c))
        if not link.get("directed", False):
            back = num(link["c_back"]) if "c_back" in link else c
            if back is not None:
                arcs.append((b, a, back))
    return index, w, master, arcs


class Lp:
    """Rows of a sparse LP in the form linprog takes (minimise; A_ub x <= b_ub, A_eq x = b_eq)."""

    def __init__(self):
        self.n = 0
        self.ub = ([], [], [], [])  # rows, cols, values, rhs
        self.eq = ([], [], [], [])
        self.c = []

    def var(self, cost=0.0):
        self.c.append(cost)
        self.n += 1
        return self.n - 1

    def row(self, which, terms, rhs):
        rows, cols, vals, b = which
        i = len(b)
        for j, a in terms:
            rows.append(i)
            cols.append(j)
            vals.append(float(a))
        b.append(float(rhs))

    def matrices(self):
        def sparse(which):
            rows, cols, vals, b = which
            if not b:
                return None, None
            return coo_matrix((vals, (rows, cols)), shape=(len(b), self.n)).tocsr(), np.array(b)

        a_ub, b_ub = sparse(self.ub)
        a_eq, b_eq = sparse(self.eq)
        return np.array(self.c), a_ub, b_ub, a_eq, b_eq


def steady_lp(doc):
    """steady-state.md 2.2: maximise sum x_i; w_i x_i <= 1; out/in ports <= 1; conservation."""
    _, w, master, arcs = platform(doc)
    d_in = num(doc.get("data_in", 1))
    lp = Lp()
    x = [lp.var(-1.0) if wi is not None else None for wi in w]
    f = [lp.var() if not master[b] else None for (_, b, _) in arcs]
    for i, wi in enumerate(w):
        if x[i] is not None:
            lp.row(lp.ub, [(x[i], wi)], 1)
    for v in range(len(w)):
        out = [(f[k], c * d_in) for k, (a, _, c) in enumerate(arcs) if a == v and f[k] is not None]
        inn = [(f[k], c * d_in) for k, (_, b, c) in enumerate(arcs) if b == v and f[k] is not None]
        for terms in (out, inn):
            if terms:
                lp.row(lp.ub, terms, 1)
        if not master[v]:
            terms = [(t, 1) for t, _ in inn] + [(t, -1) for t, _ in out]
            if x[v] is not None:
                terms.append((x[v], -1))
            if terms:
                lp.row(lp.eq, terms, 0)
    return lp


def broadcast_lp(doc):
    """broadcast.md 2.2, LP-F: maximise rho; F1 flows, F2 clean-up, F3 sharing, F4 ports."""
    index, w, _, arcs = platform(doc)
    n = len(w)
    s = index[json.dumps(doc["source"])]
    lp = Lp()
    rho = lp.var(-1.0)
    usage = [lp.var() for _ in arcs]
    for k in range(n):
        if k == s:
            continue
        # F2: no flow toward k on arcs entering s or leaving k.
        x = [lp.var() if (b != s and a != k) else None for (a, b, _) in arcs]
        for v in range(n):
            terms = [(x[e], 1) for e, (a, _, _) in enumerate(arcs) if a == v and x[e] is not None]
            terms += [(x[e], -1) for e, (_, b, _) in enumerate(arcs) if b == v and x[e] is not None]
            if v == s:
                terms.append((rho, -1))
            elif v == k:
                terms.append((rho, 1))
            lp.row(lp.eq, terms, 0)
        for e, xe in enumerate(x):
            if xe is not None:
                lp.row(lp.ub, [(xe, 1), (usage[e], -1)], 0)
    for v in range(n):
        out = [(usage[e], c) for e, (a, _, c) in enumerate(arcs) if a == v]
        inn = [(usage[e], c) for e, (_, b, c) in enumerate(arcs) if b == v]
        for terms in (out, inn):
            if terms:
                lp.row(lp.ub, terms, 1)
    return lp


def highs(lp, repeat):
    """Best linprog CPU time (ms) over `repeat` runs and the optimum (of the maximisation)."""
    c, a_ub, b_ub, a_eq, b_eq = lp.matrices()
    best, value = float("inf"), None
    for _ in range(repeat):
        t0 = time.process_time()
        res = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq, bounds=(0, None), method="highs")
        dt = (time.process_time() - t0) * 1000
        if res.status != 0:
            raise SystemExit(f"HiGHS failed: {res.message}")
        best, value = min(best, dt), -res.fun
    return best, value


def hetlab(binary, path, repeat, explain):
    """Best whole-process CPU time (ms) of `hetlab solve --no-limits` and the exact optimum."""
    best, doc = float("inf"), None
    command = [binary, "solve", "--no-limits"] + (["--explain"] if explain else []) + [str(path)]
    for _ in range(repeat):
        out_path = path.with_suffix(".out.json")
        with open(out_path, "w") as out, open(os.devnull, "w") as err:
            child = subprocess.Popen(command, stdout=out, stderr=err)
            _, status, usage = os.wait4(child.pid, 0)
        dt = (usage.ru_utime + usage.ru_stime) * 1000
        if status != 0:
            raise SystemExit(f"hetlab failed on {path} (status {status})")
        best, doc = min(best, dt), json.loads(out_path.read_text())
    exact = doc["objective"]["value_exact"]
    return best, Fraction(str(exact)), doc.get("status")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default=str(ROOT / "target/release/hetlab"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="small sizes only (a smoke run)")
    ap.add_argument("--steady", default=None, help="comma-separated steady-state sizes")
    ap.add_argument("--broadcast", default=None, help="comma-separated broadcast sizes")
    ap.add_argument("--explain", action="store_true", help="time `hetlab solve --explain` (the site's explanations too)")
    args = ap.parse_args()
    sizes = lambda text, default: [int(v) for v in text.split(",") if v] if text is not None else default
    steady = sizes(args.steady, [10, 20] if args.quick else STEADY_SIZES)
    broadcast = sizes(args.broadcast, [10, 20] if args.quick else BROADCAST_SIZES)
    work = ROOT / "target/bench-highs"
    work.mkdir(parents=True, exist_ok=True)
    what = "process, --explain" if args.explain else "process"
    print(f"| instance | nodes | arcs | HiGHS (solve) CPU ms | hetlab ({what}) CPU ms | ratio | optimum |")
    print("|---|---|---|---|---|---|---|")
    failures = 0
    for problem, build, ns in (("steady-state", steady_lp, steady), ("broadcast", broadcast_lp, broadcast)):
        for n in ns:
            gen = subprocess.run(
                [args.binary, "gen", problem, "--shape", "random", "--size", str(n), "--seed", str(args.seed)],
                capture_output=True, text=True, check=True,
            )
            path = work / f"{problem}-{n}-seed{args.seed}.json"
            path.write_text(gen.stdout)
            doc = json.loads(gen.stdout)
            arcs = len(platform(doc)[3])
            h_ms, h_val = highs(build(doc), args.repeat)
            e_ms, e_val, status = hetlab(args.binary, path, args.repeat, args.explain)
            agree = abs(float(e_val) - h_val) <= 1e-7 * max(1.0, abs(h_val))
            if not agree or status != "optimal":
                failures += 1
            note = "" if agree else f" MISMATCH (HiGHS {h_val!r})"
            if status != "optimal":
                note += f" status {status}"
            print(f"| {problem} {n} | {n} | {arcs} | {h_ms:.1f} | {e_ms:.1f} | {e_ms / h_ms:.2f}x | {e_val}{note} |", flush=True)
    if failures:
        raise SystemExit(f"{failures} instance(s) where the optima differ or hetlab did not prove optimality")


if __name__ == "__main__":
    sys.exit(main())

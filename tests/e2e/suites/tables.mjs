// Issue 18: the tables beside the figures show the solvers' numbers, compared whole with the
// native command line (`hetlab solve --algorithm A`, an independent process on the same preset),
// never only found on the page. `tables-chains-compare`: every row of the chains comparison on
// EX2 (bottleneck, imbalance, probes, separators). `tables-ring-compare`: every row of the ring
// comparison on RR-1 (T_step, q, ring, status). `tables-lu-owners`: the owner of every block of
// set A's 2D-DP distribution, in the table under the owner matrix at the last step.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_TIMEOUT, byId, check, expectStep, load, poll, show, stepTotal, visible } from '../lib.mjs';
import { native } from './built-sl.mjs';

const PRESETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'crates', 'core', 'presets');

/** The result document of `algo` on a preset, by the native command line. */
function solved(preset, algo) {
  const json = readFileSync(path.join(PRESETS, `${preset}.json`), 'utf8');
  return JSON.parse(native(['solve', '-', '--algorithm', algo], json));
}

/** `17/1` → `17`: the pages print integers without a denominator. */
const q = (v) => String(v).replace(/\/1$/, '');

/** Opens a page at its last step (the button: it waits until the run is there). */
async function openAtEnd(h, page, hash) {
  await load(page, h.url(hash));
  await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
  await byId(page, 'player-last').click();
  const total = await stepTotal(page);
  await expectStep(page, `Step ${total} / ${total}`);
}

/** The body rows of a table, each a list of its cells' texts; waits until there are `atLeast`. */
function rowsOf(table, what, atLeast) {
  return poll(
    what,
    () => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim()))),
    (rows) => rows.length >= atLeast,
  );
}

export const tests = [
  {
    name: 'tables-chains-compare',
    async fn(h) {
      const page = h.lastPage;
      await openAtEnd(h, page, '/#/chains?preset=chains-ex2');
      const rows = await rowsOf(byId(page, 'chains-compare'), 'chains comparison rows', 10);
      let compared = 0;
      for (const [algo, bottleneck, imbalance, probes, , separators] of rows) {
        if (bottleneck === undefined || separators === undefined) continue; // a refusal spans the row
        const doc = solved('chains-ex2', algo);
        const want = [q(doc.objective.value_exact), `${doc.imbalance.toFixed(2)} %`, String(doc.probes), `[${doc.separators.join(', ')}]`];
        const got = [bottleneck, imbalance, probes, separators];
        check(show(got) === show(want), `${algo}: page ${show(got)}, native ${show(want)}`);
        compared += 1;
      }
      check(compared >= 10, `only ${compared} rows compared: ${show(rows)}`);
    },
  },
  {
    name: 'tables-ring-compare',
    async fn(h) {
      const page = h.lastPage;
      await openAtEnd(h, page, '/#/ring?preset=ring-rr-1');
      const rows = await rowsOf(byId(page, 'ring-compare'), 'ring comparison rows', 2);
      let compared = 0;
      for (const [algo, tStep, qs, ring, status] of rows) {
        if (tStep === undefined || status === undefined) continue; // a refusal spans the row
        const doc = solved('ring-rr-1', algo);
        // T_step is an integer on RR-1 for every algorithm, printed whole; anything else is
        // compared by its exact fraction, the text before " ≈".
        const want = [q(doc.objective.value_exact), String(doc.q), `(${doc.ring.map((i) => `P${i}`).join(', ')})`, doc.status];
        const got = [tStep.split(' ≈')[0], qs, ring, status];
        check(show(got) === show(want), `${algo}: page ${show(got)}, native ${show(want)}`);
        compared += 1;
      }
      check(compared >= 5, `only ${compared} rows compared: ${show(rows)}`);
    },
  },
  {
    name: 'tables-lu-owners',
    async fn(h) {
      const page = h.lastPage;
      await openAtEnd(h, page, '/#/lu?preset=lu-set-a&algo=2d-dp');
      const doc = solved('lu-set-a', '2d-dp');
      const table = page.locator('.matrix-wrap:has(canvas[data-testid="owner-matrix"]) + [data-testid="plot-data"] table');
      const rows = await rowsOf(table, 'owner table rows', doc.owners.length);
      const want = doc.owners.map((row, i) => [String(i + 1), ...row.map((p) => `P${p + 1}`)]);
      check(show(rows) === show(want), `owners: page ${show(rows)}, native ${show(want)}`);
    },
  },
];

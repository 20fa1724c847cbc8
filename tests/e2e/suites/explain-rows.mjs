// Issue 34, rows of the divisible-load, chains and LU specs: DL-9's affine-sorted result marked
// invalid with the spec's reason; DL-2's exchange formula beside STARLINEAR; the W_total and B
// sliders (§9.3-4, §9.6-4) that solve again, keep the value in the address and refuse values
// out of range; chains' closed-form bounds UB_greedy and UB_eq6 (§4) and ε-bisection's two
// values; LU's cursor at the current n on the §3.3 plots; the ring's water level ℓ (§2, §11);
// master–slave's RN-3DM panel and its NO scene (§4.2, §10.2, MS-6).
// Every value shown is compared with the document the native command line prints, and with the
// spec's number where it gives one.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_TIMEOUT, byId, check, hashParams, load, norm, poll, stepCount, text, textWhere, visible } from '../lib.mjs';
import { native } from './built-sl.mjs';

const PRESETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'crates', 'core', 'presets');
const preset = (name) => readFileSync(path.join(PRESETS, `${name}.json`), 'utf8');
/** An exact value of a document (`7`, `"15/2"`) as a double. */
const num = (v) => {
  const [a, b] = String(v).split('/');
  return Number(a) / (b ? Number(b) : 1);
};
const solve = (instance, algorithm) => JSON.parse(native(['solve', '-', '--algorithm', algorithm], instance));

/** Opens `hash`, waits for the player, presses End and waits for the last step. */
export async function atEnd(h, page, hash) {
  await load(page, h.url(hash));
  await textWhere(stepCount(page), `${hash}: a step count`, (t) => /Step \d+ \/ \d+/.test(t), LOAD_TIMEOUT);
  await page.keyboard.press('End');
  await textWhere(stepCount(page), `${hash}: the last step`, (t) => {
    const m = /Step (\d+) \/ (\d+)/.exec(t);
    return m && m[1] === m[2];
  });
}

/** Moves the load slider to the position of `value` (its positions: 1, 2, 5 × 10^k from `first`). */
async function slide(page, value, first) {
  const series = [];
  for (let k = -3; k <= 9; k++) for (const m of [1, 2, 5]) series.push(m * 10 ** k);
  const positions = series.filter((v) => v >= first * 0.999 && v <= 1e6 * 1.001);
  const at = positions.findIndex((v) => Math.abs(v - value) < 1e-9 * value);
  check(at >= 0, `${value} is a position of the slider`);
  await byId(page, 'dl-load-slider').fill(String(at));
}

export const tests = [
  {
    name: 'divisible-dl9-affine-sorted-marked-invalid',
    async fn(h) {
      const page = h.lastPage;
      const doc = solve(preset('divisible-dl9'), 'affine-sorted');
      check(doc.status === "infeasible" && doc.objective.value_exact === "135/7", `the CLI says ${doc.status}, ${doc.objective.value_exact}`);
      await atEnd(h, page, '/#/divisible?preset=divisible-dl9&algo=affine-sorted');
      await textWhere(byId(page, 'dl-status'), 'status infeasible', (t) => t === 'infeasible (affine-sorted)');
      await textWhere(byId(page, 'dl-makespan'), 'EF makespan 135/7', (t) => t === '135/7');
      const why = await text(byId(page, 'dl-invalid'));
      check(why === norm(`no: ${doc.notes[0]}`), `the reason shown: ${why}; the CLI's: ${doc.notes[0]}`);
      check(/latencies too large for this load/.test(why) && /P3 would get -5\/7/.test(why), `the spec's reason: ${why}`);
      await textWhere(byId(page, 'dl-alpha'), 'no load', (t) => t === '0, 0, 0');
      await textWhere(byId(page, 'caption'), 'the last caption', (t) => t === "Done: invalid, no schedule: EF's makespan 135/7 ≈ 19.2857 needs a negative load.");
    },
  },
  {
    name: 'divisible-dl2-exchange-formula',
    async fn(h) {
      const page = h.lastPage;
      // DL-2: g_a = 1, w_a = 3, g_b = 2, w_b = 5 with T' = 7 (the pair processes 5/2 in 7);
      // g_a = 2, w_a = 1, g_b = 5, w_b = 4 with T' = 3 (10/9 in 3).
      const cases = [
        [[1, 3, 2, 5], '5/2', '7', '1/4', '13/4'],
        [[2, 1, 5, 4], '10/9', '3', '1/3', '23/9'],
      ];
      for (const [[ga, wa, gb, wb], load_, t, gain, busy] of cases) {
        const inst = JSON.stringify({ problem: 'divisible', version: 1, variant: 'star-linear', W_total: load_, workers: [{ g: ga, w: wa }, { g: gb, w: wb }] });
        const doc = solve(inst, 'star-linear');
        const x = doc.exchanges[0];
        check(`${x.time_left}`.replace(/\/1$/, '') === t && x.gain === gain && x.busy === busy, `the CLI's exchange ${JSON.stringify(x)}`);
        await atEnd(h, page, `/#/divisible?i=${native(['encode', '-'], inst)}&algo=star-linear`);
        await textWhere(byId(page, 'dl-exchange-gain'), `gain ${gain}`, (s) => s === gain);
        await textWhere(byId(page, 'dl-exchange-busy'), `busy ${busy}`, (s) => s === busy);
      }
    },
  },
  {
    name: 'divisible-load-sliders-solve-again',
    async fn(h) {
      const page = h.lastPage;
      // W_total (§9.3-4) on DL-10: 4 → 2000, solved again; the address keeps 2000.
      await atEnd(h, page, '/#/divisible?preset=divisible-dl10&algo=affine-exact');
      await textWhere(byId(page, 'dl-load-value'), 'W_total = 4', (t) => t === '4');
      await textWhere(byId(page, 'dl-makespan'), 'DL-10: 573/34', (t) => t === '573/34');
      await slide(page, 2000, 0.1);
      const big = JSON.parse(preset('divisible-dl10'));
      big.W_total = 2000;
      const doc = solve(JSON.stringify(big), 'affine-exact');
      const tf = `${doc.objective.value_exact}`.replace(/\/1$/, '');
      await textWhere(byId(page, 'dl-load-value'), 'W_total = 2000', (t) => t === '2000');
      await page.keyboard.press('End');
      await textWhere(byId(page, 'dl-makespan'), `the makespan at 2000: ${tf}`, (t) => t === tf);
      const url = page.url();
      check(!hashParams(url).has('preset') && hashParams(url).get('i'), `the address carries the instance: ${url}`);
      // Prop. 4: for this large load all workers sorted by g are optimal.
      const sorted = await text(byId(page, 'dl-sorted'));
      check(JSON.stringify(doc.order) === '[0,1,2]' && sorted.split(' ≈')[0] === `T_f = ${tf}`, `all sorted: ${sorted}; the CLI's order ${doc.order}`);
      // Out of range: a message, nothing solved.
      await byId(page, 'dl-load-input').fill('2000000');
      await byId(page, 'dl-load-apply').click();
      await textWhere(byId(page, 'dl-load-error'), 'out of range', (t) => t === 'W_total = 2000000 is out of range: the slider goes from 1/10 to 1000000');
      const kept = hashParams(page.url()).get('i');
      check(kept === hashParams(url).get('i'), `the refused value left the instance in the address alone: ${url} → ${page.url()}`);
      // The address restores it.
      await load(page, url);
      await textWhere(byId(page, 'dl-load-value'), 'W_total = 2000 after a reload', (t) => t === '2000', LOAD_TIMEOUT);
      // B (§9.6-4) on DL-18: 10000 → 1000000, T/(B/ρ_opt) closer to 1.
      await atEnd(h, page, '/#/divisible?preset=divisible-dl18');
      const before = Number((await text(byId(page, 'dl-t-ratio'))).replace('≈', ''));
      await slide(page, 1e6, 1);
      await textWhere(byId(page, 'dl-load-value'), 'B = 1000000', (t) => t === '1000000');
      await page.keyboard.press('End');
      const b = JSON.parse(preset('divisible-dl18'));
      b.W_total = 1000000;
      const pd = solve(JSON.stringify(b), 'periodic');
      const want = (num(pd.objective.value_exact) / num(pd.lower_bound)).toFixed(6);
      await textWhere(byId(page, 'dl-t-ratio'), `T/(B/ρ_opt) ≈ ${want}`, (t) => t === `≈ ${want}`, LOAD_TIMEOUT);
      check(Number(want) < before, `the ratio falls towards 1: ${before} → ${want}`);
    },
  },
  {
    name: 'chains-bounds-and-eps-bisection',
    async fn(h) {
      const page = h.lastPage;
      // chains.md §12: EX2 UB_greedy 10, UB_eq6 13, UB_nicol 14, UB_bis 15; EX1 57/4, 63/4, 33/2, 75/4.
      for (const [name, want] of [['chains-ex2', ['10', '13', '14', '15']], ['chains-ex1', ['57/4', '63/4', '33/2', '75/4']]]) {
        const doc = solve(preset(name), 'exact-bisection');
        const keys = ['UB_greedy', 'UB_eq6', 'UB_nicol', 'UB_bis'];
        check(keys.every((k, i) => `${doc.bounds[k]}`.replace(/\/1$/, '') === want[i]), `${name}: the CLI's bounds ${JSON.stringify(doc.bounds)}`);
        await load(page, h.url(`/#/chains?preset=${name}`));
        const ids = ['chains-ub-greedy', 'chains-ub-eq6', 'chains-ub-nicol', 'chains-ub-bis'];
        for (const [i, id] of ids.entries()) {
          await textWhere(byId(page, id), `${name}: ${keys[i]} = ${want[i]}`, (t) => t.split(' ≈')[0] === want[i], LOAD_TIMEOUT);
        }
      }
      // ε-bisection on EX1: the partition's bottleneck 11, the spec's returned UB 45057/4096.
      await atEnd(h, page, '/#/chains?preset=chains-ex1&algo=eps-bisection');
      await textWhere(byId(page, 'chains-bottleneck'), 'bottleneck 11', (t) => t === '11');
      await textWhere(byId(page, 'chains-eps-bound'), 'bound 45057/4096', (t) => t.split(' ≈')[0] === '45057/4096');
    },
  },
  {
    name: 'lu-ratio-plot-cursor-at-n',
    async fn(h) {
      const page = h.lastPage;
      const doc = solve(preset('lu-1-2'), '2d-dp');
      const n = doc.n;
      check(Number.isInteger(n), `the CLI's n: ${n}`);
      await load(page, h.url('/#/lu?preset=lu-1-2'));
      for (const id of ['compare-plot-a', 'compare-plot-b']) {
        await poll(`${id}: the cursor at n = ${n}`, () => byId(page, id).getAttribute('data-cursor', { timeout: 1_000 }), (v) => v === String(n), LOAD_TIMEOUT);
        await textWhere(byId(page, `${id}-cursor`), `${id}: n = ${n}`, (t) => t === `Dashed line: this instance's n = ${n}.`);
        const svg = await poll(`${id}: its SVG`, () => byId(page, id).getAttribute('data-svg', { timeout: 1_000 }), (v) => !!v);
        check(svg.includes(`n = ${n}`), `${id}: the plot's SVG labels the cursor n = ${n}`);
      }
    },
  },
  {
    name: 'ring-water-level',
    async fn(h) {
      const page = h.lastPage;
      // ring.md §2, §11, §12: RR-1 at W = 10 fills to ℓ = T = 7; RG-1's TSP tour (0,1,4,2,3)
      // is communication-bound: ℓ = 8 < T_closed = 326/39 < T = M = 9, P0 and P1 only talk.
      const cases = [
        ['ring-rr-1', 'exact', '7/1', '7 (= T)'],
        ['ring-rg-1', 'tsp', '8/1', '8 (< T = M: 2 member(s) with H·comm_i ≥ ℓ only communicate)'],
      ];
      for (const [name, algo, level, shown] of cases) {
        const doc = solve(preset(name), algo);
        check(doc.level === level, `${name} ${algo}: the CLI's level ${doc.level}, the spec's ${level}`);
        await atEnd(h, page, `/#/ring?preset=${name}&algo=${algo}`);
        await textWhere(byId(page, 'ring-level'), `${name}: ℓ shown`, (t) => t === shown);
        const labels = await byId(page, 'ring-figure').locator('text.level-label').allTextContents();
        const lines = await byId(page, 'ring-figure').locator('.level-line').count();
        check(lines === 1 && labels.length === 1 && labels[0] === `ℓ = ${level.replace(/\/1$/, '')}`, `${name}: the figure's level ${labels}`);
      }
    },
  },
  {
    name: 'master-slave-rn3dm-panel',
    async fn(h) {
      const page = h.lastPage;
      // master-slave.md §4.2, §10.2-6, MS-6: the panel states the reduction and its two
      // instances; its NO scene opens the exact search's last step: 2 < K = 3 tasks, P1 idle.
      const yes = solve(preset('master-slave-ms6'), 'exact');
      const no = solve(preset('master-slave-ms6b'), 'exact');
      check(yes.total === 3 && no.total === 2 && JSON.stringify(no.counts) === '[0,1,1]', `the CLI's MS-6 totals ${yes.total}, ${no.total}`);
      await load(page, h.url('/#/master-slave'));
      const panel = byId(page, 'about-problem');
      await visible(panel, 'the explanation panel', LOAD_TIMEOUT);
      await panel.locator('summary').click();
      const shown = norm(await panel.textContent());
      for (const want of ['strongly NP-complete', 'RN-3DM', 't = (24, 22, 23), T = 27', '1 + 24 + 2 = 2 + 22 + 3 = 3 + 23 + 1 = 27', 't = (28, 22, 25) and T = 29', 'the optimum is 2 < K = 3', 'master-slave.md §4.2', 'master-slave.md §10.2', 'IEEE Transactions on Parallel and Distributed Systems 14(9), 2003']) {
        check(shown.includes(norm(want)), `the panel says ${want}`);
      }
      const link = panel.locator('[data-testid="about-scene"][href*="master-slave-ms6b"]');
      check((await link.count()) === 1, 'one link to the NO instance');
      await link.click();
      await textWhere(stepCount(page), 'the NO scene at its last step', (t) => /^Step 6 \/ 6\b/.test(t), LOAD_TIMEOUT);
      await textWhere(byId(page, 'ms-total'), '2 tasks', (t) => t === '2');
      await textWhere(byId(page, 'ms-counts'), 'P1 idle', (t) => t === '(0,1,1)');
    },
  },
];

// Issue 34, the steady-state rows: the LP written out by node (§5.1 state 2, counts of §2.2),
// the "solution not unique" note (§2.4, §5.1 state 3), the tree's "LP value = closed form"
// cross-check (§3, §5.2 state 3) and the slot × arc table of denominators behind the scale
// factor A (§4.5, §5.1 state 9). Every value shown is compared with the spec's number and, where
// the command line prints it, with the document `hetlab solve --explain` writes.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { byId, check, norm, text, textWhere, visible } from '../lib.mjs';
import { atEnd } from './explain-rows.mjs';
import { native } from './built-sl.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..', '..', '..');
const PRESETS = path.join(REPO, 'crates', 'core', 'presets');
const SHOTS = path.resolve(process.env.HETLAB_SCREENSHOTS || path.join(REPO, 'target', 'screenshots'));
const preset = (name) => readFileSync(path.join(PRESETS, `${name}.json`), 'utf8');
const explain = (name, algorithm) =>
  JSON.parse(native(['solve', '-', '--explain', '--algorithm', algorithm], preset(name)));
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Opens the closed panel `id` and returns it. */
async function open(page, id) {
  const panel = byId(page, id);
  await visible(panel, id);
  await panel.locator('summary').click();
  await page.waitForFunction((sel) => document.querySelector(sel)?.open === true, `[data-testid="${id}"]`);
  return panel;
}

/** Screenshots of `panel` at desktop and phone widths (target/screenshots/<name>-*.png). */
async function shots(page, panel, name) {
  for (const [label, size] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    await page.setViewportSize(size);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

/** The texts of the cells of each body row of `table`. */
const rows = (table) =>
  table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent.replace(/\s+/g, ' ').trim())));

export const tests = [
  {
    name: 'steady-lp-listing-example-1',
    async fn(h) {
      const page = h.lastPage;
      await atEnd(h, page, '/#/steady-state?preset=example-1&algo=lp');
      const panel = await open(page, 'lp-listing');
      // §2.2 "Size": 12 variables (2 fixed to zero), 12 inequalities, 3 equalities.
      const size = await text(byId(page, 'lp-size'));
      check(
        size === '12 variables (2 fixed to 0), 12 inequalities, 3 equalities. Fixed to 0: f_21 (a master receives no input files), f_31 (a master receives no input files).',
        `the size line: ${size}`,
      );
      const objective = await text(byId(page, 'lp-objective'));
      check(objective === 'maximise ρ = x_1 + x_2 + x_3 + x_4', `the objective: ${objective}`);
      const row = async (node, kind) => norm(await panel.locator(`tr[data-node="${node}"][data-kind="${kind}"] .lp-row`).textContent());
      // Example 1's numbers (§6.1): w = (1, 3, 4, 6), c_12 = 2, c_13 = 1, c_34 = 3, c_24 = 3.
      const want = [
        ['1', 'compute', 'x_1 ≤ 1'],
        ['1', 'send', '2·f_12 + f_13 ≤ 1'],
        ['2', 'compute', '3·x_2 ≤ 1'],
        ['2', 'receive', '2·f_12 + 3·f_42 ≤ 1'],
        ['2', 'conservation', 'f_12 + f_42 = x_2 + f_21 + f_24'],
        ['3', 'send', 'f_31 + 3·f_34 ≤ 1'],
        ['4', 'compute', '6·x_4 ≤ 1'],
        ['4', 'conservation', 'f_24 + f_34 = x_4 + f_42 + f_43'],
      ];
      for (const [node, kind, constraint] of want) {
        const got = await row(node, kind);
        check(got === constraint, `node ${node} ${kind}: ${got}, want ${constraint}`);
      }
      const all = await panel.locator('tr[data-kind]').count();
      check(all === 15, `4 nodes × 3 rows + 3 conservation rows: ${all}`);
      await shots(page, panel, 'steady-lp-listing');
    },
  },
  {
    name: 'steady-solution-not-unique',
    async fn(h) {
      const page = h.lastPage;
      const doc = explain('example-1', 'lp');
      check(doc.optimum.unique === false, 'the CLI says Example 1 is not unique');
      await atEnd(h, page, '/#/steady-state?preset=example-1&algo=lp');
      const lead = await text(byId(page, 'uniqueness-lead'));
      const ranges = await byId(page, 'uniqueness-range').evaluateAll((li) => li.map((e) => e.textContent.replace(/\s+/g, ' ').trim()));
      // The page lists the clauses of the CLI's note: lead, then one clause per range.
      const cli = norm(doc.optimum.note);
      check(cli.startsWith(`${lead} ${ranges.join('; ')}.`), `the page: ${lead} ${JSON.stringify(ranges)}; the CLI: ${cli}`);
      check(ranges.length === doc.optimum.ranges.length, `${ranges.length} ranges, the CLI ${doc.optimum.ranges.length}`);
      // §2.4: "the flow on arc 4→2 can be anything in [1/12, 1/6]".
      check(lead === 'Solution not unique: the optimal value ρ* is unique, but the optimal rates are not. Over all optimal solutions,', `plain English: ${lead}`);
      check(ranges.includes('the flow on arc 4→2 (f_42) can be anything in [1/12, 1/6]'), `f_42's range: ${JSON.stringify(ranges)}`);
      await shots(page, byId(page, 'uniqueness'), 'steady-not-unique');
      const star = explain('star-example-2', 'lp');
      await atEnd(h, page, '/#/steady-state?preset=star-example-2&algo=lp');
      const unique = await text(byId(page, 'uniqueness'));
      check(star.optimum.unique === true && unique === 'The optimal solution is unique: no other rates reach ρ*.', `Example 2: ${unique}`);
    },
  },
  {
    name: 'steady-tree-lp-equals-closed-form',
    async fn(h) {
      const page = h.lastPage;
      // §6.2 "ρ* = 1/3 + 7/8 = 29/24 (LP agrees)", §6.3 "ρ* = 1/2 + 23/24 = 35/24 (LP agrees)".
      for (const [name, rho] of [['star-example-2', '29/24'], ['tree-example-3', '35/24']]) {
        const doc = explain(name, 'tree');
        check(doc.lp_check.closed_form === rho && doc.lp_check.lp === rho && doc.lp_check.equal === true, `the CLI's check on ${name}: ${JSON.stringify(doc.lp_check)}`);
        await atEnd(h, page, `/#/steady-state?preset=${name}&algo=tree`);
        const shown = await text(byId(page, 'lp-check'));
        const want = `Cross-check: the LP on the same platform gives ρ* = ${rho}, the closed form ${rho}: equal exactly.`;
        check(shown === want, `${name}: ${shown}`);
        if (name === 'star-example-2') await shots(page, byId(page, 'lp-check'), 'steady-lp-check');
      }
    },
  },
  {
    name: 'steady-scale-factor-table',
    async fn(h) {
      const page = h.lastPage;
      // §6.1 canonical: "Files per slot: M1: 1→2 3, 3→4 2; M2: 1→3 3, 3→4 1, 4→2 1; M3: 1→3 3
      // → all integers, A = 1", L = 12, 21 tasks per period.
      const ex1 = explain('example-1', 'lp');
      check(ex1.period.A === '1' && ex1.period.L === '12' && ex1.period.tasks_per_period === '21', `the CLI: ${JSON.stringify([ex1.period.A, ex1.period.L])}`);
      await atEnd(h, page, '/#/steady-state?preset=example-1&algo=lp');
      let panel = await open(page, 'scale-table');
      const got = await rows(panel.locator('table'));
      const want = [
        ['1', '1→2', '3', '1'], ['1', '3→4', '2', '1'],
        ['2', '1→3', '3', '1'], ['2', '3→4', '1', '1'], ['2', '4→2', '1', '1'],
        ['3', '1→3', '3', '1'],
      ];
      check(JSON.stringify(got) === JSON.stringify(want), `Example 1's table: ${JSON.stringify(got)}`);
      let a = await text(byId(page, 'scale-a'));
      check(a === 'A = lcm(1) = 1; one period lasts L = A·T = 12 and completes 21 tasks.', `Example 1: ${a}`);
      await shots(page, panel, 'steady-scale-table');
      // §6.5: "the slow arcs carry 1/3 task per slot ⇒ A = 3, L = 9, 9 tasks".
      const ex5 = explain('gadget-example-5', 'lp');
      check(ex5.period.A === '3' && ex5.period.L === '9', `the CLI on Example 5: A = ${ex5.period.A}`);
      await atEnd(h, page, '/#/steady-state?preset=gadget-example-5&algo=lp');
      panel = await open(page, 'scale-table');
      const slow = (await rows(panel.locator('table'))).filter(([, arc]) => ['1→4', '2→5', '3→6'].includes(arc));
      check(slow.length === 9 && slow.every(([, , n, d]) => n === '1/3' && d === '3'), `Example 5's slow arcs: ${JSON.stringify(slow)}`);
      a = await text(byId(page, 'scale-a'));
      check(a === 'A = lcm(1, 3) = 3; one period lasts L = A·T = 9 and completes 9 tasks.', `Example 5: ${a}`);
    },
  },
  {
    name: 'steady-edit-rates',
    async fn(h) {
      const page = h.lastPage;
      // §4.1, §7: typed rates are checked against the LP; a broken constraint is named.
      await atEnd(h, page, '/#/steady-state?preset=example-1&algo=lp');
      const panel = await open(page, 'edit-rates');
      await byId(page, 'rates-optimal').click();
      // The canonical rates (§6.1): f_13 = 1/2, x_3 = 1/4, f_34 = 1/4.
      const f13 = byId(page, 'rate-f-1-3');
      check((await f13.inputValue()) === '1/2', `the optimal f_13: ${await f13.inputValue()}`);
      await f13.fill('1/3');
      await byId(page, 'rates-check').click();
      const broken = await textWhere(byId(page, 'rates-violation').first(), 'a named violation', (t) => t.length > 0);
      check(
        broken === 'conservation at node 3: it receives 1/3 tasks per time unit but computes and forwards 1/2',
        `the violation: ${broken}`,
      );
      check((await byId(page, 'rates-violation').count()) === 1, 'one violation only');
      // §6.1, the paper's solution: A = 3, L = 36, 63 tasks; with L_calc = 2, L_comm = 1,
      // "Paper's pattern (A=3): N=1: 40, 63, 63/40". The CLI prints the same numbers.
      const cli = JSON.parse(native(['rates', '--paper', '-'], preset('example-1')));
      check(cli.period.scale_a === '3' && cli.period.latency_throughput === '63/40', `the CLI: ${JSON.stringify(cli.period)}`);
      await byId(page, 'rates-paper').click();
      await textWhere(byId(page, 'rates-a'), 'A of the paper\'s rates', (t) => t === '3');
      const got = {
        f13: await f13.inputValue(),
        throughput: await text(byId(page, 'rates-throughput')),
        l: await text(byId(page, 'rates-l')),
        tasks: await text(byId(page, 'rates-tasks')),
        latency: await text(byId(page, 'rates-latency')),
        line: await text(byId(page, 'rates-latency-line')),
      };
      check(got.f13 === '7/12', `the paper's f_13: ${got.f13}`);
      check(got.throughput === '7/4' && got.throughput === cli.throughput, `the throughput: ${got.throughput}`);
      check(got.l === '36' && got.tasks === '63', `L and tasks: ${got.l}, ${got.tasks}`);
      check(got.latency === '63/40' && got.line.includes('lasts 40 '), `the latency line: ${got.line}`);
      await shots(page, panel, 'steady-edit-rates');
    },
  },
];

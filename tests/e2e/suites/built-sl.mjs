// Issue 18 (square partitions, LU, share URLs, wasm against native): the grid exact solver and
// the block metrics of the square page, the Kalinov–Lastovetsky baseline, the LU panels,
// comparisons and grid-failure table, old v1 links, the embed fields of the Share dialog, and
// every preset and seeded instance solved in the browser (wasm) and by the native command line,
// compared byte for byte. Numbers are compared exactly (whole texts or number tokens), never by
// substring.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LOAD_TIMEOUT, byId, check, hashParams, count, expectStep, load, norm, poll, share, stepTotal,
  text, textWhere, visible,
} from '../lib.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The newest native `hetlab` binary (release or debug), built (debug) when there is none. */
function hetlabBin() {
  const found = ['release', 'debug']
    .map((p) => path.join(REPO_ROOT, 'target', p, 'hetlab'))
    .filter((p) => existsSync(p))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (found.length) return found[0];
  execFileSync('cargo', ['build', '--quiet', '-p', 'hetlab-cli'], { cwd: REPO_ROOT, stdio: 'inherit' });
  return path.join(REPO_ROOT, 'target', 'debug', 'hetlab');
}

/** Runs the native command line; its standard output without the final newline. */
export function native(args, input) {
  const out = execFileSync(hetlabBin(), args, { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  return out.replace(/\n$/, '');
}

/** The result document of `instance` (JSON text) by the native command line. */
const nativeSolve = (instance, algorithm) =>
  JSON.parse(native(['solve', '-', ...(algorithm ? ['--algorithm', algorithm] : [])], instance));

/** Every number token of a text (`7/4`, `0.25`, `120`): compared whole, never as substrings. */
const numbers = (t) => norm(t).match(/-?\d+(?:\.\d+)?(?:\/\d+)?/g) || [];

/** Opens `#/<route>?<search>`, waits for the player, presses End and waits for the last step. */
async function openAtEnd(h, page, route, search) {
  await load(page, h.url(`/#/${route}?${search}`));
  await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
  const total = await stepTotal(page);
  await page.keyboard.press('End');
  await expectStep(page, `Step ${total} / ${total}`);
  return total;
}

/** The payload of a share link for `instance` (JSON text), by the native encoder. */
const payload = (instance) => native(['encode', '-'], instance);

// An old link, written by HetLab before v2 (the preset star-example-2, tree algorithm).
const OLD_V1 = 'v1.ZY1BDoIwEEWvQmalSTVa0EWv4dK4GGyJjbQl7SAxhPN4D09mLZJI2Ezmvz__Tw-Nd2WtDAgIpFA-N4GQFDB4KB-0syD2DJoaqXI-XvVg0ah4fSL0WafplpVoZadl3AJS65FiKlv9t22NzN6v45avY691UgUQ5x60BLFj0IHIGRiMCQ-CfKsGNpr7ZPJJ8iQPk8znbpFkMVwY1NrexxeVdyY9IZfqrnF-AzPOE-cLnieeL3jx67kMwwc';

/** The presets of `problem`, as JSON texts, from crates/core/presets. */
function presetsOf(problem) {
  const dir = path.join(REPO_ROOT, 'crates', 'core', 'presets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f, json: readFileSync(path.join(dir, f), 'utf8') }))
    .filter(({ json }) => JSON.parse(json).problem === problem);
}

/** Seeded instances of `problem` (three seeds, two shapes), by the native generator. */
function seeded(problem) {
  const out = [];
  for (const shape of ['random', 'star']) {
    for (const seed of [1, 2, 3]) {
      const args = ['gen', problem, '--seed', String(seed), '--size', '6', '--shape', shape];
      out.push({ name: `gen ${problem} ${shape} seed ${seed}`, json: native(args) });
    }
  }
  return out;
}

/** Each solver worker binary's `solve_json` on `page` (one per group of families, src/bundles.rs):
 *  its glue (named in index.html) imported and started on the page, where its `main` serves
 *  nothing (it is not in a worker); `window.solveJson(problem, json)` calls its group's. */
async function solverBindings(page) {
  await page.evaluate(async () => {
    const files = JSON.parse(document.getElementById('hetlab-workers').textContent);
    const bundles = JSON.parse(document.getElementById('hetlab-bundles').textContent);
    const byGroup = {};
    for (const [group, f] of Object.entries(files)) {
      const bindings = await import(new URL(f.glue, document.baseURI).href);
      await bindings.default({ module_or_path: new URL(f.wasm, document.baseURI).href });
      byGroup[group] = bindings;
    }
    const groupOf = (problem) => Object.keys(bundles).find((g) => bundles[g].includes(problem));
    window.solveJson = (problem, json) => byGroup[groupOf(problem)].solve_json(json, '');
    window.practiceJson = (problem, seed, count, difficulty) =>
      byGroup[groupOf(problem)].practice_json(problem, seed, count, difficulty);
    // The families: the routes of the groups that have a solver worker (the teaching binary's
    // pages, practice and lessons, are no family).
    window.practiceFamilies = Object.keys(files).flatMap((g) => bundles[g]);
  });
}

/** Every preset and seeded instance of `problems`, solved with their default algorithm in this
 *  browser (the solver binary's wasm, `solve_json`) and natively (`hetlab solve --explain`,
 *  the document with the page's explanations): the texts must be equal. */
function wasmAgainstNative(name, problems) {
  return {
    name,
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/'));
      await poll('wasm bindings', () => page.evaluate(() => typeof window.wasmBindings), (t) => t === 'object', LOAD_TIMEOUT);
      await solverBindings(page);
      let compared = 0;
      for (const problem of problems) {
        for (const { name: what, json } of [...presetsOf(problem), ...seeded(problem)]) {
          let want;
          try {
            want = native(['solve', '--explain', '-'], json);
          } catch (e) {
            want = `error: ${String(e.stderr || e.message).replace(/^hetlab: /, '').trim()}`;
          }
          const got = await page.evaluate(([p, j]) => window.solveJson(p, j), [problem, json]);
          if (want.startsWith('error: ')) {
            // Refusals: the same refusal in both (the CLI prints it on stderr with a prefix).
            check(got.startsWith('error: '), `${what}: native refused (${want.slice(0, 120)}) but wasm solved`);
          } else {
            check(got === want, `${what}: wasm and native differ\nwasm:   ${got.slice(0, 300)}\nnative: ${want.slice(0, 300)}`);
            compared += 1;
          }
        }
      }
      check(compared >= problems.length * 3, `only ${compared} documents compared`);
    },
  };
}

/** Issue 35: a practice set is the same text in this browser (the solver binary's wasm,
 *  `practice_json`) and natively (`hetlab practice`), answers included: every family, small
 *  and large, three questions each (so three kinds). */
const practiceAgainstNative = {
  name: 'practice-wasm-equals-native',
  async fn(h) {
    const page = h.lastPage;
    await load(page, h.url('/#/'));
    await poll('wasm bindings', () => page.evaluate(() => typeof window.wasmBindings), (t) => t === 'object', LOAD_TIMEOUT);
    await solverBindings(page);
    const families = await page.evaluate(() => window.practiceFamilies);
    let compared = 0;
    for (const family of families) {
      for (const difficulty of ['small', 'large']) {
        const want = native(['practice', '--family', family, '--seed', '11', '--count', '3', '--difficulty', difficulty]);
        const got = await page.evaluate(([f, d]) => window.practiceJson(f, '11', 3, d), [family, difficulty]);
        check(got === want, `${family} ${difficulty}: wasm and native differ\nwasm:   ${got.slice(0, 300)}\nnative: ${want.slice(0, 300)}`);
        compared += 1;
      }
    }
    check(compared >= 18, `only ${compared} practice sets compared`);
  },
};

export const tests = [
  {
    // formats.md §5: a link written before v2 still opens, at its step, with its numbers.
    name: 'share-old-v1-link-opens',
    async fn(h) {
      const page = h.lastPage;
      await openAtEnd(h, page, 'steady-state', `i=${OLD_V1}&algo=tree`);
      const want = nativeSolve(native(['decode', OLD_V1]), 'tree').objective.value_exact;
      await textWhere(byId(page, 'throughput'), `throughput ${want}`, (t) => numbers(t).includes(want));
      // The link keeps working as shared: the page reopens it at its step.
      const { url } = await share(h, page);
      const fresh = await h.newPage();
      await load(fresh, url);
      await visible(byId(fresh, 'player'), 'player (fresh context)', LOAD_TIMEOUT);
      await textWhere(byId(fresh, 'throughput'), `throughput ${want} again`, (t) => numbers(t).includes(want));
    },
  },

  {
    // Issue 18: the Share dialog offers start, end and speed; the snippet carries them, and a
    // bad field is named next to itself and left out.
    name: 'share-embed-start-end-speed',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/square-partition?preset=square-7-1&algo=column-dp'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await byId(page, 'share').click();
      await visible(byId(page, 'share-dialog'), 'share dialog');
      await byId(page, 'embed-start').fill('2');
      await byId(page, 'embed-end').fill('5');
      await byId(page, 'embed-speed').fill('4');
      const snippet = () => page.locator('textarea[data-testid="embed-code"]').inputValue();
      const src = await poll('snippet with the window', async () => {
        const m = (await snippet()).match(/src="([^"]*)"/);
        return m ? m[1].replaceAll('&amp;', '&') : '';
      }, (s) => s.endsWith('&embed=1&start=2&end=5&speed=4'));
      await byId(page, 'embed-start').fill('x');
      await textWhere(byId(page, 'embed-start-error'), 'start error', (t) => t === 'a step number (0, 1, 2, …), got "x"');
      check(!(await snippet()).includes('start='), 'a bad start stays out of the snippet');
      await byId(page, 'share-close').click();
      const frame = await h.newPage();
      await load(frame, new URL(src, h.base).href);
      await visible(byId(frame, 'figure'), 'embedded figure', LOAD_TIMEOUT);
      await expectStep(frame, `Step 2 / ${await stepTotal(frame)}`);
      await frame.keyboard.press('End');
      await expectStep(frame, `Step 5 / ${await stepTotal(frame)}`);
    },
  },

  {
    // square-partitions.md §4.3 and §6.4: the grid heuristic offers the exact solver; its
    // table gives the spec's V for each arrangement (cycle times 1..9).
    name: 'square-grid-exact-button',
    async fn(h) {
      const page = h.lastPage;
      await openAtEnd(h, page, 'square-partition', 'preset=square-grid-4-4&algo=grid');
      await byId(page, 'grid-exact-button').click();
      await poll('algo=grid-exact', () => new URL(page.url()).hash, (hash) => hashParams(hash).get('algo') === 'grid-exact');
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      const total = await stepTotal(page);
      await page.keyboard.press('End');
      await expectStep(page, `Step ${total} / ${total}`);
      const doc = nativeSolve(readFileSync(path.join(REPO_ROOT, 'crates/core/presets/square-grid-4-4.json'), 'utf8'), 'grid-exact');
      const want = doc.exact.map((x) => x.v);
      check(want.length === 3, `three arrangements: ${want}`);
      const cells = byId(page, 'exact-v');
      await count(cells, 3, 'exact V cells');
      for (let k = 0; k < 3; k++) {
        const shown = numbers(await text(cells.nth(k)))[0];
        check(shown === want[k].replace(/\/1$/, ''), `arrangement ${k + 1}: shown ${shown}, native ${want[k]}`);
      }
      check(want[2] === '319/120', `the best exact V is (1 + 1/4 + 1/5)(1 + 1/2 + 1/3) = 319/120, got ${want[2]}`);
    },
  },

  {
    // square-partitions.md §5: communication volume and rounding to N × N blocks (N = 10, then
    // 25 typed in the N field), with the spec's numbers for the 8-area example.
    name: 'square-block-metrics',
    async fn(h) {
      const page = h.lastPage;
      await openAtEnd(h, page, 'square-partition', 'preset=square-7-1&algo=column-dp');
      await textWhere(byId(page, 'rounded-blocks'), 'N = 10 blocks', (t) => norm(t) === '6, 6, 8, 9, 9, 12, 20, 30');
      await textWhere(byId(page, 'rounded-makespan'), 'makespan 120', (t) => norm(t) === '120 (perfect 100)');
      await textWhere(byId(page, 'volume-step'), 'N(Ĉ − 2) = 35', (t) => norm(t) === '35');
      await textWhere(byId(page, 'volume-total'), 'N²(Ĉ − 2) = 350', (t) => norm(t) === '350');
      await byId(page, 'procs-N').fill('25');
      await byId(page, 'procs-apply').click();
      const total = await stepTotal(page);
      await page.keyboard.press('End');
      await expectStep(page, `Step ${total} / ${total}`);
      await textWhere(byId(page, 'rounded-blocks'), 'N = 25 blocks', (t) => norm(t) === '28, 28, 44, 64, 64, 72, 130, 195');
      await textWhere(byId(page, 'rounded-imbalance'), 'imbalance 1/25', (t) => norm(t) === '1/25 (4.0 %)');
      const { raw } = await share(h, page);
      const instance = JSON.parse(native(['decode', raw]));
      check(instance.n === 25, `the share link keeps N = 25: ${JSON.stringify(instance)}`);
    },
  },

  {
    // square-partitions.md §3.3: the Kalinov–Lastovetsky baseline, default and typed columns.
    name: 'square-kalinov-lastovetsky',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/square-partition?preset=square-7-1&algo=kalinov-lastovetsky'));
      await visible(byId(page, 'figure'), 'figure', LOAD_TIMEOUT);
      await textWhere(byId(page, 'c-hat'), 'Ĉ = 6', (t) => norm(t) === '6');
      await byId(page, 'procs-columns').fill('8 4 1 2 | 7 6 5 3');
      await byId(page, 'procs-apply').click();
      await poll('columns in the link', () => new URL(page.url()).hash, (hash) => hash.includes('i=v2.'));
      await textWhere(byId(page, 'c-hat'), 'Ĉ = 6 with the typed columns', (t) => norm(t) === '6');
      const row = byId(page, 'compare').locator('tbody tr', { hasText: 'kalinov-lastovetsky' });
      await textWhere(row.locator('td').nth(1), 'kalinov-lastovetsky row: Ĉ = 6', (t) => norm(t) === '6');
      await byId(page, 'procs-columns').fill('8 4 1 | 7 6 5 3');
      await byId(page, 'procs-apply').click();
      await textWhere(byId(page, 'field-error'), 'P2 in no column', (t) => norm(t) === 'columns: P2 is in no column');
      // The field at fault is marked, not the processors' numbers.
      check(await byId(page, 'procs-columns').getAttribute('aria-invalid') === 'true', 'the columns field is marked invalid');
      check(await byId(page, 'procs-text').getAttribute('aria-invalid') === 'false', 'the numbers are not marked invalid');
    },
  },

  {
    // lu-distributions.md §2.5: block panels on a true 2 × 2 grid (the instance's grid), the
    // panel's owners and the simulated total equal to the native run's.
    name: 'lu-grid-panels',
    async fn(h) {
      const page = h.lastPage;
      const instance = JSON.stringify({ problem: 'lu', version: 1, cycle_times: [1, 2, 3, 5], B: 8, n: 16, grid: [2, 2] });
      await openAtEnd(h, page, 'lu', `i=${payload(instance)}`);
      const chosen = await page.locator('select[data-testid="algo"]').inputValue();
      check(chosen === 'grid-panels', `with a grid, grid-panels is the default: ${chosen}`);
      const doc = nativeSolve(instance, 'grid-panels');
      await textWhere(byId(page, 'total-cost'), `total ${doc.objective.value_exact}`, (t) => norm(t) === doc.objective.value_exact.replace(/\/1$/, ''));
      const g = doc.grid_panels;
      const rows = byId(page, 'panel-owners').locator('tr');
      await count(rows, 8, 'panel rows');
      for (let i = 0; i < 8; i++) {
        const want = g.panel.columns.map((b) => `P${g.panel.rows[i] + 1}${b + 1}`).join(' ');
        const got = norm(await rows.nth(i).innerText()).replace(/\s+/g, ' ');
        check(got === want, `panel row ${i + 1}: ${got}, native ${want}`);
      }
      check(JSON.stringify(g.row_sizes) === '[6,2]', `r rounded to 8: ${g.row_sizes}`);
    },
  },

  {
    // lu-distributions.md §4.1, §4.2, §3.2, §2.1: the cyclic strip (83 against 123), the four
    // schemes side by side at step k with comm(k), and the grid-failure table.
    name: 'lu-comparisons',
    async fn(h) {
      const page = h.lastPage;
      await openAtEnd(h, page, 'lu', 'preset=lu-1-2&algo=1d');
      await textWhere(byId(page, 'strip-total-1d'), '83', (t) => norm(t) === '83');
      await textWhere(byId(page, 'strip-total-cyclic'), '123', (t) => norm(t) === '123');
      await count(byId(page, 'lu-side-by-side').locator('figure'), 4, 'four schemes');
      const json = readFileSync(path.join(REPO_ROOT, 'crates/core/presets/lu-1-2.json'), 'utf8');
      // comm(k) of the last step, from the native trace (its "factored" steps carry the counts).
      const traced = JSON.parse(native(['solve', '-', '--algorithm', '1d', '--trace'], json));
      const last = traced.trace.filter((s) => s.kind === 'factored').pop().cost;
      await textWhere(byId(page, 'comm-value'), `comm(${last.k}) = ${last.comm}`, (t) => norm(t) === String(last.comm));
      const dp = nativeSolve(json, '2d-dp');
      const mini = byId(page, 'lu-mini-2d-dp');
      await textWhere(mini.locator('[data-testid="mini-total"]'), `2d-dp total ${dp.objective.value_exact}`, (t) => norm(t) === dp.objective.value_exact.replace(/\/1$/, ''));
      const makespans = (await byId(page, 'grid-failure').locator('[data-testid="failure-makespan"]').allInnerTexts()).map(norm);
      check(makespans.join(',') === '1,4,5,10,15,20,25,36', `§2.1 makespans: ${makespans}`);
    },
  },

  wasmAgainstNative('wasm-native-square-lu', ['square-partition', 'lu']),
  wasmAgainstNative('wasm-native-steady-broadcast', ['steady-state', 'broadcast']),
  wasmAgainstNative('wasm-native-chains-ring', ['chains', 'ring']),
  wasmAgainstNative('wasm-native-scatter-ms-divisible', ['scatter', 'master-slave', 'divisible']),
  practiceAgainstNative,
];

// Issue 37: the experiments page. Built-in sweeps of each group of families run to the end on
// two workers, and the CSV the page gives is, byte for byte, what the native `hetlab sweep`
// writes for the same spec; a large sweep is cancelled mid-run, its CSV is the head of the
// native file, and the page goes on working; a bad spec and a bad address get sentences.

import { readFileSync } from 'node:fs';

import {
  LOAD_TIMEOUT, UI_TIMEOUT, byId, check, load, poll, show, visible,
} from '../lib.mjs';
import { native } from './built-sl.mjs';

/** Clicks `locator` and returns the downloaded file's text. */
async function download(page, locator) {
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), locator.click()]);
  return readFileSync(await dl.path(), 'utf8');
}

/** The sweep's state as the status line says (`running`, `finished`, …) and instances done. */
async function status(page) {
  const s = byId(page, 'sweep-status');
  return { state: await s.getAttribute('data-state'), done: Number(await s.getAttribute('data-done')), text: await s.textContent() };
}

/** Waits until the sweep's state is `want`. */
function waitState(page, want, timeout) {
  return poll(`the sweep ${want}`, () => status(page), (s) => s.state === want, timeout);
}

/** The native CSV of a spec (JSON text or `builtin:NAME`). */
function nativeSweep(spec) {
  if (spec.startsWith('builtin:')) return native(['sweep', spec, '--budget', '0']) + '\n';
  return native(['sweep', '-', '--budget', '0'], spec) + '\n';
}

/** A sweep of one grid point: its instance k has seed 1 + k whatever the count, so a run cut
 * after n instances is the head of the same spec with `count` n. */
const oneSize = (count) => JSON.stringify({
  format: 'hetlab-sweep', version: 1, name: 'Broadcast at one size, many seeds',
  family: 'broadcast', grid: { shape: ['random'], size: [12] }, seeds: { first: 1, count },
  algorithms: ['lp', 'binomial'], reference: 'lp', measures: ['value', 'ratio'],
});

export const tests = [
  {
    name: 'experiments-builtin-sweeps-match-hetlab-sweep',
    timeout: 240_000,
    async fn(h) {
      const page = h.lastPage;
      // One family of each group's solver worker: partitioning, distribution, communication.
      for (const name of ['chains', 'scatter', 'steady-state']) {
        await load(page, h.url(`/#/experiments?sweep=${name}`));
        await visible(byId(page, 'sweep-about'), 'the sweep described', LOAD_TIMEOUT);
        const cites = await byId(page, 'sweep-cites').textContent();
        check(/[a-z-]+\.md\b/.test(cites), `${name}: the sweep cites its spec and paper: ${show(cites)}`);
        await visible(byId(page, 'sweep-empty'), 'nothing has run yet');
        await byId(page, 'sweep-workers').fill('2');
        await byId(page, 'sweep-workers').dispatchEvent('change');
        await byId(page, 'sweep-run').click();
        await waitState(page, 'finished', 120_000);
        const spec = JSON.parse(await byId(page, 'sweep-spec').inputValue());
        const of = await byId(page, 'sweep-results-of').textContent();
        check(of === `Results: ${spec.name}`, `${name}: the results say which sweep they are of: ${show(of)}`);
        const rows = spec.grid.size.length * (spec.grid.shape || ['random']).length * spec.algorithms.length;
        const cells = await page.locator('[data-testid="sweep-table"] tbody tr').count();
        check(cells === rows, `${name}: ${cells} summary rows, expected ${rows} (grid points × algorithms)`);
        await visible(page.locator('canvas[data-testid^="sweep-plot-"]').first(), 'a plot');
        const csv = await download(page, byId(page, 'sweep-csv'));
        const want = nativeSweep(`builtin:${name}`);
        check(csv === want, `${name}: the page's CSV (${csv.length} B) differs from hetlab sweep's (${want.length} B); first lines:\n${csv.slice(0, 300)}\n--\n${want.slice(0, 300)}`);
        const { text } = await status(page);
        check(/Finished: \d+ instances \(\d+ rows\) in .* on 2 workers\./.test(text), `${name}: status ${show(text)}`);
      }
    },
  },
  {
    name: 'experiments-cancel-keeps-the-head-and-the-page',
    timeout: 240_000,
    async fn(h) {
      const page = h.lastPage;
      const big = oneSize(5000);
      await load(page, h.url('/#/experiments?sweep=ring'));
      await visible(byId(page, 'sweep-about'), 'the sweep described', LOAD_TIMEOUT);
      await page.locator('.sweep-spec summary').click();
      await byId(page, 'sweep-spec').fill(big);
      await byId(page, 'sweep-run').click();
      // The address now names the edited spec.
      await poll('the address naming the spec', () => page.url(), (u) => u.includes('spec=v'), UI_TIMEOUT);
      const running = await poll('a few instances done', () => status(page), (s) => s.state === 'running' && s.done >= 4, 60_000);
      check(/about .* left/.test(running.text), `the time left is estimated: ${show(running.text)}`);
      // The page answers while the sweep runs: the spec section folds and unfolds.
      await page.locator('.sweep-spec summary').click();
      await byId(page, 'sweep-cancel').click();
      const after = await waitState(page, 'cancelled', UI_TIMEOUT);
      check(after.done < 5000, `cancelled before the end: ${after.done}`);
      await page.waitForTimeout(1500);
      const still = await status(page);
      check(still.done === after.done, `nothing more arrives after Cancel (${after.done} then ${still.done})`);
      // The CSV is the head of the native file: instances 0..n-1 have seeds 1..n at any count.
      const n = Number(await byId(page, 'sweep-csv').getAttribute('data-instances'));
      check(n >= 1 && n <= after.done, `the CSV holds ${n} instances of ${after.done} done`);
      const head = await download(page, byId(page, 'sweep-csv'));
      const want = nativeSweep(oneSize(n));
      check(head === want, `the cancelled CSV's ${n} instances differ from hetlab sweep's:\n${head.slice(0, 300)}\n--\n${want.slice(0, 300)}`);
      // The page goes on working: another sweep runs to its end.
      await byId(page, 'sweep-pick').selectOption('lu');
      await poll('the lu sweep in the address', () => page.url(), (u) => u.includes('sweep=lu'), UI_TIMEOUT);
      await byId(page, 'sweep-run').click();
      await waitState(page, 'finished', 120_000);
    },
  },
  {
    name: 'experiments-bad-spec-and-address',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/experiments?sweep=nope'));
      const banner = await byId(page, 'experiments-url-problem').textContent();
      check(banner.includes('no built-in sweep "nope"') && banner.includes('chains'), `banner ${show(banner)}`);
      await load(page, h.url('/#/experiments?spec=v2.AAAA'));
      const cut = await byId(page, 'experiments-url-problem').textContent();
      check(cut.includes('spec=') && cut.includes('instead'), `banner ${show(cut)}`);
      // A spec with a bad size and an unknown algorithm: each problem named by its field.
      const bad = JSON.parse(oneSize(3));
      bad.grid.size = [12, 0];
      bad.algorithms = ['lp', 'nonesuch'];
      await page.locator('.sweep-spec summary').click();
      await byId(page, 'sweep-spec').fill(JSON.stringify(bad));
      const problems = await byId(page, 'sweep-spec-problems').textContent();
      check(problems.includes('grid.size[1]') && problems.includes('nonesuch'), `problems ${show(problems)}`);
      check(await byId(page, 'sweep-run').isDisabled(), 'Run is disabled while the spec is wrong');
      await byId(page, 'sweep-spec').fill('{"format": "hetlab-sweep", ');
      await visible(byId(page, 'sweep-spec-problems'), 'the problem of text that is not JSON');
      check(await byId(page, 'sweep-run').isDisabled(), 'Run is disabled on text that is not JSON');
    },
  },
];

// Issue 11, item 3 (chains.md §5.1, §10) on the chains page. chains-rb-tree and chains-rb-deep:
// RB's recursion tree; its numbers (nodes built, the root's split, the node split at a step) are
// compared whole with the native core's trace (`hetlab solve --trace`), on EX6 (5 processors;
// also the comparison table's time column) and on the 615 400-task preset (256 processors: the
// tree shows a window and says what it hides). chains-scenes: every §10 scene link opens its
// preset, algorithm and step (step counts and captions compared with the native trace).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LOAD_TIMEOUT, byId, check, expectStep, hashParams, load, poll, stepTotal, text, textWhere, visible,
} from '../lib.mjs';
import { native } from './built-sl.mjs';

const PRESETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'crates', 'core', 'presets');

/** `28/1` → `28`: the page prints integers without a denominator. */
const q = (v) => String(v).replace(/\/1$/, '');

/** The trace of `algo` on a preset, by the native command line. */
function traceOf(preset, algo) {
  const json = readFileSync(path.join(PRESETS, `${preset}.json`), 'utf8');
  return JSON.parse(native(['solve', '-', '--algorithm', algo, '--trace'], json)).trace;
}

/** The `rb_split` events of RB on a preset. */
const splitsOf = (preset) => traceOf(preset, 'rb').filter((s) => s.kind === 'rb_split');

const procs = (s) => (s.p === s.r ? `P${s.p}` : `P${s.p}..P${s.r}`);
/** The root's split as the page words it, from the first `rb_split` event. */
const rootText = (s) => `${procs(s)} after P${s.q}: s_${s.q} = ${s.s_q}; loads ${q(s.left_load)} and ${q(s.right_load)}`;

/** The processors of the highlighted node (its tooltip up to the first comma). */
async function highlighted(page) {
  const label = await page.locator('svg[data-testid="chains-rb-tree"] rect.rb-current').first().getAttribute('aria-label', { timeout: 2_000 });
  return (label ?? '').split(',')[0];
}

async function openAtEnd(h, page, preset) {
  await load(page, h.url(`/#/chains?preset=${preset}&algo=rb`));
  await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
  await visible(byId(page, 'chains-figure'), 'chains figure', LOAD_TIMEOUT);
  await page.keyboard.press('End');
  // The run may still be on its way from the worker: press End until the counter is at its end.
  let total = NaN;
  for (let i = 0; i < 50; i += 1) {
    total = await stepTotal(page);
    if (total > 0 && (await text(byId(page, 'step-count'))) === `Step ${total} / ${total}`) break;
    await page.keyboard.press('End');
    await new Promise((r) => setTimeout(r, 300));
  }
  await expectStep(page, `Step ${total} / ${total}`, LOAD_TIMEOUT);
  return total;
}

export const tests = [
  {
    // EX6: 4 splits, 9 nodes; stepping back from the result highlights the last split, then the
    // one before, and the tree loses the nodes the undone split had made.
    name: 'chains-rb-tree',
    async fn(h) {
      const page = h.lastPage;
      const splits = splitsOf('chains-ex6');
      check(splits.length === 4, `native splits: ${splits.length}`);
      const total = await openAtEnd(h, page, 'chains-ex6');
      await visible(byId(page, 'chains-rb-tree'), 'RB tree');
      const nodes = String(1 + 2 * splits.length);
      await textWhere(byId(page, 'chains-rb-nodes'), `${nodes} nodes`, (t) => t === nodes);
      await textWhere(byId(page, 'chains-rb-root'), 'root split', (t) => t === rootText(splits[0]));
      await textWhere(byId(page, 'chains-rb-current'), 'no split at the result step', (t) => t === 'none at this step');
      check((await page.locator('svg[data-testid="chains-rb-tree"] rect.rb-node').count()) === 1 + 2 * splits.length, 'every node drawn');
      // One step back: the last split (the step before the result) is highlighted.
      await page.keyboard.press('ArrowLeft');
      await expectStep(page, `Step ${total - 1} / ${total}`);
      const last = splits[splits.length - 1];
      await textWhere(byId(page, 'chains-rb-current'), 'last split highlighted', (t) => t.startsWith(`${procs(last)},`));
      const a = await highlighted(page);
      check(a === procs(last), `highlighted ${a}, expected ${procs(last)}`);
      await textWhere(byId(page, 'chains-rb-nodes'), `${nodes} nodes`, (t) => t === nodes);
      // Two steps back: the split before, and two nodes fewer.
      await page.keyboard.press('ArrowLeft');
      await expectStep(page, `Step ${total - 2} / ${total}`);
      const before = splits[splits.length - 2];
      await textWhere(byId(page, 'chains-rb-current'), 'previous split highlighted', (t) => t.startsWith(`${procs(before)},`));
      const b = await highlighted(page);
      check(b === procs(before) && b !== a, `highlighted ${b} after ${a}, expected ${procs(before)}`);
      const fewer = String(2 * splits.length - 1);
      await textWhere(byId(page, 'chains-rb-nodes'), `${fewer} nodes`, (t) => t === fewer);
      // The address bar follows within 0.2 s (src/ui/dom.rs: replacements are batched).
      await poll('step in the address', () => page.url(), (u) => hashParams(u).get('step') === String(total - 2));
      // Every algorithm side by side, each with the time it took in this browser (a number;
      // its value is not asserted).
      const table = byId(page, 'chains-compare');
      const head = await table.locator('thead th').allTextContents();
      check(head[4] === 'time (ms)', `comparison columns: ${head.join(' | ')}`);
      const times = await table.locator('tbody tr td:nth-child(5)').allTextContents();
      check(times.length === 10 && times.every((t) => /^\d+\.\d\d$/.test(t)), `times: ${times.join(' ')}`);
    },
  },
  {
    // 256 processors: 511 nodes; the drawing keeps a window of 4 levels and says what it hides.
    name: 'chains-rb-deep',
    async fn(h) {
      const page = h.lastPage;
      const splits = splitsOf('chains-stanford-berkeley');
      check(splits.length === 255, `native splits: ${splits.length}`);
      await openAtEnd(h, page, 'chains-stanford-berkeley');
      await textWhere(byId(page, 'chains-rb-nodes'), '511 nodes', (t) => t === '511');
      await textWhere(byId(page, 'chains-rb-root'), 'root split', (t) => t === rootText(splits[0]));
      await textWhere(byId(page, 'chains-rb-hidden'), 'what is hidden',
        (t) => t === 'Levels 1–4 of 9 are drawn; 496 of the 511 nodes built so far are hidden.');
      check((await page.locator('svg[data-testid="chains-rb-tree"] rect.rb-node').count()) === 15, '15 nodes drawn');
    },
  },
  {
    // chains.md §10's scenes are links on the page: each opens its preset, algorithm and step;
    // the two probe scenes open on the probe's first step, whose caption is the core's.
    name: 'chains-scenes',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/chains?preset=chains-ex1'));
      await visible(byId(page, 'chains-scenes'), 'scene links', LOAD_TIMEOUT);
      const links = byId(page, 'chains-scenes').locator('a');
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      check(hrefs.length === 8, `8 scenes: ${hrefs.join(' ')}`);
      for (let i = 0; i < hrefs.length; i += 1) {
        const href = hrefs[i];
        const params = new URLSearchParams(href.split('?')[1]);
        await byId(page, 'chains-scenes').locator('a').nth(i).click();
        // The page turns the preset into its instance (`i=`) in the address bar.
        await poll(`URL of ${href}`, () => page.url(), (u) => u.includes(`algo=${params.get('algo')}&`) || u.endsWith(`algo=${params.get('algo')}`));
        const trace = traceOf(params.get('preset'), params.get('algo'));
        const step = Number(params.get('step') ?? 0);
        await expectStep(page, `Step ${step} / ${trace.length}`, LOAD_TIMEOUT);
        if (step > 0) {
          const want = trace[step - 1].caption;
          await textWhere(byId(page, 'caption'), `caption of ${href}`, (t) => t === want);
          check(want.startsWith('Started a left-to-right probe with B = '), `probe scene caption: ${want}`);
        }
      }
    },
  },
];

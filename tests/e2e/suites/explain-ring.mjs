// Issue 34, the ring's homogeneous case as its two-line plot against W/H (ring.md §3, §11):
// on RH-1 (§12: w = [3, 1, 2, 6, 4], every c = 1/2, W = 10, H = 1) the panel draws
// T_step/H = (W/H)·1 for P1 alone and (W/H)·4/9 + 1 for all five, crossing at W/H = 9/5, with
// the instance's W/H = 10 marked at 49/9. The caption's threshold and value are compared with
// the native command line's document and with the spec's numbers; a ring whose links differ
// (RR-1) has no such panel.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_TIMEOUT, byId, check, load, norm, stepCount, text, textWhere, visible } from '../lib.mjs';
import { native } from './built-sl.mjs';

const PRESETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'crates', 'core', 'presets');
const preset = (name) => readFileSync(path.join(PRESETS, `${name}.json`), 'utf8');
const solve = (instance, algorithm) => JSON.parse(native(['solve', '-', '--algorithm', algorithm], instance));

/** Opens `hash` and waits for the player. */
async function open(h, page, hash) {
  await load(page, h.url(hash));
  await textWhere(stepCount(page), `${hash}: a step count`, (t) => /Step \d+ \/ \d+/.test(t), LOAD_TIMEOUT);
}

export const tests = [
  {
    name: 'ring-homogeneous-two-lines',
    async fn(h) {
      const page = h.lastPage;
      // The command line's closed form on RH-1: 49/9, all five, the threshold 9/5 in its note.
      const doc = solve(preset('ring-rh-1'), 'homogeneous');
      const t = String(doc.t_step ?? doc.objective?.value_exact ?? '');
      check(t === '49/9', `the CLI's T_step ${JSON.stringify(doc.t_step)} / ${JSON.stringify(doc.objective)}`);
      check((doc.notes ?? []).some((n) => n.includes('W/H ≤ 9/5')), `the CLI's note ${JSON.stringify(doc.notes)}`);
      // The panel is shown whatever the algorithm: it is the instance's, not the run's.
      for (const algo of ['homogeneous', 'exact']) {
        await open(h, page, `/#/ring?preset=ring-rh-1&algo=${algo}`);
        const panel = byId(page, 'ring-homogeneous');
        await visible(panel, `${algo}: the homogeneous panel`, LOAD_TIMEOUT);
        const caption = norm(await text(byId(page, 'ring-homogeneous-caption')));
        for (const want of [
          'Every link costs the same (c = 1/2)',
          'P1 alone, T_step/H = (W/H)·1 (orange)',
          'all 5 processors in any order, T_step/H = (W/H)·4/9 + 2·1/2',
          'The lines cross at W/H = 9/5',
          `This instance, W/H = 10 (red): all 5 processors, T_step/H = ${t}.`,
        ]) {
          check(caption.includes(want), `${algo}: the caption says "${want}": ${caption}`);
        }
        const plot = byId(page, 'ring-homogeneous-plot');
        check((await plot.locator('polyline.greedy').count()) === 1 && (await plot.locator('polyline.exact').count()) === 1, `${algo}: two lines`);
        check((await plot.locator('line.marker').count()) === 1, `${algo}: the cursor at W/H = 10`);
        const labels = await plot.locator('text').allTextContents();
        check(labels.includes('cross at 1.8') && labels.includes('P1 alone') && labels.includes('all 5') && labels.includes('W/H') && labels.includes('T_step/H'), `${algo}: the axes and the crossing ${labels}`);
        // The table: the grid 0, 25/16, …, 25/2 then this instance; §12's W = 10 row: 10 alone, 49/9 all.
        const tr = panel.locator('details.figure-data').last().locator('tbody tr');
        const table = [];
        for (let k = 0; k < (await tr.count()); k++) table.push((await tr.nth(k).locator('th, td').allTextContents()).map(norm).join(' '));
        check(table.length === 10, `${algo}: 9 grid rows and this instance's: ${table.length}`);
        check(table.includes('0 0 1') && table.includes('25/2 25/2 59/9') && table[table.length - 1] === '10 10 49/9', `${algo}: the table ${JSON.stringify(table)}`);
      }
      // RR-1's links differ: no homogeneous panel.
      await open(h, page, '/#/ring?preset=ring-rr-1&algo=exact');
      await visible(byId(page, 'ring-sweep'), 'RR-1: the W/H panel', LOAD_TIMEOUT);
      check((await byId(page, 'ring-homogeneous').count()) === 0, 'RR-1: no homogeneous panel');
    },
  },
];

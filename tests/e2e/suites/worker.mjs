// Solves in the background (issue 15 item 4, issue 11's 600k-task chain): a long run shows its
// panel and Cancel, the menus answer meanwhile, Cancel stops it and another algorithm replaces
// it; the 615 400-task preset solves in the worker without the page freezing, plays to its end
// and back, and its share link stays short.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import {
  LOAD_TIMEOUT, UI_TIMEOUT, byId, check, expectStep, load, poll, stepTotal, text, textWhere, visible,
} from '../lib.mjs';
import { native } from './built-sl.mjs';

/** The share payload (`i=`) of an instance as v1 links wrote it (raw DEFLATE, base64url). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const payload = (inst) => `v1.${deflateRawSync(Buffer.from(JSON.stringify(inst))).toString('base64url')}`;

/** Broadcast from Lyon's master under the unidirectional model (ring.md §9's complete graph, 14
 * nodes, 182 arcs): column generation over trees and matchings, about 5 s in headless Chromium. */
function lyonUnidirectional() {
  const lyon = JSON.parse(readFileSync(path.join(REPO_ROOT, 'crates/core/presets/lyon.json'), 'utf8'));
  const source = lyon.platform.nodes.find((v) => v.master).id;
  return { problem: 'broadcast', version: 1, platform: lyon.platform, source, port_model: 'unidirectional' };
}

/** Waits for the run to be under way in the worker (its panel and the Cancel button show). */
async function working(page) {
  await visible(byId(page, 'working'), 'the "solving in the background" panel', LOAD_TIMEOUT);
  await visible(byId(page, 'cancel'), 'the Cancel button');
}

export const tests = [
  {
    // No inline solving: where no Web Worker can start (here `Worker` is removed before the
    // page loads), an algorithm page says that solving needs one, and the page still works.
    name: 'no-worker-says-so',
    async fn(h) {
      const page = h.lastPage;
      await page.addInitScript(() => {
        delete window.Worker;
      });
      await load(page, h.url('/#/steady-state?preset=star-example-2&algo=tree'));
      await textWhere(byId(page, 'caption'), 'the caption saying solving needs a worker',
        (t) => t.includes('HetLab solves in a Web Worker') && t.includes('solving needs a browser with module workers'), LOAD_TIMEOUT);
      await byId(page, 'algo').selectOption('lp', { timeout: UI_TIMEOUT });
      await textWhere(byId(page, 'caption'), 'the same sentence for another algorithm',
        (t) => t.includes('HetLab solves in a Web Worker'), UI_TIMEOUT);
    },
  },
  {
    // A long run (Lyon's broadcast under the unidirectional model: a few seconds): the menus
    // answer while it works; Cancel stops it; "Run again" starts it again; picking another
    // algorithm replaces it and the page shows that result.
    name: 'worker-cancel-keeps-page',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url(`/#/broadcast?i=${payload(lyonUnidirectional())}&algo=lp`));
      await working(page);
      const options = await page.locator('select[data-testid="algo"] option').count();
      check(options > 3, `the algorithm menu should list the algorithms while solving, got ${options}`);
      await byId(page, 'cancel').click();
      await visible(byId(page, 'cancelled'), 'the cancelled panel');
      check((await byId(page, 'working').count()) === 0, 'the working panel should be gone after Cancel');
      await byId(page, 'retry').click();
      await working(page);
      await page.locator('select[data-testid="algo"]').selectOption('star', { timeout: UI_TIMEOUT });
      await visible(byId(page, 'player'), 'the player of the star overlay', LOAD_TIMEOUT);
      const total = await stepTotal(page);
      check(total > 0, `the star overlay should have steps, got ${total}`);
      check((await byId(page, 'working').count()) === 0, 'no run should be under way any more');
      await page.keyboard.press('End');
      await expectStep(page, `Step ${total} / ${total}`);
      const result = await text(byId(page, 'throughput'));
      check(/messages per time unit/.test(result), `the result should give the throughput, got "${result}"`);
    },
  },
  {
    // Issue 15 item 3: the unidirectional model on a 20-node platform (`hetlab gen broadcast
    // --seed 1 --size 20`, the default limit since the warm-started column generation) solves
    // in the worker to the native optimum (10/49) and plays to its last step.
    name: 'broadcast-uni-20-nodes',
    async fn(h) {
      const page = h.lastPage;
      const gen = JSON.parse(native(['gen', 'broadcast', '--seed', '1', '--size', '20']));
      const instance = JSON.stringify({ ...gen, port_model: 'unidirectional' });
      const want = JSON.parse(native(['solve', '-'], instance)).objective.value_exact;
      check(want === '10/49', `native optimum ${want}`);
      const payload = `v1.${deflateRawSync(Buffer.from(instance)).toString('base64url')}`;
      await load(page, h.url(`/#/broadcast?i=${payload}`));
      await visible(byId(page, 'player'), 'the player', LOAD_TIMEOUT);
      const total = await stepTotal(page);
      await page.keyboard.press('End');
      await expectStep(page, `Step ${total} / ${total}`);
      await textWhere(byId(page, 'throughput'), 'ρ* = 10/49', (t) => /^ρ\* = 10\/49 ≈ [0-9.]+ messages per time unit$/.test(t));
    },
  },
  {
    // The 615 400-task preset from the menu: solved in the worker, drawn, stepped back.
    name: 'chains-600k-preset',
    async fn(h) {
      const page = h.lastPage;
      // The main thread's long tasks (over 50 ms), and when the solve started (the working
      // panel, or the player when the run came back before the panel showed).
      await page.addInitScript(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration });
        }).observe({ type: 'longtask', buffered: true });
        window.__solveFrom = null;
        new MutationObserver(() => {
          if (window.__solveFrom === null && document.querySelector('[data-testid="working"], [data-testid="player"]')) {
            window.__solveFrom = performance.now();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await load(page, h.url('/#/chains?preset=chains-stanford-berkeley'));
      await visible(byId(page, 'player'), 'the player', LOAD_TIMEOUT);
      // The 615 400-task chain is solved in the worker while the page shows it under way. The
      // task that first draws the page (the app starting, 100–140 ms on a cold browser) ends
      // after the panel is in the DOM: only the tasks that start after it are reported.
      const { from, tasks } = await page.evaluate(() => ({ from: window.__solveFrom, tasks: window.__longTasks }));
      // The page showed the solve under way (the working panel or, for a fast solve, the
      // player): it was not blocked by it. Its long tasks are reported, not asserted: a
      // duration is wall-clock time, which depends on the machine's load (a 151 ms task was
      // once seen beside other builds; measured alone: one 50–150 ms task as the run arrives).
      check(from !== null, 'neither the working panel nor the player showed while the chain was solved');
      const after = tasks.filter((t) => t.start >= from).map((t) => Math.round(t.ms));
      console.log(`# chains-600k-preset: the page's long tasks during the solve (ms): ${JSON.stringify(after)}`);
      const caption = await textWhere(byId(page, 'caption'), 'the caption', (t) => t.length > 0);
      check(caption.includes('615400') || caption.includes('615 400'), `caption should name the 615 400 tasks: ${caption}`);
      const total = await stepTotal(page);
      await page.keyboard.press('End');
      await expectStep(page, `Step ${total} / ${total}`);
      await page.keyboard.press('ArrowLeft');
      await expectStep(page, `Step ${total - 1} / ${total}`);
      const link = await poll('the address bar to hold the workload', () => page.url(), (u) => u.includes('i=v'));
      check(link.length < 2000, `the share link should stay short (workload by name), got ${link.length} characters`);
    },
  },
];

// Issue 36: lessons. A teacher authors a three-slide lesson from two pages, exports it, and it
// plays from a file served by another local origin that allows it (CORS) — and gets a message
// from one that does not; forward, back and a deep link to slide 3; the embed at 960×640 shows
// everything; every built-in lesson plays every slide (each view shows a run and its caption).

import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LOAD_TIMEOUT, UI_TIMEOUT, byId, check, load, poll, show, text, textWhere, visible,
} from '../lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The embedded view of the slide shown: waits for its player and caption. */
async function viewShows(page, what) {
  const frame = page.frameLocator('[data-testid="lesson-view"]');
  const step = await textWhere(frame.locator('[data-testid="step-count"]'), `${what}: the view's player`, (t) => /^Step \d+ \/ \d+$/.test(t), LOAD_TIMEOUT);
  const caption = await textWhere(frame.locator('[data-testid="caption"]'), `${what}: the view's caption`, (t) => t.length > 5, LOAD_TIMEOUT);
  return { step, caption };
}

/** Waits until slide `k` (1-based) is shown. */
async function atSlide(page, k) {
  await poll(`slide ${k}`, () => byId(page, 'lesson-player').getAttribute('data-slide'), (v) => v === String(k), UI_TIMEOUT);
}

/** Serves `body` at /lesson.json on a free port, with or without CORS; resolves to its URL. */
function serve(body, cors) {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      const headers = { 'Content-Type': 'application/json' };
      if (cors) headers['Access-Control-Allow-Origin'] = '*';
      res.writeHead(req.url === '/lesson.json' ? 200 : 404, headers);
      res.end(req.url === '/lesson.json' ? body : 'not found');
    });
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/lesson.json`, server }));
  });
}

export const tests = [
  {
    name: 'lesson-builtins-play-every-slide',
    timeout: 300_000,
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/lesson'));
      await visible(byId(page, 'lesson-index'), 'the lessons index', LOAD_TIMEOUT);
      const names = await page.locator('[data-testid^="lesson-builtin-"]').evaluateAll((as) => as.map((a) => a.dataset.testid.replace('lesson-builtin-', '')));
      check(names.length >= 2, `built-in lessons: ${show(names)}`);
      for (const name of names) {
        await load(page, h.url(`/#/lesson?builtin=${name}`));
        await visible(byId(page, 'lesson-player'), `${name}: the player`, LOAD_TIMEOUT);
        const total = Number((await text(byId(page, 'lesson-position'))).match(/of (\d+)/)[1]);
        const file = JSON.parse(readFileSync(path.join(ROOT, 'crates', 'core', 'lessons', `${name}.json`), 'utf8'));
        check(file.slides.length === total, `${name}: ${total} slides shown, ${file.slides.length} in the file`);
        for (let k = 1; k <= total; k++) {
          await atSlide(page, k);
          const { step } = await viewShows(page, `${name} slide ${k}`);
          check(!/^Step 0 \/ 0$/.test(step), `${name} slide ${k}: the view has a run (${step})`);
          const view = file.slides[k - 1].view;
          const want = Math.min(view.step ?? view.start ?? 0, Number(step.match(/\/ (\d+)$/)[1]));
          check(step.startsWith(`Step ${want} /`), `${name} slide ${k}: opens at step ${want}, shows ${step}`);
          const side = await page.frameLocator('[data-testid="lesson-view"]').locator('.side-col').count();
          check((side > 0) === Boolean(view.panels), `${name} slide ${k}: side panels ${side > 0}, the file says ${Boolean(view.panels)}`);
          // Embedded, the slide's page offers no way out of the lesson (practice, the editor).
          const exits = await page.frameLocator('[data-testid="lesson-view"]').locator('[data-testid="practice-tab"], [data-testid="add-to-lesson"]').count();
          check(exits === 0, `${name} slide ${k}: ${exits} links out of the lesson in the frame`);
          if (k < total) await byId(page, 'lesson-next').click();
        }
        check(await byId(page, 'lesson-next').isDisabled(), `${name}: Next stops at the last slide`);
      }
    },
  },
  {
    name: 'lesson-authored-exported-and-fetched',
    timeout: 240_000,
    async fn(h) {
      const page = h.lastPage;
      // Three views from two pages.
      const views = [
        '/#/chains?preset=chains-ex1&algo=nicol&step=5',
        '/#/steady-state?preset=example-1&algo=lp&step=3',
        '/#/chains?preset=chains-ex1&algo=rb&step=13',
      ];
      for (const [k, v] of views.entries()) {
        await load(page, h.url(v));
        await visible(byId(page, 'add-to-lesson'), 'Add to lesson', LOAD_TIMEOUT);
        await byId(page, 'add-to-lesson').click();
        await textWhere(byId(page, 'add-to-lesson-said'), 'the confirmation', (t) => t.includes(`slide ${k + 1}`));
      }
      await load(page, h.url('/#/lesson?edit=1'));
      await visible(byId(page, 'lesson-editor'), 'the editor', LOAD_TIMEOUT);
      check(await byId(page, 'lesson-slide').count() === 3, 'three slides');
      await byId(page, 'lesson-title').fill('Two families');
      await byId(page, 'lesson-slide-text').nth(2).fill('RB: *recursive* bisection, $\\rho \\le 2$.');
      const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), byId(page, 'lesson-export').click()]);
      const file = readFileSync(await dl.path(), 'utf8');
      const json = JSON.parse(file);
      check(json.format === 'hetlab-lesson' && json.slides.length === 3 && json.title === 'Two families', show(json).slice(0, 200));
      check(json.slides[1].view.page === 'steady-state' && json.slides[1].view.algorithm === 'lp' && json.slides[1].view.step === 3, show(json.slides[1]));
      // Served by another origin that allows it: it plays, forward and back, and deep-links.
      const open = await serve(file, true);
      const closed = await serve(file, false);
      try {
        await load(page, h.url(`/#/lesson?src=${encodeURIComponent(open.url)}`));
        await visible(byId(page, 'lesson-player'), 'the fetched lesson', LOAD_TIMEOUT);
        await atSlide(page, 1);
        await viewShows(page, 'slide 1');
        await page.keyboard.press('ArrowRight');
        await atSlide(page, 2);
        const { step } = await viewShows(page, 'slide 2');
        check(step.startsWith('Step 3 /'), `slide 2 opens at its step: ${step}`);
        await byId(page, 'lesson-next').click();
        await atSlide(page, 3);
        const said = await text(byId(page, 'lesson-text'));
        check(said.includes('RB: recursive bisection, ρ ≤ 2.'), `slide 3's text: ${show(said)}`);
        check(await page.locator('[data-testid="lesson-text"] em').count() === 1, 'emphasis rendered');
        await byId(page, 'lesson-prev').click();
        await atSlide(page, 2);
        await load(page, h.url(`/#/lesson?src=${encodeURIComponent(open.url)}&slide=3`));
        await atSlide(page, 3);
        // Another origin without CORS: a message that names the cause and the fixes (the
        // browser logs the refused request, as it should).
        h.allowErrors(/blocked by CORS policy|net::ERR_FAILED/);
        await load(page, h.url(`/#/lesson?src=${encodeURIComponent(closed.url)}`));
        const msg = await textWhere(byId(page, 'lesson-error'), 'the CORS message', (t) => t.includes('CORS'), LOAD_TIMEOUT);
        check(msg.includes('Host the file beside this site'), show(msg));
      } finally {
        open.server.close();
        closed.server.close();
      }
      // A damaged link and an unknown built-in get sentences, not a broken page.
      await load(page, h.url('/#/lesson?l=v2.garbage'));
      await textWhere(byId(page, 'lesson-error'), 'the damaged link\'s message', (t) => t.includes('copy the whole link again'), LOAD_TIMEOUT);
      await load(page, h.url('/#/lesson?builtin=nope'));
      await textWhere(byId(page, 'lesson-error'), 'the unknown lesson\'s message', (t) => t.includes('not a built-in lesson'), LOAD_TIMEOUT);
    },
  },
  {
    name: 'lesson-embed-fits-640',
    async fn(h) {
      const page = h.lastPage;
      await page.setViewportSize({ width: 960, height: 640 });
      await load(page, h.url('/#/lesson?builtin=chains&embed=1&slide=2'));
      await visible(byId(page, 'lesson-player'), 'the embedded lesson', LOAD_TIMEOUT);
      await viewShows(page, 'embed slide 2');
      check(await page.locator('header.site-header').count() === 0, 'no site header in the embed');
      for (const id of ['lesson-view', 'lesson-next', 'lesson-prev', 'lesson-text']) {
        const box = await byId(page, id).boundingBox();
        check(box && box.y >= 0 && box.y + Math.min(box.height, 40) <= 640 && box.x + box.width <= 960, `${id} inside the 960×640 frame: ${show(box)}`);
      }
      const next = await byId(page, 'lesson-next').boundingBox();
      check(next.y + next.height <= 640, `Next is visible: ${show(next)}`);
      const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      check(sw <= cw, `no sideways scroll: ${sw} > ${cw}`);
    },
  },
];

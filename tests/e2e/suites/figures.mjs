// Figures that stay readable (issue 16): the editor's drag follows the pointer at every zoom,
// zoom and pan by keys and buttons, no sideways scrolling at 390 px on any page, figure text
// never under 11 CSS px, the player visible right under the figure on phones, the large-type
// mode, and screenshots of Lyon, Strasbourg, a 40-node broadcast and a 64-processor square at
// their last step (desktop and phone) with zero overlapping text boxes, computed from the DOM.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import {
  LOAD_TIMEOUT,
  UI_TIMEOUT,
  poll,
  visible,
  check,
  byId,
  load,
  openPreset,
  stepCount,
  textWhere,
  stepTotal,
  rng,
} from '../lib.mjs';

const SHOTS = path.resolve(process.env.HETLAB_SCREENSHOTS || path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'target', 'screenshots'));
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A share payload (`v1.` + base64url of raw DEFLATE of the JSON), as the site encodes it. */
export function payload(instance) {
  return `v1.${deflateRawSync(Buffer.from(JSON.stringify(instance))).toString('base64url')}`;
}


/** A connected random broadcast platform of `n` nodes and about 2n links (seeded). */
export function broadcast40(n = 40, seed = 16) {
  const r = rng(seed);
  const links = [];
  const seen = new Set();
  const add = (a, b) => {
    const k = a < b ? `${a}-${b}` : `${b}-${a}`;
    if (a === b || seen.has(k)) return;
    seen.add(k);
    links.push({ from: a, to: b, c: 1 + Math.floor(r() * 5) });
  };
  for (let v = 1; v < n; v++) add(v, Math.floor(r() * v));
  while (links.length < 2 * n) add(Math.floor(r() * n), Math.floor(r() * n));
  const nodes = Array.from({ length: n }, (_, i) => ({ id: i }));
  return { problem: 'broadcast', version: 1, platform: { format: 'hetlab-platform', version: 1, name: `random broadcast, ${n} nodes`, nodes, links }, source: 0 };
}

/** 64 processors with speeds 1..9 (seeded). */
export function square64(seed = 64) {
  const r = rng(seed);
  return { problem: 'square-partition', version: 1, speeds: Array.from({ length: 64 }, () => 1 + Math.floor(r() * 9)) };
}

/** Pairs of visible text boxes inside the page's figures that overlap (by more than 0.5 px). */
function overlappingTexts(page) {
  return page.evaluate(() => {
    const boxes = [];
    for (const t of document.querySelectorAll('[data-testid="figure"] svg text')) {
      const r = t.getBoundingClientRect();
      const style = getComputedStyle(t);
      if (r.width < 0.5 || r.height < 0.5 || style.display === 'none' || style.visibility === 'hidden') continue;
      boxes.push({ text: t.textContent, r });
    }
    const out = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r;
        const b = boxes[j].r;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 0.5 && h > 0.5) out.push(`"${boxes[i].text}" × "${boxes[j].text}"`);
      }
    }
    return { count: boxes.length, overlaps: out };
  });
}

/** The smallest rendered font size (CSS px) of the text in the page's figures. */
export function smallestFigureText(page) {
  return page.evaluate(() => {
    let min = Infinity;
    let which = '';
    for (const svg of document.querySelectorAll('[data-testid="figure"] svg')) {
      const m = svg.getScreenCTM();
      if (!m) continue;
      const scale = Math.hypot(m.a, m.b);
      for (const t of svg.querySelectorAll('text')) {
        if (!t.textContent.trim() || t.getBoundingClientRect().width === 0) continue;
        const px = parseFloat(getComputedStyle(t).fontSize) * scale;
        if (px < min) {
          min = px;
          which = t.textContent;
        }
      }
    }
    return { min, which };
  });
}

/** Opens `route` and waits for the player, then goes to the last step. */
async function openAtEnd(page, h, route) {
  await load(page, h.url(route));
  await visible(byId(page, 'player'), `player of ${route}`, LOAD_TIMEOUT);
  await textWhere(stepCount(page), 'a step count', (t) => /Step \d+ \/ \d+/.test(t), LOAD_TIMEOUT);
  const total = await stepTotal(page);
  await page.keyboard.press('End');
  await textWhere(stepCount(page), `step ${total}`, (t) => t.startsWith(`Step ${total} /`));
}

/** Centre of a graph node's disc, in page coordinates. */
async function nodeCentre(page, id) {
  const b = await page.locator(`svg[data-testid="graph"] [data-testid="node-${id}"] circle`).boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

async function dragTo(page, id, to) {
  const from = await nodeCentre(page, id);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= 8; k++) {
    await page.mouse.move(from.x + ((to.x - from.x) * k) / 8, from.y + ((to.y - from.y) * k) / 8);
  }
  await page.mouse.up();
  return poll(
    `node ${id} at (${to.x.toFixed(0)}, ${to.y.toFixed(0)})`,
    () => nodeCentre(page, id),
    (c) => Math.abs(c.x - to.x) <= 1.5 && Math.abs(c.y - to.y) <= 1.5,
  );
}

const ROUTES = [
  '#/', '#/platform', '#/steady-state', '#/broadcast', '#/square-partition', '#/lu', '#/chains',
  '#/scatter', '#/master-slave', '#/ring', '#/divisible', '#/steady-state?preset=lyon',
  '#/square-partition?preset=square-7-5&algo=recursive',
];

export const tests = [
  {
    // The dragged node lands exactly under the pointer, in the far corner too, zoomed or not.
    name: 'figures-editor-drag',
    async fn(h) {
      const page = h.lastPage;
      await page.setViewportSize(DESKTOP);
      await openPreset(h, page, 'star-example-2', 5);
      const svg = await page.locator('svg[data-testid="graph"]').boundingBox();
      const ids = await page.locator('svg[data-testid="graph"] [data-testid^="node-"]').evaluateAll(
        (els) => els.map((e) => e.getAttribute('data-testid').slice(5)),
      );
      // Bottom-right corner (the right 40 % was unreachable before).
      await dragTo(page, ids[1], { x: svg.x + svg.width - 30, y: svg.y + svg.height - 30 });
      await dragTo(page, ids[2], { x: svg.x + svg.width * 0.7, y: svg.y + 40 });
      // Zoomed in twice, a drag still follows the pointer (a node put in the middle first, so
      // that it stays in view).
      await dragTo(page, ids[3], { x: svg.x + svg.width / 2, y: svg.y + svg.height / 2 });
      await byId(page, 'zoom-in').click();
      await byId(page, 'zoom-in').click();
      await poll('zoomed view box', () => page.locator('svg[data-testid="graph"]').getAttribute('viewBox'), (v) => !v.startsWith('0.00 0.00 800'));
      // A node still in view after zooming, dragged a little.
      let inView = null;
      for (const id of ids) {
        const c = await nodeCentre(page, id);
        if (c.x > svg.x + 60 && c.x < svg.x + svg.width - 60 && c.y > svg.y + 60 && c.y < svg.y + svg.height - 60) {
          inView = { id, c };
          break;
        }
      }
      check(inView !== null, 'no node in view after zooming');
      await dragTo(page, inView.id, { x: inView.c.x + 40, y: inView.c.y - 25 });
      await byId(page, 'zoom-reset').click();
      await poll('view box reset', () => page.locator('svg[data-testid="graph"]').getAttribute('viewBox'), (v) => v.startsWith('0.00 0.00'));
      // The dragged corner node is still in the corner after the reset.
      const back = await nodeCentre(page, ids[1]);
      check(Math.abs(back.x - (svg.x + svg.width - 30)) <= 1.5, `corner node moved to ${back.x}`);
    },
  },

  {
    // Keys zoom and pan the focused figure (and do not step the player); 0 resets.
    name: 'figures-zoom-keys',
    async fn(h) {
      const page = h.lastPage;
      await page.setViewportSize(DESKTOP);
      await load(page, h.url('/#/steady-state?preset=lyon&algo=lp&step=3'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await textWhere(stepCount(page), 'step 3', (t) => t.startsWith('Step 3 /'), LOAD_TIMEOUT);
      const svg = page.locator('svg[data-testid="graph"]');
      const home = await svg.getAttribute('viewBox');
      await svg.focus();
      await page.keyboard.press('+');
      await poll('zoomed view box', () => svg.getAttribute('viewBox'), (v) => v !== home);
      const zoomed = await svg.getAttribute('viewBox');
      await page.keyboard.press('ArrowRight');
      await poll('panned view box', () => svg.getAttribute('viewBox'), (v) => v !== zoomed);
      check((await stepCount(page).textContent()).includes('Step 3 /'), 'arrow key on the figure stepped the player');
      await page.keyboard.press('0');
      await poll('reset view box', () => svg.getAttribute('viewBox'), (v) => v === home);
    },
  },

  {
    // 390 px: no page scrolls sideways; figure text is at least 11 CSS px; once the figure is
    // scrolled into view, the player under it is visible too.
    name: 'figures-phone-width',
    async fn(h) {
      const page = h.lastPage;
      await page.setViewportSize(PHONE);
      const problems = [];
      for (const route of ROUTES) {
        await load(page, h.url(`/${route}`));
        await visible(page.locator('main > *'), `page ${route}`, LOAD_TIMEOUT);
        await poll(`${route} rendered`, () => page.locator('main').textContent(), (t) => t.length > 40, LOAD_TIMEOUT);
        const w = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        if (w.scroll > w.inner) problems.push(`${route}: scrollWidth ${w.scroll} > ${w.inner}`);
        const small = await smallestFigureText(page);
        if (small.min < 10.95) problems.push(`${route}: figure text "${small.which}" at ${small.min.toFixed(1)} px`);
        if (await byId(page, 'player').count()) {
          await byId(page, 'figure').first().evaluate((e) => e.scrollIntoView({ block: 'start' }));
          const bottom = await byId(page, 'player').first().evaluate((e) => e.getBoundingClientRect().bottom);
          if (bottom > PHONE.height) problems.push(`${route}: player ends at ${bottom.toFixed(0)} px, below the fold`);
        }
      }
      check(problems.length === 0, problems.join('; '));
    },
  },

  {
    // 390 px: a line plot is drawn at the size it is shown, in device pixels (its 13 px text
    // stays 13 px instead of shrinking with a 780 px canvas), not flattened, and the LU page's
    // plots fit the width.
    name: 'plots-phone-width',
    async fn(h) {
      const page = h.lastPage;
      await page.setViewportSize(PHONE);
      for (const [route, id] of [
        ['/#/steady-state?preset=example-1&algo=lp', 'throughput-plot'],
        ['/#/lu?preset=lu-set-a&algo=2d-dp', 'compare-plot-a'],
      ]) {
        await load(page, h.url(route));
        await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
        await page.keyboard.press('End');
        await visible(byId(page, id), id);
        const size = () => byId(page, id).evaluate((c) => ({ w: c.width, h: c.height, shown: c.clientWidth, shownH: c.clientHeight, dpr: devicePixelRatio }));
        const s = await poll(`${id} drawn at its shown size`, size, (v) => v.shown > 0 && Math.abs(v.w - Math.round(v.shown * v.dpr)) <= 1);
        check(s.shown <= PHONE.width && s.shownH >= 200, `${id}: shown ${s.shown} × ${s.shownH} px`);
        const w = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        check(w.scroll <= w.inner, `${route}: scrollWidth ${w.scroll} > ${w.inner}`);
      }
    },
  },

  {
    // The large-type toggle scales the figure's text and is remembered.
    name: 'figures-large-type',
    async fn(h) {
      const page = h.lastPage;
      await page.setViewportSize(DESKTOP);
      await load(page, h.url('/#/steady-state?preset=lyon'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      const before = await smallestFigureText(page);
      await byId(page, 'large-type').click();
      await poll('large text in the figure', () => smallestFigureText(page), (s) => s.min > before.min * 1.2);
      await page.reload();
      await visible(byId(page, 'player'), 'player after reload', LOAD_TIMEOUT);
      check(await page.evaluate(() => document.documentElement.classList.contains('large-type')), 'large type not remembered');
      check((await byId(page, 'large-type').getAttribute('aria-pressed')) === 'true', 'toggle not pressed after reload');
    },
  },

  ...[
    ['lyon', '/#/steady-state?preset=lyon&algo=lp'],
    ['strasbourg', '/#/steady-state?preset=strasbourg&algo=lp'],
    ['broadcast-40', () => `/#/broadcast?i=${payload(broadcast40())}`],
    ['square-64', () => `/#/square-partition?i=${payload(square64())}`],
    ['square-7-5', '/#/square-partition?preset=square-7-5&algo=recursive'],
  ].flatMap(([what, route]) => [['desktop', DESKTOP], ['phone', PHONE]].map(([size, viewport]) => ({
    // Screenshots at the last step (target/screenshots/figures-shot-<what>-<size>.png) with
    // zero overlapping text boxes.
    name: `figures-shot-${what}-${size}`,
    async fn(h) {
      const page = h.lastPage;
      await page.setViewportSize(viewport);
      await openAtEnd(page, h, typeof route === 'function' ? route() : route);
      await byId(page, 'figure').first().evaluate((e) => e.scrollIntoView({ block: 'start' }));
      // The figure alone, to look at (the runner also keeps the whole page).
      mkdirSync(SHOTS, { recursive: true });
      await byId(page, 'figure').first().screenshot({ path: path.join(SHOTS, `figures-figure-${what}-${size}.png`) });
      const o = await overlappingTexts(page);
      check(o.count > 0, 'no text in the figure');
      check(o.overlaps.length === 0, `${o.overlaps.length} overlapping labels: ${o.overlaps.slice(0, 8).join(', ')}`);
      const small = await smallestFigureText(page);
      check(small.min >= 10.95, `figure text "${small.which}" at ${small.min.toFixed(1)} px`);
    },
  }))),
];

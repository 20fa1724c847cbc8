// Issue 32, items 4–5: on every family page, at a projector's 1280×800 and a phone's 390×844,
// in both themes, the figure and the player are both on the first screen, nothing scrolls
// sideways (neither the page nor a figure inside its card) and no figure text is under 11 px.
// The first screen of each is saved as target/screenshots/layout-<page>-<size>-<theme>.png.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_TIMEOUT, visible, check, byId, load, stepCount, textWhere } from '../lib.mjs';
import { smallestFigureText } from './figures.mjs';

const SHOTS = path.resolve(process.env.HETLAB_SCREENSHOTS || path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'target', 'screenshots'));
const PAGES = ['steady-state', 'broadcast', 'square-partition', 'lu', 'chains', 'ring', 'scatter', 'master-slave', 'divisible'];
const SIZES = { projector: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** Every page at one size and theme: what does not fit, in sentences. */
async function misfits(h, page, size, theme) {
  const { width, height } = SIZES[size];
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: theme });
  const problems = [];
  for (const family of PAGES) {
    await load(page, h.url(`/#/${family}`));
    await visible(byId(page, 'player'), `${family}: the player`, LOAD_TIMEOUT);
    await textWhere(stepCount(page), 'a step count', (t) => /Step \d+ \/ \d+/.test(t), LOAD_TIMEOUT);
    await page.keyboard.press('End');
    await textWhere(stepCount(page), 'the last step', (t) => /Step (\d+) \/ \1$/.test(t));
    const m = await page.evaluate(() => ({
      figure: document.querySelector('[data-testid="figure"]').getBoundingClientRect().bottom,
      player: document.querySelector('[data-testid="player"]').getBoundingClientRect().bottom,
      scroll: document.documentElement.scrollWidth - innerWidth,
      // Inside the figure cards too: a figure narrows to its card, it never scrolls in it.
      cards: [...document.querySelectorAll('.figure')].map((e) => e.scrollWidth - e.clientWidth).filter((d) => d > 0),
      top: scrollY,
    }));
    const where = `${family} at ${size} (${theme})`;
    if (m.top !== 0) problems.push(`${where}: the page opened scrolled by ${m.top} px`);
    if (m.figure > height) problems.push(`${where}: the figure ends at ${Math.round(m.figure)} px, below ${height}`);
    if (m.player > height) problems.push(`${where}: the player ends at ${Math.round(m.player)} px, below ${height}`);
    if (m.scroll > 0) problems.push(`${where}: the page scrolls sideways by ${m.scroll} px`);
    if (m.cards.length) problems.push(`${where}: a figure card scrolls sideways by ${Math.max(...m.cards)} px`);
    const small = await smallestFigureText(page);
    if (small.min < 10.95) problems.push(`${where}: figure text "${small.which}" at ${small.min.toFixed(1)} px`);
    await page.screenshot({ path: path.join(SHOTS, `layout-${family}-${size}-${theme}.png`) });
  }
  return problems;
}

/** The Gantt charts' texts: their size in CSS px and the boxes of the time labels. */
function ganttTexts(page) {
  return page.evaluate(() => [...document.querySelectorAll('[data-testid="gantt"] svg')].map((svg) => {
    const scale = Math.hypot(svg.getScreenCTM().a, svg.getScreenCTM().b);
    const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim());
    const small = Math.min(...texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
    const svgBox = svg.getBoundingClientRect();
    const guides = [...svg.querySelectorAll('g.guide text')].map((t) => t.getBoundingClientRect());
    const overlaps = guides.filter((a, i) => guides.slice(i + 1).some((b) => a.right > b.left + 0.5 && b.right > a.left + 0.5)).length;
    const outside = guides.filter((b) => b.left < svgBox.left - 0.5 || b.right > svgBox.right + 0.5).length;
    return { small, overlaps, outside, labels: guides.length };
  }));
}

/** What covers what on the page's graph figure, in sentences: a node's note over a link's
 * stroke, a text or a node under the zoom buttons. */
function coveredInGraph(page) {
  return page.evaluate(() => {
    const problems = [];
    const svg = document.querySelector('[data-testid="figure"] svg');
    const bar = document.querySelector('.zoom-bar')?.getBoundingClientRect();
    if (!svg || !bar) return ['no graph figure with zoom buttons'];
    const m = svg.getScreenCTM();
    const scale = Math.hypot(m.a, m.b);
    const at = (x, y) => ({ x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f });
    const strokes = [...svg.querySelectorAll('line:not(.hit)')].map((l) => ({
      a: at(+l.getAttribute('x1'), +l.getAttribute('y1')),
      b: at(+l.getAttribute('x2'), +l.getAttribute('y2')),
      half: (parseFloat(getComputedStyle(l).strokeWidth) * scale) / 2,
    }));
    // Liang–Barsky: does the segment meet the box grown by `half`?
    const meets = (r, { a, b, half }) => {
      const [dx, dy] = [b.x - a.x, b.y - a.y];
      let [t0, t1] = [0, 1];
      for (const [p, q] of [[-dx, a.x - (r.left - half)], [dx, r.right + half - a.x], [-dy, a.y - (r.top - half)], [dy, r.bottom + half - a.y]]) {
        if (p === 0) { if (q < 0) return false; } else if (p < 0) t0 = Math.max(t0, q / p); else t1 = Math.min(t1, q / p);
      }
      return t0 <= t1;
    };
    const inside = (r) => r.right > bar.left + 0.5 && r.left < bar.right - 0.5 && r.bottom > bar.top + 0.5 && r.top < bar.bottom - 0.5;
    for (const t of svg.querySelectorAll('text.note')) {
      // The glyphs' own box (a little inside the element's, which holds the line height).
      const r = t.getBoundingClientRect();
      const g = { left: r.left + 1, right: r.right - 1, top: r.top + 2, bottom: r.bottom - 2 };
      if (strokes.some((s) => meets(g, s))) problems.push(`the note "${t.textContent}" crosses a link`);
    }
    for (const t of svg.querySelectorAll('text, circle')) {
      if (inside(t.getBoundingClientRect())) problems.push(`"${t.textContent || t.tagName}" under the zoom buttons`);
    }
    return problems;
  });
}

const GANTTS = ['/#/steady-state?preset=example-1&algo=lp', '/#/broadcast?preset=broadcast-e2&algo=lp', '/#/broadcast?preset=broadcast-e6&algo=lp'];

export const tests = [
  {
    // Item 5: on a phone the Gantt charts of steady state and broadcast had 5–6 px text (an
    // 800-unit drawing shown 370 px wide); item 6: their time labels overlapped.
    name: 'gantt-text-readable-on-a-phone',
    async fn(h) {
      const page = h.lastPage;
      const problems = [];
      for (const [size, vp] of Object.entries(SIZES)) {
        await page.setViewportSize(vp);
        for (const route of GANTTS) {
          await load(page, h.url(route));
          await visible(byId(page, 'player'), `${route}: the player`, LOAD_TIMEOUT);
          await page.keyboard.press('End');
          await visible(byId(page, 'gantt').first(), `${route}: the Gantt chart`, LOAD_TIMEOUT);
          for (const g of await ganttTexts(page)) {
            if (g.small < 10.95) problems.push(`${route} at ${size}: Gantt text at ${g.small.toFixed(1)} px`);
            if (g.overlaps) problems.push(`${route} at ${size}: ${g.overlaps} overlapping time labels`);
            if (g.outside) problems.push(`${route} at ${size}: ${g.outside} time labels outside the chart`);
            if (g.labels < 2) problems.push(`${route} at ${size}: ${g.labels} time labels`);
          }
        }
      }
      check(problems.length === 0, problems.join('; '));
    },
  },
  {
    // Issue 32: broadcast E2 on a phone drew b's and a's notes over the a–b arcs and the
    // source's note under the zoom buttons.
    name: 'graph-notes-clear-of-links-and-zoom-buttons',
    async fn(h) {
      const page = h.lastPage;
      const problems = [];
      for (const [size, vp] of Object.entries(SIZES)) {
        await page.setViewportSize(vp);
        for (const route of ['/#/broadcast?preset=broadcast-e2&algo=lp', '/#/steady-state?preset=example-1&algo=lp']) {
          await load(page, h.url(route));
          await visible(byId(page, 'player'), `${route}: the player`, LOAD_TIMEOUT);
          await page.keyboard.press('End');
          await textWhere(stepCount(page), 'the last step', (t) => /Step (\d+) \/ \1$/.test(t));
          const notes = await page.locator('[data-testid="figure"] svg text.note').count();
          if (notes === 0) problems.push(`${route} at ${size}: no node note drawn`);
          problems.push(...(await coveredInGraph(page)).map((p) => `${route} at ${size}: ${p}`));
        }
      }
      check(problems.length === 0, problems.join('; '));
    },
  },
  ...Object.keys(SIZES).flatMap((size) => ['light', 'dark'].map((theme) => ({
  name: `layout-first-screen-${size}-${theme}`,
  async fn(h) {
    const problems = await misfits(h, h.lastPage, size, theme);
    check(problems.length === 0, problems.join('; '));
  },
}))),
];

// Issue 32, item 6: dense figures stay readable. On the dense instances at their last
// step, at a projector's 1280×800 and a phone's 390×844, in both themes: no two texts of a
// figure (the main drawing and its Gantt charts) overlap, no text crosses its drawing's bounds,
// and none is under 11 CSS px. The instances are written by the CLI's generators
// (`hetlab gen … --seed 2 --size N`, encoded by `hetlab encode`) or are presets.

import { LOAD_TIMEOUT, visible, check, byId, load, stepCount, textWhere } from '../lib.mjs';
import { smallestFigureText } from './figures.mjs';
import { native } from './built-sl.mjs';

const SIZES = { projector: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** The share payload of `hetlab gen <problem> --seed 2 --size <n>`, by the native command line. */
const generated = (problem, n) => native(['encode', '-'], native(['gen', problem, '--seed', '2', '--size', String(n)]));

const CHAINS = ['ex1', 'ex2', 'ex3', 'ex4', 'ex5', 'ex6', 'ex7', 'ex8', 'cp1', 'cp2'];

/** Every dense route of the issue: [name, route]. */
function routes() {
  return [
    ['broadcast-40', `/#/broadcast?i=${generated('broadcast', 40)}&algo=lp`],
    ['lyon', '/#/steady-state?preset=lyon&algo=lp'],
    ['strasbourg', '/#/steady-state?preset=strasbourg&algo=lp'],
    ['square-64', `/#/square-partition?i=${generated('square-partition', 64)}&algo=column-dp`],
    ['dl-18', '/#/divisible?preset=divisible-dl18'],
    ...CHAINS.map((c) => [`chains-${c}`, `/#/chains?preset=chains-${c}`]),
  ];
}

/** What is wrong with the texts of the page's figures, in sentences (at most a few per figure). */
function textProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const svgs = [...document.querySelectorAll('[data-testid="figure"] svg, [data-testid="gantt"] svg')]
      .filter((svg, i, all) => all.indexOf(svg) === i && !svg.parentElement.closest('svg'));
    for (const svg of svgs) {
      const m = svg.getScreenCTM();
      if (!m) continue;
      const scale = Math.hypot(m.a, m.b);
      const box = svg.getBoundingClientRect();
      const texts = [];
      for (const t of svg.querySelectorAll('text')) {
        const r = t.getBoundingClientRect();
        const s = getComputedStyle(t);
        if (!t.textContent.trim() || r.width < 0.5 || s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0') continue;
        texts.push({ t: t.textContent.trim(), r, px: parseFloat(s.fontSize) * scale });
      }
      const found = [];
      for (const a of texts) {
        if (a.px < 10.95) found.push(`"${a.t}" at ${a.px.toFixed(1)} px`);
        if (a.r.left < box.left - 0.5 || a.r.right > box.right + 0.5 || a.r.top < box.top - 0.5 || a.r.bottom > box.bottom + 0.5) {
          found.push(`"${a.t}" outside the drawing`);
        }
      }
      for (let i = 0; i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
          const a = texts[i].r;
          const b = texts[j].r;
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 0.5 && h > 0.5) found.push(`"${texts[i].t}" over "${texts[j].t}"`);
        }
      }
      if (found.length) {
        const name = svg.getAttribute('aria-label') || svg.getAttribute('class') || 'a drawing';
        problems.push(`${name}: ${found.length} (${found.slice(0, 4).join(', ')})`);
      }
    }
    return problems;
  });
}

export const tests = Object.entries(SIZES).map(([size, viewport]) => ({
  name: `dense-figures-readable-${size}`,
  async fn(h) {
    const page = h.lastPage;
    await page.setViewportSize(viewport);
    const problems = [];
    for (const [what, route] of routes()) {
      await page.emulateMedia({ colorScheme: 'light' });
      await load(page, h.url(route));
      await visible(byId(page, 'player'), `${what}: the player`, LOAD_TIMEOUT);
      await textWhere(stepCount(page), `${what}: a step count`, (t) => /Step \d+ \/ \d+/.test(t), LOAD_TIMEOUT);
      await page.keyboard.press('End');
      await textWhere(stepCount(page), `${what}: the last step`, (t) => /Step (\d+) \/ \1$/.test(t));
      for (const theme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: theme });
        for (const p of await textProblems(page)) problems.push(`${what} (${theme}): ${p}`);
      }
    }
    check(problems.length === 0, problems.join('; '));
  },
}));

// The embed snippet's frame (src/embed.rs: 840 × 640): every family's figure keeps its text at
// 11 px or more and the player stays inside the frame (the ring's embed had 9 px text).
const EMBED = { width: 840, height: 640 };
const FAMILIES = ['steady-state', 'broadcast', 'square-partition', 'lu', 'chains', 'ring', 'scatter', 'master-slave', 'divisible'];

tests.push({
  name: 'embed-figures-readable',
  async fn(h) {
    const page = h.lastPage;
    await page.setViewportSize(EMBED);
    const problems = [];
    for (const family of FAMILIES) {
      await load(page, h.url(`/#/${family}?embed=1`));
      await visible(byId(page, 'player'), `${family}: the player`, LOAD_TIMEOUT);
      await textWhere(stepCount(page), `${family}: a step count`, (t) => /Step \d+ \/ \d+/.test(t), LOAD_TIMEOUT);
      await page.keyboard.press('End');
      await textWhere(stepCount(page), `${family}: the last step`, (t) => /Step (\d+) \/ \1$/.test(t));
      const small = await smallestFigureText(page);
      if (small.min < 10.95) problems.push(`${family}: figure text "${small.which}" at ${small.min.toFixed(1)} px`);
      const bottom = await byId(page, 'player').first().evaluate((e) => e.getBoundingClientRect().bottom);
      if (bottom > EMBED.height) problems.push(`${family}: the player ends at ${Math.round(bottom)} px, below the frame's ${EMBED.height}`);
    }
    check(problems.length === 0, problems.join('; '));
  },
});

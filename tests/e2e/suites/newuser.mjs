// Issue 32: what a new user tripped on. Each test failed on the build before its fix.

import { LOAD_TIMEOUT, poll, visible, check, byId, load, show, textWhere } from '../lib.mjs';

/** sRGB relative luminance of a computed CSS colour `rgb(r, g, b)`. */
function luminance(css) {
  const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two computed colours. */
function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

export const tests = [
  {
    // Item 2: in the dark theme the w= labels inside the nodes were dark text on a dark halo
    // over the white disc. Every label: its fill against the disc and against its halo.
    name: 'dark-theme-node-labels-readable',
    async fn(h) {
      const page = h.lastPage;
      for (const route of ['/#/platform', '/#/steady-state?preset=lyon&algo=lp']) {
        await load(page, h.url(route));
        await visible(byId(page, 'graph'), `${route}: the graph`, LOAD_TIMEOUT);
        await page.locator('select[data-testid="theme"]').selectOption('dark');
        const labels = await poll(`${route}: w= labels`, () => page.evaluate(() =>
          [...document.querySelectorAll('svg[data-testid="graph"] .node')].flatMap((n) => {
            const disc = getComputedStyle(n.querySelector('circle')).fill;
            return [...n.querySelectorAll('text.w')].map((t) => ({ text: t.textContent, fill: getComputedStyle(t).fill, halo: getComputedStyle(t).stroke, disc }));
          })), (l) => l.length > 0);
        for (const l of labels) {
          check(contrast(l.fill, l.disc) >= 4.5, `${route}: "${l.text}" ${l.fill} on the disc ${l.disc}`);
          check(contrast(l.fill, l.halo) >= 4.5, `${route}: "${l.text}" ${l.fill} on its halo ${l.halo}`);
        }
      }
    },
  },

  {
    // Item 3: the LP's optimum on Lyon and Strasbourg is proven; only the best-single-tree
    // comparison beside it stops its enumeration (and says so in its own line). No banner.
    name: 'lp-optimum-has-no-budget-banner',
    async fn(h) {
      const page = h.lastPage;
      for (const preset of ['lyon', 'strasbourg']) {
        await load(page, h.url(`/#/steady-state?preset=${preset}&algo=lp`));
        await visible(byId(page, 'player'), `${preset}: the player`, LOAD_TIMEOUT);
        await page.keyboard.press('End');
        await textWhere(byId(page, 'tree-comparison'), `${preset}: the tree comparison`, (t) => t.includes('enumeration stopped'), LOAD_TIMEOUT);
        const banners = await byId(page, 'budget-hit').count();
        check(banners === 0, `${preset}: ${show(banners)} "not proven optimal" banner(s) over the LP's optimum`);
      }
    },
  },

  {
    // Item 8: a step number past every integer type opened at step 0; it means the last step.
    name: 'huge-step-opens-the-last-step',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/square-partition?preset=square-7-1&step=123456789012345678901234567890'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await poll('the last step', async () => (await byId(page, 'step-count').textContent()) ?? '', (t) => {
        const m = t.match(/^Step (\d+) \/ (\d+)$/);
        return m !== null && m[1] === m[2] && Number(m[2]) > 0;
      });
    },
  },
];

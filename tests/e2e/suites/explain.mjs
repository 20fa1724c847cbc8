// Issue 34: every family page explains itself. Its panel "Why it is hard, and what is known"
// (closed at first, so that the figure and the player keep the first screen) holds the same
// topics as `hetlab about <family>` prints (the same constants), each with its spec section,
// and the family's papers; each "Show me" link opens its scene: the preset, the algorithm and
// the step it names.

import { LOAD_TIMEOUT, visible, check, byId, load, stepCount, textWhere, norm, show } from '../lib.mjs';
import { native } from './built-sl.mjs';

const FAMILIES = ['steady-state', 'broadcast', 'square-partition', 'lu', 'chains', 'ring', 'scatter', 'master-slave', 'divisible'];

/** The topics `hetlab about` prints: each heading (a line underlined by dashes) with its lines. */
function topics(problem) {
  const all = native(['about', problem]).split('\n');
  const lines = all.slice(0, all.indexOf('Papers') >= 0 ? all.indexOf('Papers') : all.length);
  const out = [];
  for (let i = 1; i < lines.length; i++) {
    if (/^-+$/.test(lines[i])) out.push({ heading: lines[i - 1], body: [] });
    else if (out.length && lines[i] && !/^-+$/.test(lines[i + 1] ?? '')) out[out.length - 1].body.push(lines[i]);
  }
  return out;
}

export const tests = [
  {
    name: 'explanation-panels-on-every-family-page',
    async fn(h) {
      const page = h.lastPage;
      const problems = [];
      for (const family of FAMILIES) {
        await load(page, h.url(`/#/${family}`));
        const panel = byId(page, 'about-problem');
        await visible(panel, `${family}: the explanation panel`, LOAD_TIMEOUT);
        if (await panel.evaluate((d) => d.open)) problems.push(`${family}: the panel is open at first`);
        await panel.locator('summary').click();
        const shown = norm(await panel.textContent());
        const want = topics(family);
        if (want.length < 2) problems.push(`${family}: hetlab about prints ${want.length} topics`);
        for (const t of want) {
          for (const line of [t.heading, ...t.body.filter((l) => !l.startsWith('See: '))]) {
            if (!shown.includes(norm(line))) problems.push(`${family}: the panel lacks ${show(line.slice(0, 60))}`);
          }
        }
        if (!/Papers/.test(shown)) problems.push(`${family}: no papers`);
      }
      check(problems.length === 0, problems.join('; '));
    },
  },
  {
    name: 'explanation-scenes-open-their-step',
    async fn(h) {
      const page = h.lastPage;
      let opened = 0;
      for (const family of FAMILIES) {
        await load(page, h.url(`/#/${family}`));
        const panel = byId(page, 'about-problem');
        await visible(panel, `${family}: the explanation panel`, LOAD_TIMEOUT);
        await panel.locator('summary').click();
        const links = panel.locator('[data-testid="about-scene"]');
        if (!(await links.count())) continue;
        const href = await links.first().getAttribute('href');
        const q = new URLSearchParams(href.split('?')[1]);
        await links.first().click();
        await textWhere(stepCount(page), `${family}: ${href} at step ${q.get('step')}`, (t) => t.startsWith(`Step ${q.get('step')} /`), LOAD_TIMEOUT);
        const url = new URL(page.url());
        const at = new URLSearchParams(url.hash.split('?')[1]);
        check(at.get('preset') === q.get('preset') || at.get('i'), `${family}: the URL ${url.hash} after ${href}`);
        check((await page.locator('[data-testid="figure"]').getAttribute('data-algo')) === q.get('algo'), `${family}: the figure draws ${q.get('algo')}`);
        opened += 1;
      }
      check(opened >= 8, `${opened} scenes opened`);
    },
  },
];

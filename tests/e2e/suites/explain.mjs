// Issue 34: every family page explains itself. Its panel "Why it is hard, and what is known"
// (closed at first, so that the figure and the player keep the first screen) holds the same
// topics as `hetlab about <family>` prints (the same constants), each with its spec section,
// and the family's papers; each "Show me" link opens its scene: the preset, the algorithm and
// the step it names.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_TIMEOUT, visible, check, byId, load, stepCount, textWhere, norm, show } from '../lib.mjs';
import { native } from './built-sl.mjs';

const PRESETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'crates', 'core', 'presets');
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
            // A table's row (`| a | b |`): each of its cells.
            const parts = line.startsWith('| ') ? line.slice(2, -2).split(' | ') : [line];
            for (const part of parts) {
              if (!shown.includes(norm(part))) problems.push(`${family}: the panel lacks ${show(part.slice(0, 60))}`);
            }
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

// Issue 34 (square partitions, spec §5): the guarantee of the recursive algorithm
// (Ĉ ≤ 1 + 1.25·LB_sum) and of PERI-MAX (M̂ ≤ (2/√3)·LB_max) beside the metrics, with the
// values of the result document the command line prints.
tests.push({
  name: 'square-guarantees-beside-the-metrics',
  async fn(h) {
    const page = h.lastPage;
    for (const [algo, key] of [['recursive', 'recursive_bound'], ['peri-max', 'peri_max_bound']]) {
      const doc = JSON.parse(native(['solve', '--algorithm', algo, '-'], readFileSync(path.join(PRESETS, 'square-7-5.json'))));
      await load(page, h.url(`/#/square-partition?preset=square-7-5&algo=${algo}`));
      await textWhere(stepCount(page), `${algo}: a step count`, (t) => /Step \d+ \/ \d+/.test(t), LOAD_TIMEOUT);
      await page.keyboard.press('End');
      const want = `${doc.metrics[key].toFixed(6)} (met)`;
      await textWhere(byId(page, 'guarantee'), `${algo}: the guarantee ${want}`, (t) => norm(t) === want);
    }
  },
});

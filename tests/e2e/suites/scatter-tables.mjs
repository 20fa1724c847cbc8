// Issue 34, scatter's general cost tables (scatter.md §1.1: `T_comm(i, x)`, `T_comp(i, x)` for
// x = 0..n, read by the DP only). The preset scatter-tables (n = 3, P1 then the root): P1's
// transfer 0, 1, 2, 3 and computation 0, 5, 3/2, 9 (not monotone), the root 5/2 per item. By
// hand: (0, 3) ends at 15/2, (1, 2) at 6, (2, 1) at 9/2, (3, 0) at 12, so the optimum is 9/2
// with shares [2, 1]. The page shows the tables instead of the α/β/λ/μ fields, offers the DP's
// two methods only, and its result equals the command line's.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_TIMEOUT, byId, check, load, norm, text, textWhere, visible } from '../lib.mjs';
import { native } from './built-sl.mjs';

const PRESETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'crates', 'core', 'presets');
const preset = (name) => readFileSync(path.join(PRESETS, `${name}.json`), 'utf8');

export const tests = [
  {
    name: 'scatter-cost-tables',
    async fn(h) {
      const page = h.lastPage;
      const json = preset('scatter-tables');
      const doc = JSON.parse(native(['solve', '-', '--algorithm', 'dp'], json));
      check(doc.objective?.value_exact === '9/2', `the CLI's makespan: ${JSON.stringify(doc.objective)}`);
      let refused = '';
      try {
        native(['solve', '-', '--algorithm', 'lp-rounded'], json);
      } catch (e) {
        refused = String(e.stderr || e.message);
      }
      check(refused.includes('"lp-rounded" does not apply') && refused.includes('offers: dp, order-search'), `the CLI refuses lp-rounded: ${refused}`);

      for (const algo of ['dp', 'order-search']) {
        await load(page, h.url(`/#/scatter?preset=scatter-tables&algo=${algo}`));
        await visible(byId(page, 'player'), `${algo}: player`, LOAD_TIMEOUT);
        const tables = byId(page, 'scatter-tables');
        await visible(tables, `${algo}: the cost tables`, LOAD_TIMEOUT);
        check((await byId(page, 'scatter-form').count()) === 0, `${algo}: no α/β fields for tables`);
        const intro = norm(await text(tables.locator('p').first()));
        check(intro.includes('general tables') && intro.includes('Only the exact DP reads tables'), `${algo}: the note ${intro}`);
        const rows = [];
        const tr = tables.locator('tbody tr');
        for (let k = 0; k < (await tr.count()); k++) rows.push((await tr.nth(k).locator('th, td').allTextContents()).map(norm).join(' '));
        check(JSON.stringify(rows) === JSON.stringify([
          'T_comm(P1, x) 0 1 2 3',
          'T_comp(P1, x) 0 5 3/2 9',
          'T_comp(P2, x) 0 5/2 5 15/2',
        ]), `${algo}: the tables ${JSON.stringify(rows)}`);
        const offered = await byId(page, 'algo').locator('option').evaluateAll((os) => os.map((o) => o.value));
        check(JSON.stringify(offered) === '["dp","order-search"]', `${algo}: the methods offered ${JSON.stringify(offered)}`);
        await page.keyboard.press('End');
        await textWhere(byId(page, 'scatter-makespan'), `${algo}: makespan 9/2`, (t) => t === '9/2');
        await textWhere(byId(page, 'scatter-distribution'), `${algo}: shares`, (t) => t === '[2, 1]');
        await textWhere(byId(page, 'scatter-ends'), `${algo}: end times`, (t) => norm(t).includes('7/2') && norm(t).includes('9/2'));
      }
    },
  },
];

// Issue 17, deliverables 4–6: offline (service worker), accessibility (keyboard, names, data
// tables, axe-core) and the dark theme (system setting, switch, a screenshot of every page).

import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  LOAD_TIMEOUT,
  UI_TIMEOUT,
  poll,
  visible,
  count,
  text,
  textWhere,
  check,
  byId,
  graphNodes,
  expectStep,
  stepTotal,
  load,
  openPreset,
  show,
  checkParams,
} from '../lib.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '..', '..', '..');
const SCREENSHOT_DIR = path.resolve(process.env.HETLAB_SCREENSHOTS || path.join(REPO_ROOT, 'target', 'screenshots'));
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Every route of the app: home, the platform editor, every family page, the bench page, the
 * experiments page. */
const PAGES = [
  { name: 'home', hash: '#/', ready: 'home' },
  { name: 'platform', hash: '#/platform', ready: 'editor' },
  { name: 'steady-state', hash: '#/steady-state?preset=example-1&algo=lp', ready: 'player' },
  { name: 'broadcast', hash: '#/broadcast?preset=broadcast-e2&algo=lp', ready: 'player' },
  { name: 'square-partition', hash: '#/square-partition?preset=square-7-1&algo=column-dp', ready: 'player' },
  { name: 'lu', hash: '#/lu?preset=lu-set-a&algo=2d-dp', ready: 'player' },
  { name: 'chains', hash: '#/chains', ready: 'player' },
  { name: 'scatter', hash: '#/scatter', ready: 'player' },
  { name: 'master-slave', hash: '#/master-slave', ready: 'player' },
  { name: 'ring', hash: '#/ring', ready: 'player' },
  { name: 'divisible', hash: '#/divisible', ready: 'player' },
  { name: 'bench', hash: '#/bench', ready: 'bench-run' },
  { name: 'experiments', hash: '#/experiments', ready: 'sweep-about' },
];

/** Loads a page of PAGES and, for an algorithm page, goes to its last step (the most drawn). */
async function openPage(h, page, p) {
  await load(page, h.url(`/${p.hash}`));
  await visible(byId(page, p.ready), `${p.name} page`, LOAD_TIMEOUT);
  if (p.ready === 'player') {
    await textWhere(byId(page, 'step-count'), 'step count', (t) => t.startsWith('Step '));
    await page.locator('body').click({ position: { x: 2, y: 2 } }).catch(() => {});
    await page.keyboard.press('End');
    const total = await stepTotal(page);
    await expectStep(page, `Step ${total} / ${total}`);
  }
}

/** axe-core's serious and critical violations on the page as it is: ["rule: target", ...]. */
async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    await page.addScriptTag({ path: AXE });
  }
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, targets: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary.split('\n')[1] ?? ''}`.trim()) }));
  });
  return violations.map((v) => `${v.id}: ${v.targets.join(' | ')}`);
}

/** The service worker controls the page and has stored the wasm, the JS glue and the CSS, the
 *  solver worker's wasm included (its files are named in index.html). */
async function waitForOfflineCache(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  return poll(
    'the service worker to cache the page, wasm, JS and CSS',
    () => page.evaluate(async () => {
      const keys = [];
      for (const name of await caches.keys()) {
        const c = await caches.open(name);
        keys.push(...(await c.keys()).map((r) => r.url));
      }
      return keys;
    }),
    (keys) => ['.wasm', '.js', '.css'].every((ext) => keys.some((k) => k.endsWith(ext))) && keys.some((k) => k.endsWith('/'))
      && keys.some((k) => /hetlab-solver-[a-z]+-[0-9a-f]{16}_bg\.wasm$/.test(k)),
    30_000,
  );
}

export const tests = [
  {
    // 4. After one visit the site opens and solves with no network: load, wait until the service
    // worker has cached the files, go offline, reload, play the tree algorithm to its end.
    name: 'offline-reload-solves',
    async fn(h) {
      const page = h.lastPage;
      // Offline, the browser logs each refused request; the test checks what the page shows.
      h.allowErrors(/net::ERR_INTERNET_DISCONNECTED|Failed to load resource|FetchEvent|Failed to fetch/);
      await load(page, h.url('/#/steady-state?preset=star-example-2&algo=tree'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      const keys = await waitForOfflineCache(page);
      check(keys.some((k) => /-[0-9a-f]+_bg\.wasm$/.test(k)), `no hashed wasm cached: ${show(keys)}`);

      await page.context().setOffline(true);
      // The network really is gone: a file the cache never saw cannot be fetched.
      const probe = await page.evaluate(() => fetch('./not-cached.txt').then(() => 'fetched', () => 'failed'));
      check(probe === 'failed', `fetch while offline: ${probe}`);
      await page.reload();
      await visible(byId(page, 'player'), 'player after an offline reload', LOAD_TIMEOUT);
      await expectStep(page, 'Step 0 / 15');
      await page.keyboard.press('End');
      await expectStep(page, 'Step 15 / 15');
      await textWhere(byId(page, 'throughput'), 'throughput 29/24 offline', (t) => t === 'ρ* = 29/24 ≈ 1.2083 tasks per time unit');
      // Another page of the site, never visited, opens offline too (same files).
      await load(page, h.url('/#/square-partition?preset=square-7-1&algo=column-dp'));
      await visible(byId(page, 'player'), 'square page offline', LOAD_TIMEOUT);
      await page.keyboard.press('End');
      await textWhere(byId(page, 'c-hat'), 'Ĉ = 11/2 offline', (t) => t === '11/2');
      await page.context().setOffline(false);

      // Served from a sub-path, the worker's scope is that folder (relative registration).
      const sub = await h.newPage();
      await load(sub, h.subUrl('#/'));
      await visible(byId(sub, 'home'), 'home from a sub-path', LOAD_TIMEOUT);
      const scope = await sub.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));
      check(scope.endsWith('/course/hetlab/'), `service worker scope from a sub-path: ${scope}`);
    },
  },

  {
    // Issue 15: the site is two page binaries, each with one group of family pages, and their
    // two solver workers (src/bundles.rs). A visit loads one of each; a link to a family of the other group reloads into it, with the
    // address kept; Back returns to the first; the platform editor opens in either.
    name: 'page-binaries',
    async fn(h) {
      const page = h.lastPage;
      const loaded = () => page.evaluate(() => performance.getEntriesByType('resource')
        .map((e) => /hetlab-([a-z]+)-[0-9a-f]+_bg\.wasm$/.exec(e.name))
        .filter((m) => m && m[1] !== 'worker')
        .map((m) => m[1]));
      // The workers' requests are not in the page's performance entries: the requests seen.
      let requested = [];
      page.on('request', (r) => requested.push(r.url()));
      const solvers = () => {
        const got = requested.map((u) => /hetlab-solver-([a-z]+)-[0-9a-f]+_bg\.wasm$/.exec(u))
          .filter(Boolean).map((m) => m[1]);
        requested = [];
        return got;
      };
      await load(page, h.url('/#/steady-state?preset=star-example-2&algo=tree'));
      await visible(byId(page, 'steady-page'), 'steady-state page', LOAD_TIMEOUT);
      check(show(await loaded()) === '["communication"]', `steady state loaded ${show(await loaded())}`);
      await visible(byId(page, 'player'), 'steady-state player', LOAD_TIMEOUT);
      const first = solvers();
      check(show(first) === '["communication"]', `steady state's solver: ${show(first)}`);

      await page.locator('header nav a[href="#/lu"]').click();
      await visible(byId(page, 'lu-page'), 'LU page after the link', LOAD_TIMEOUT);
      check(show(await loaded()) === '["partitioning"]', `LU loaded ${show(await loaded())}`);
      check(new URL(page.url()).hash.startsWith('#/lu'), `address after the link: ${page.url()}`);
      await page.keyboard.press('End');
      await visible(byId(page, 'player'), 'LU player', LOAD_TIMEOUT);
      const luSolver = solvers();
      check(show(luSolver) === '["partitioning"]', `LU's solver: ${show(luSolver)}`);

      await page.goBack();
      await visible(byId(page, 'steady-page'), 'steady-state page after Back', LOAD_TIMEOUT);
      // The page had traded `preset=` for the same instance as `i=` (use_shareable_url).
      checkParams(page.url(), { algo: 'tree' });
      check(new URL(page.url()).hash.startsWith('#/steady-state'), `address after Back: ${page.url()}`);
      await expectStep(page, 'Step 0 / 15', LOAD_TIMEOUT);

      // The same page binary stays for the families of its group and for the editor.
      await page.locator('header nav a[href="#/broadcast"]').click();
      await visible(byId(page, 'broadcast-page'), 'broadcast page', LOAD_TIMEOUT);
      await page.locator('header nav a[href="#/platform"]').click();
      await visible(byId(page, 'editor'), 'platform editor', LOAD_TIMEOUT);
      check(show(await loaded()) === '["communication"]', `one binary for its group and the editor: ${show(await loaded())}`);

      // A reload for a family that opens the wrong binary again does not loop: the page says so.
      await page.evaluate(() => sessionStorage.setItem('hetlab.reloaded-for', 'lu'));
      await load(page, h.url('/#/'));
      await visible(byId(page, 'home'), 'home page', LOAD_TIMEOUT);
      await page.locator('header nav a[href="#/lu"]').click();
      await textWhere(byId(page, 'elsewhere-failed'), 'no reload loop', (t) => t.includes('did not open'));
      await page.locator('header nav a[href="#/lu"]').click();
      await visible(byId(page, 'elsewhere-failed'), 'still no loop', UI_TIMEOUT);

      // A shared link to a family of the second group opens it directly.
      const other = await h.newPage();
      await load(other, h.url('/#/ring?preset=ring-rr-1'));
      await visible(byId(other, 'ring-page'), 'ring page from a link', LOAD_TIMEOUT);
      const second = await other.evaluate(() => performance.getEntriesByType('resource')
        .map((e) => e.name).filter((n) => /_bg\.wasm$/.test(n) && !/worker/.test(n)).length);
      check(second === 1, `a link loads one page binary, not ${second}`);

      // The third group (scatter, master–slave) has its own page binary and solver worker.
      const third = await h.newPage();
      const thirdRequests = [];
      third.on('request', (r) => thirdRequests.push(r.url()));
      await load(third, h.url('/#/scatter'));
      await visible(byId(third, 'scatter-page'), 'scatter page from a link', LOAD_TIMEOUT);
      await visible(byId(third, 'player'), 'scatter player', LOAD_TIMEOUT);
      const wasms = thirdRequests.map((u) => /hetlab-([a-z-]+)-[0-9a-f]+_bg\.wasm$/.exec(u))
        .filter(Boolean).map((m) => m[1]).sort();
      check(show(wasms) === '["distribution","solver-distribution"]',
        `scatter's page and solver binaries: ${show(wasms)}`);
      await third.locator('header nav a[href="#/master-slave"]').click();
      await visible(byId(third, 'master-slave-page'), 'master–slave page after the link', LOAD_TIMEOUT);
      const wasmCount = thirdRequests.filter((u) => /_bg\.wasm$/.test(u)).length;
      check(wasmCount === 2, `master–slave stays in scatter's two binaries (no reload): ${wasmCount} loaded`);
    },
  },

  {
    // 5. The editor with the keyboard only: Tab reaches a node, Enter selects it, the arrow keys
    // move it (one undo step each), the add-link form joins two nodes (and says why it will not
    // join a node to itself), Delete removes the focused and selected link.
    name: 'keyboard-editor',
    async fn(h) {
      const page = h.lastPage;
      await openPreset(h, page, 'star-example-2', 5);
      // Tab from the top of the page until a node of the figure has the focus.
      await page.locator('body').click({ position: { x: 2, y: 2 } }).catch(() => {});
      let focused = '';
      for (let k = 0; k < 80 && !focused.startsWith('node-'); k++) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
      }
      check(focused.startsWith('node-'), `Tab never reached a node (last focus: ${focused})`);
      const node = byId(page, focused);
      const name = await node.getAttribute('aria-label');
      check(/^Node \S+/.test(name ?? ''), `node name: ${show(name)}`);
      await page.keyboard.press('Enter');
      await poll('the focused node to be selected', () => node.getAttribute('class'), (c) => /\bselected\b/.test(c ?? ''));
      const cx = async () => Number(await node.locator('circle').getAttribute('cx'));
      const x0 = await cx();
      for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowRight');
      await poll('the node to move right', cx, (x) => x > x0 + 20);
      const x3 = await cx();
      await page.keyboard.press('Control+z');
      await poll('undo to take one step back', cx, (x) => x < x3 && x > x0);

      // The add-link form: from, to, cost, Enter.
      const links = page.locator('svg[data-testid="graph"] [data-testid^="link-"]');
      const before = await links.count();
      await byId(page, 'add-link-from').focus();
      await page.keyboard.press('ArrowDown'); // node 2nd in the list
      await byId(page, 'add-link-to').focus();
      await page.keyboard.press('ArrowDown'); // from 2nd to 3rd
      const [from, to] = await Promise.all(['add-link-from', 'add-link-to'].map((id) => byId(page, id).inputValue()));
      check(from !== to, `form ends: ${from}, ${to}`);
      await byId(page, 'add-link-c').fill('3/2');
      await page.keyboard.press('Enter');
      await count(links, before + 1, 'links after the add-link form');
      await poll('the new link in the link table with c = 3/2', () => page.locator(`input[data-testid="c-${before}"]`).inputValue(), (v) => v === '3/2' || v === '1.5');
      // The same node twice: refused, with the reason beside the form.
      await byId(page, 'add-link-to').selectOption(from);
      await byId(page, 'add-link-apply').press('Enter');
      await textWhere(byId(page, 'add-link').locator('[data-testid="field-error"]'), 'why the link is refused', (t) => t.includes('two different nodes'));
      await count(links, before + 1, 'links after a refused add');

      // The new link can take the focus, has a name, and Enter then Delete removes it.
      const added = byId(page, `link-${before}`);
      await added.focus();
      const lname = await added.getAttribute('aria-label');
      check(/^Link \S+ – \S+, (3\/2|1\.5)/.test(lname ?? ''), `link name: ${show(lname)}`);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Delete');
      await count(links, before, 'links after Delete');
    },
  },

  {
    // 5. Canvas plots and figures have a data table: the throughput plot lists the schedule and
    // the bound at every period; the platform figure lists nodes and links in words.
    name: 'plot-data-tables',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/steady-state?preset=example-1&algo=lp'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await page.keyboard.press('End');
      await visible(byId(page, 'throughput-plot'), 'throughput plot');
      const table = page.locator('[data-testid="throughput-plot"] + [data-testid="plot-data"] table');
      const headers = await table.locator('thead th').allTextContents();
      check(headers.length === 3 && headers[0] === 'time', `plot table headers: ${show(headers)}`);
      const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
      check(rows.length >= 10, `plot table rows: ${rows.length}`);
      // ρ* = 7/4: the bound column is 7/4 of the time column; no schedule is above it.
      for (const [t, bound, done] of rows) {
        check(Math.abs(Number(bound) - 1.75 * Number(t)) < 1e-3 * Math.max(1, Number(t)), `bound at t = ${t}: ${bound}`);
        check(Number(done) <= Number(bound) + 1e-9, `schedule above the bound at t = ${t}: ${done} > ${bound}`);
      }
      const figure = page.locator('[data-testid="figure-data"]').first();
      await count(figure.locator('table').first().locator('tbody tr'), 4, 'node rows of the platform figure');
      const states = await figure.locator('table').first().locator('tbody td:last-child').allTextContents();
      check(states.some((s) => s.includes('saturated')), `node states in words: ${show(states)}`);
      // The SVG is a named group of named, focusable elements.
      const named = await page.locator('svg[data-testid="graph"] g[tabindex="0"]').evaluateAll((gs) => gs.every((g) => (g.getAttribute('aria-label') ?? '').length > 5));
      check(named, 'every focusable figure element has a name');
      // LU: the comparison plots and the owner matrix have tables too.
      await load(page, h.url('/#/lu?preset=lu-set-a&algo=2d-dp'));
      await visible(byId(page, 'player'), 'LU player', LOAD_TIMEOUT);
      await page.keyboard.press('End');
      await visible(byId(page, 'compare-plot-a'), 'comparison plot A');
      await poll('LU data tables (owner matrix, three plots)', () => page.locator('[data-testid="plot-data"]').count(), (c) => c >= 3);
      // Drawn by the shared line plot: the same figure as SVG for the export menu.
      await poll('LU comparison plot as SVG', () => byId(page, 'compare-plot-a').getAttribute('data-svg'), (s) => (s ?? '').includes('<svg') && s.includes('time / perfect balance'));
    },
  },

  {
    // 5. axe-core finds no serious or critical violation on any page, in the light and the dark
    // theme, each algorithm page at its last step.
    name: 'axe-every-page',
    async fn(h) {
      const page = h.lastPage;
      const found = [];
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const p of PAGES) {
          await openPage(h, page, p);
          for (const v of await axeViolations(page)) found.push(`${p.name} (${scheme}) ${v}`);
        }
      }
      for (const f of found) console.log(`# axe: ${f}`); // the runner prints only a reason's first line
      check(found.length === 0, `${found.length} serious/critical axe violations: ${found.join(' ;; ')}`);
    },
  },

  {
    // 6. The dark theme: follows the system setting, a screenshot of every page
    // (target/screenshots/dark-<page>.png), and the header's switch wins over the system and is
    // remembered across reloads.
    name: 'dark-theme',
    async fn(h) {
      const page = h.lastPage;
      await page.emulateMedia({ colorScheme: 'dark' });
      const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const dark = (c) => {
        const [r, g, b] = c.match(/\d+/g).map(Number);
        return r + g + b < 150;
      };
      for (const p of PAGES) {
        await openPage(h, page, p);
        check(dark(await bg()), `${p.name}: background ${await bg()} with a dark system setting`);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `dark-${p.name}.png`), fullPage: true });
      }
      // The switch: Light wins over the dark system setting, and stays after a reload.
      await load(page, h.url('/#/'));
      await visible(byId(page, 'home'), 'home', LOAD_TIMEOUT);
      await byId(page, 'theme').selectOption('light');
      await poll('light background', bg, (c) => !dark(c));
      await page.reload();
      await visible(byId(page, 'home'), 'home after reload', LOAD_TIMEOUT);
      check(!dark(await bg()), `after a reload the chosen light theme is kept: ${await bg()}`);
      check((await byId(page, 'theme').inputValue()) === 'light', 'the menu shows Light');
      // Dark under a light system; then System follows the system again.
      await page.emulateMedia({ colorScheme: 'light' });
      await byId(page, 'theme').selectOption('dark');
      await poll('dark background', bg, dark);
      await byId(page, 'theme').selectOption('system');
      await poll('light background (system)', bg, (c) => !dark(c));
      const stored = await page.evaluate(() => localStorage.getItem('hetlab.theme'));
      check(stored === null, `System forgets the choice: ${stored}`);
    },
  },

  {
    // The editor's Run button on its own starting platform (a cycle) opens the LP, which solves
    // it, not the tree closed form, which only refused it ("No result").
    name: 'editor-run-default-platform',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/platform'));
      await visible(byId(page, 'editor'), 'editor', LOAD_TIMEOUT);
      await byId(page, 'run').click();
      await visible(byId(page, 'player'), 'player of the LP', LOAD_TIMEOUT);
      checkParams(page.url(), { algo: 'lp' });
      await page.keyboard.press('End');
      await textWhere(byId(page, 'throughput'), 'ρ* = 7/4', (t) => /^ρ\* = 7\/4 /.test(t));
    },
  },

  {
    // A primary button under the pointer keeps its text readable, in both themes (its white
    // text once sat on the light hover colour: found on the bench page).
    name: 'primary-button-hover',
    async fn(h) {
      const page = h.lastPage;
      // WCAG contrast of two computed rgb() colours.
      const contrast = (a, b) => {
        const lum = (c) => {
          const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
            const s = v / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
        };
        const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
      };
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        await load(page, h.url('/#/bench'));
        const button = byId(page, 'bench-run');
        await visible(button, 'bench button', LOAD_TIMEOUT);
        await button.hover();
        const [fg, bg] = await button.evaluate((b) => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]);
        const ratio = contrast(fg, bg);
        check(ratio >= 4.5, `${scheme}: a hovered primary button's text ${fg} on ${bg} has contrast ${ratio.toFixed(2)} (< 4.5)`);
      }
    },
  },
];

// Measures how soon the app renders after a navigation (issue 15: "the app still renders in under
// 300 ms after navigation on the local server"). Not a test (never asserts time): a measurement
// for the notes, printed as a table of medians over N rounds.
//   node tests/e2e/renderbench.mjs [N]          (HETLAB_DIST=dir to measure another build)
// Three kinds of navigation:
// - cold load: a fresh browser context (no cache, no service worker) opens `#/`; time from the
//   navigation's start to the home page in the DOM (download, compile, first render);
// - warm load: the same context loads `#/` again (HTTP cache and service worker warm);
// - in-app: from the home page, the hash changes to a family's page; time until its figure is in
//   the DOM (the page rendered; its run may still be on its way from the worker), and until the
//   player shows (the worker's run arrived and was drawn). A family of the other page binary
//   (src/bundles.rs) reloads the document into that binary: those rows say "reload", and their
//   time runs across the reload (both documents' clocks read as wall time).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.HETLAB_DIST || path.resolve(HERE, '..', '..', 'dist');
const rounds = Number(process.argv[2] || 5);
const FAMILIES = ['steady-state', 'broadcast', 'square-partition', 'lu', 'chains', 'ring', 'scatter', 'master-slave', 'divisible'];
const port = 18000 + Math.floor(Math.random() * 1000);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', DIST], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const base = `http://127.0.0.1:${port}/`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });

/** In the page: ms from `start` (a performance.now() reading) until `selector` is in the DOM. */
const WAIT_FOR = `(selector, start, timeout) => new Promise((resolve) => {
  const done = () => document.querySelector(selector);
  if (done()) return resolve(performance.now() - start);
  const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); resolve(performance.now() - start); } });
  obs.observe(document.documentElement, { childList: true, subtree: true });
  setTimeout(() => { obs.disconnect(); resolve(NaN); }, timeout);
})`;

/** The same, `start` being wall time (performance.timeOrigin + now), so it holds across a reload. */
const WAIT_ABS = WAIT_FOR.replace(/performance\.now\(\) - start/g, 'performance.timeOrigin + performance.now() - start');

/** Ms from wall time `t0` until `selector` is on `page`, following one reload. */
async function timeTo(page, selector, t0, timeout) {
  for (let tries = 0; tries < 3; tries++) {
    try {
      return await page.evaluate(`(${WAIT_ABS})(${JSON.stringify(selector)}, ${t0}, ${timeout})`);
    } catch (e) {
      if (!/destroyed|navigat/i.test(String(e))) throw e;
      await page.waitForLoadState('domcontentloaded');
    }
  }
  return NaN;
}

/** Milliseconds from the navigation's start to the home page, on a fresh page of `context`. */
async function loadHome(context) {
  const page = await context.newPage();
  await page.goto(`${base}#/`, { waitUntil: 'commit' });
  const ms = await page.evaluate(`(${WAIT_FOR})('[data-testid="home"]', 0, 60000)`);
  return [page, ms];
}

const samples = new Map();
const add = (key, ms) => {
  if (!samples.has(key)) samples.set(key, []);
  if (!Number.isNaN(ms)) samples.get(key).push(ms);
};
try {
  for (let r = 0; r < rounds; r++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [page, cold] = await loadHome(context);
    add('cold load of #/ (to the home page)', cold);
    await page.waitForTimeout(1500); // let the service worker install
    const [warmPage, warm] = await loadHome(context);
    add('warm load of #/ (to the home page)', warm);
    await page.close();
    const bundles = JSON.parse(await warmPage.evaluate(() => document.getElementById('hetlab-bundles').textContent));
    const groupOf = (f) => Object.keys(bundles).find((b) => bundles[b].includes(f));
    let current = Object.keys(bundles)[0];
    for (const family of FAMILIES) {
      await warmPage.evaluate(() => { location.hash = '#/'; });
      await warmPage.locator('[data-testid="home"]').waitFor({ timeout: 30000 });
      const reload = groupOf(family) !== current ? ' (reload)' : '';
      current = groupOf(family);
      const t0 = await warmPage.evaluate((family) => {
        const t = performance.timeOrigin + performance.now();
        location.hash = `#/${family}`;
        return t;
      }, family);
      const figure = await timeTo(warmPage, '[data-testid="figure"], [data-testid="url-error"]', t0, 30000);
      const player = await timeTo(warmPage, '[data-testid="player"]', t0, 60000);
      add(`#/ -> #/${family}${reload}: page rendered`, figure);
      add(`#/ -> #/${family}${reload}: first result drawn`, player);
    }
    await context.close();
  }
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
  };
  console.log(`| navigation | median ms | max ms | rounds |`);
  console.log(`|---|---|---|---|`);
  for (const [key, xs] of samples) {
    console.log(`| ${key} | ${median(xs).toFixed(1)} | ${Math.max(...xs).toFixed(1)} | ${xs.length} |`);
  }
} finally {
  await browser.close();
  server.kill();
}

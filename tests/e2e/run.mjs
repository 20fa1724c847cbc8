// HetLab end-to-end test runner.
//
// Serves the built site (dist/ at the repo root, or $HETLAB_DIST) with
// `python3 -m http.server` on a free 127.0.0.1 port, then runs the scenarios
// of tests.mjs one after the other in headless Chromium (playwright-core),
// each in its own fresh persistent context (fresh user-data-dir, hence fresh
// localStorage). A test fails on a thrown error, on its timeout, on any
// console message of type "error" and on any uncaught page error.
//
// Usage (from anywhere, typically the repo root, after `trunk build --release`):
//   node tests/e2e/run.mjs                 # all tests
//   node tests/e2e/run.mjs tree-plays ...  # only the named tests
// Environment:
//   HETLAB_DIST          directory to serve (default: <repo>/dist)
//   HETLAB_E2E_TIMEOUT   per-test timeout in ms (default: 90000)
//   CHROMIUM             Chromium executable (default: `command -v chromium`)
//
// Output: one `ok - name` / `not ok - name: reason` line per test, a
// screenshot per test in target/screenshots/<name>.png, and as the very last
// line `N passed, M failed`. Exit status is 1 if any test failed, else 0.

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { tests as coreTests } from './tests.mjs';
import { CHROMIUM_ARGS, chromiumPath } from './lib.mjs';

// ---------------------------------------------------------------------------
// Configuration (paths come from this script's location, never from the cwd)

const HERE = path.dirname(fileURLToPath(import.meta.url));

// Every scenario: tests.mjs first, then each suites/<topic>.mjs in name order.
const SUITES = path.join(HERE, 'suites');
const tests = [...coreTests];
for (const f of existsSync(SUITES) ? readdirSync(SUITES).sort() : []) {
  if (f.endsWith('.mjs')) tests.push(...(await import(path.join(SUITES, f))).tests);
}
const REPO_ROOT = path.resolve(HERE, '..', '..');
const DIST = path.resolve(process.env.HETLAB_DIST || path.join(REPO_ROOT, 'dist'));
// Outside dist/: the screenshots are test artefacts, never part of the deployed site.
const SCREENSHOT_DIR = path.resolve(process.env.HETLAB_SCREENSHOTS || path.join(REPO_ROOT, 'target', 'screenshots'));
const TEST_TIMEOUT_MS = Number(process.env.HETLAB_E2E_TIMEOUT) || 90_000;
const SERVER_START_TIMEOUT_MS = 20_000;

// ---------------------------------------------------------------------------
// Static file server

/** Asks the OS for a free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts `python3 -m http.server` on `port` serving DIST; resolves once it answers. */
async function startServer(port, root = DIST) {
  const child = spawn(
    'python3',
    ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', root],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PYTHONUNBUFFERED: '1' } },
  );
  // Keep the tail of the (request-log) stderr for diagnostics only.
  let stderrTail = '';
  child.stderr.on('data', (chunk) => {
    stderrTail = (stderrTail + chunk).slice(-2000);
  });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });

  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`http.server exited early (${JSON.stringify(exited)}): ${stderrTail}`);
    }
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return child;
    } catch {
      await sleep(100);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`http.server did not answer on ${url} within ${SERVER_START_TIMEOUT_MS} ms: ${stderrTail}`);
}

// ---------------------------------------------------------------------------
// Per-test browser harness

/** Contexts (and their temp user-data-dirs) still open; cleaned up if the runner is interrupted. */
const live = new Set();
async function closeLive() {
  const closing = [...live].map(({ context }) => context.close().catch(() => {}));
  await Promise.race([Promise.all(closing), sleep(5_000)]);
  for (const { dir } of live) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // best effort: a stray temp dir is not worth a crash
    }
  }
  live.clear();
}

/**
 * What a test function receives. Owns every context the test opens, collects
 * console errors / page errors from all of them, and knows which page to
 * screenshot at the end (the most recently opened one).
 */
class TestHarness {
  constructor(name, baseUrl, subBase) {
    this.name = name;
    this.base = baseUrl;
    this.subBase = subBase;
    this.contexts = []; // { context, dir }
    this.errors = [];
    this.allowed = []; // regexps of expected console/page errors (see allowErrors)
    this.lastPage = null;
    // Rejects on the first console error / page error, so a test fails fast.
    this.errorSignal = new Promise((_, reject) => {
      this.rejectOnError = reject;
    });
    this.errorSignal.catch(() => {}); // handled via Promise.race in runTest
  }

  /**
   * From now on, console and page errors matching `pattern` are expected (a test that
   * provokes one on purpose, such as the bug notice's) and do not fail the test.
   */
  allowErrors(pattern) {
    this.allowed.push(pattern);
  }

  /** Absolute URL of a site path such as '/#/platform'. */
  url(p) {
    return new URL(p, this.base).href;
  }

  /**
   * The same site served from a sub-path (as on a project-pages host), whose server root
   * holds nothing else: '#/lu' -> http://127.0.0.1:PORT/course/hetlab/#/lu.
   */
  subUrl(p) {
    return this.subBase + p;
  }

  /** Opens a fresh persistent context (fresh temp user-data-dir) and returns its page. */
  async newPage() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'hetlab-e2e-'));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: chromiumPath(),
      headless: true,
      args: CHROMIUM_ARGS,
      // The runner's own SIGINT/SIGTERM handlers close contexts and remove temp dirs.
      handleSIGINT: false,
      handleSIGTERM: false,
    });
    const entry = { context, dir };
    live.add(entry);
    this.contexts.push(entry);
    context.on('page', (p) => this.watch(p));
    for (const p of context.pages()) this.watch(p);
    const page = context.pages()[0] ?? (await context.newPage());
    this.lastPage = page;
    return page;
  }

  /** Records console errors and uncaught exceptions of `page`. */
  watch(page) {
    if (page.__hetlabWatched) return;
    page.__hetlabWatched = true;
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const loc = msg.location();
      const where = loc && loc.url ? ` (${loc.url}:${loc.lineNumber})` : '';
      this.fail(`console error: ${msg.text()}${where}`);
    });
    page.on('pageerror', (err) => this.fail(`page error: ${err.message}`));
  }

  fail(message) {
    if (this.allowed.some((re) => re.test(message))) return;
    this.errors.push(message);
    this.rejectOnError(new Error(message));
  }

  /** Saves a screenshot of the last opened page; never throws. */
  async screenshot() {
    if (!this.lastPage || this.lastPage.isClosed()) return;
    try {
      await this.lastPage.screenshot({
        path: path.join(SCREENSHOT_DIR, `${this.name}.png`),
        fullPage: true,
        timeout: 15_000,
      });
    } catch (e) {
      console.log(`# could not take screenshot for ${this.name}: ${firstLine(e.message)}`);
    }
  }

  /** Closes every context and removes the temp user-data-dirs; never throws. */
  async close() {
    for (const entry of this.contexts) {
      await entry.context.close().catch(() => {});
      await rm(entry.dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
      live.delete(entry);
    }
    this.contexts = [];
  }
}

const firstLine = (s) => String(s).split('\n')[0];


/** Runs one test; resolves to null on success or to the failure reason. */
async function runTest(test, baseUrl, subBase) {
  const h = new TestHarness(test.name, baseUrl, subBase);
  let reason = null;
  let timer;
  try {
    const body = (async () => {
      await h.newPage(); // every test starts with one fresh context (h.lastPage)
      await test.fn(h);
    })();
    body.catch(() => {}); // may reject after a timeout; the outcome is already decided
    const timeout = new Promise((_, reject) => {
      // A test may ask for more time than the default (`timeout` in ms beside `name`).
      const ms = Math.max(test.timeout ?? 0, TEST_TIMEOUT_MS);
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    });
    await Promise.race([body, timeout, h.errorSignal]);
    // Errors logged after the last step still count.
    if (h.errors.length) throw new Error(h.errors[0]);
  } catch (e) {
    reason = firstLine(e.message);
    // Console errors often explain a timeout or a failed assertion: report them.
    const extra = h.errors.filter((m) => !reason.includes(m));
    if (extra.length) reason += ` [also: ${extra.slice(0, 3).join(' | ')}]`;
  } finally {
    clearTimeout(timer);
    await h.screenshot();
    await h.close();
  }
  return reason;
}

// ---------------------------------------------------------------------------
// Main

async function main() {
  const only = process.argv.slice(2);
  const selected = only.length ? tests.filter((t) => only.includes(t.name)) : tests;
  const unknown = only.filter((n) => !tests.some((t) => t.name === n));
  if (unknown.length) console.log(`# unknown test name(s): ${unknown.join(', ')}`);

  let passed = 0;
  let failed = unknown.length; // asking for a missing test is a failure
  let server = null;
  let subServer = null;

  const stopServer = () => {
    for (const s of [server, subServer]) {
      if (s && s.exitCode === null && s.signalCode === null) s.kill('SIGTERM');
    }
  };
  process.on('exit', stopServer);
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, async () => {
      stopServer();
      await closeLive();
      process.exit(130);
    });
  }

  try {
    console.log(`# serving ${DIST}`);
    if (!existsSync(path.join(DIST, 'index.html'))) {
      // No build: report every test as failed instead of waiting for timeouts.
      const why = `${path.join(DIST, 'index.html')} not found (run \`trunk build --release\` first)`;
      for (const t of selected) {
        console.log(`not ok - ${t.name}: ${why}`);
        failed++;
      }
      return { passed, failed };
    }
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const port = await freePort();
    server = await startServer(port);
    const baseUrl = `http://127.0.0.1:${port}/`;
    // A second server whose root holds the site only under /course/hetlab/.
    const subRoot = await mkdtemp(path.join(os.tmpdir(), 'hetlab-subpath-'));
    await mkdir(path.join(subRoot, 'course'));
    symlinkSync(DIST, path.join(subRoot, 'course', 'hetlab'));
    const subPort = await freePort();
    subServer = await startServer(subPort, subRoot);
    const subBase = `http://127.0.0.1:${subPort}/course/hetlab/`;
    console.log(`# server at ${baseUrl} (and ${subBase}), chromium ${chromiumPath()}`);

    for (const t of selected) {
      const reason = await runTest(t, baseUrl, subBase);
      if (reason === null) {
        console.log(`ok - ${t.name}`);
        passed++;
      } else {
        console.log(`not ok - ${t.name}: ${reason}`);
        failed++;
      }
    }
  } catch (e) {
    // Infrastructure failure (server, browser): count the tests not run as failed.
    console.log(`# runner error: ${firstLine(e.message)}`);
    failed = unknown.length + selected.length - passed;
  } finally {
    stopServer();
  }
  return { passed, failed };
}

const { passed, failed } = await main();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

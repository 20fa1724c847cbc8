// The published site, checked as a teacher's web space serves it (issue 38). `./run
// publish-check` unpacks the release archive under /~teacher/hetlab/ of two nginx servers and
// runs this script with one NAME=URL argument per server:
//   tuned  gzip, .wasm as application/wasm, hashed files cached a year, index.html and sw.js
//          revalidated (the headers README's Publish section suggests);
//   bare   no gzip, no caching headers, .wasm as application/octet-stream (a host that does not
//          know wasm: the loader falls back from instantiateStreaming, with a console warning).
// On each: the headers as served; every family page shows its player with a step count; from
// the step before the last, a share link reopens that step in a fresh context; the link with
// `&embed=1` shows the figure alone; after one visit, the site reloads and opens another page
// binary's family offline. Any console error or page error fails the check (offline, the
// browser's own messages about refused requests are expected). Prints `ok - …` / `not ok - …`
// per check and exits 1 on any failure.
//
// Usage: node tests/e2e/publishcheck.mjs tuned=http://127.0.0.1:P/~teacher/hetlab/ bare=http://…
// Environment: CHROMIUM (default `command -v chromium`, else /usr/bin/chromium).

import { chromium } from 'playwright-core';
import {
  LOAD_TIMEOUT,
  byId,
  check,
  load,
  poll,
  share,
  textWhere,
  visible,
  count,
  CHROMIUM_ARGS,
  chromiumPath,
} from './lib.mjs';

const FAMILIES = [
  'steady-state',
  'broadcast',
  'square-partition',
  'lu',
  'chains',
  'ring',
  'scatter',
  'master-slave',
  'divisible',
];

/** What each server must send (checked on the wasm, index.html and sw.js responses). */
const EXPECT = {
  tuned: { wasmType: 'application/wasm', gzip: true, caching: true, fallback: false },
  bare: { wasmType: 'application/octet-stream', gzip: false, caching: false, fallback: true },
};

/** The browser's own messages while offline (refused requests), not the app's. */
const OFFLINE_NOISE = /net::ERR_INTERNET_DISCONNECTED|Failed to load resource|FetchEvent|Failed to fetch/;
/** wasm-bindgen's warning when .wasm is not served as application/wasm. */
const FALLBACK = /instantiateStreaming|MIME type/i;

let passed = 0;
let failed = 0;
const firstLine = (s) => String(s).split('\n')[0];

/** Runs one named check; prints ok / not ok with its detail. */
async function checkStep(name, fn) {
  try {
    const detail = await fn();
    console.log(`ok - ${name}${detail ? `: ${detail}` : ''}`);
    passed++;
  } catch (e) {
    console.log(`not ok - ${name}: ${firstLine(e.message)}`);
    failed++;
  }
}

/** A fresh browser context whose console errors and page errors are collected. */
async function watchedContext(browser, sink) {
  const context = await browser.newContext();
  context.on('page', (p) => watch(p, sink));
  const page = await context.newPage();
  watch(page, sink);
  return { context, page };
}

function watch(page, sink) {
  if (page.__watched) return;
  page.__watched = true;
  page.on('console', (msg) => {
    if (msg.type() === 'error') sink.errors.push(`console error: ${msg.text()}`);
    if (msg.type() === 'warning' && FALLBACK.test(msg.text())) sink.fallbacks++;
  });
  page.on('pageerror', (err) => sink.errors.push(`page error: ${err.message}`));
}

/** Throws the first error of `sink` not matching `allowed`, and empties it. */
function noErrors(sink, allowed = null) {
  const errors = sink.errors.filter((m) => !(allowed && allowed.test(m)));
  sink.errors = [];
  check(errors.length === 0, `${errors.length} console/page error(s): ${errors.slice(0, 3).join(' | ')}`);
}

/** Response headers of `url` (fetched with gzip accepted). */
async function headers(url) {
  const r = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  await r.arrayBuffer();
  check(r.ok, `${url}: HTTP ${r.status}`);
  return {
    type: r.headers.get('content-type') ?? '',
    encoding: r.headers.get('content-encoding') ?? '',
    cache: r.headers.get('cache-control') ?? '',
  };
}

/** The HTTP side: index.html, sw.js, VERSION and every wasm index.html names. */
async function checkHeaders(name, base, want) {
  const r = await fetch(base);
  const html = await r.text();
  check(r.ok && html.includes('id="hetlab-pages"'), `${base}: HTTP ${r.status}, no hetlab-pages`);
  const wasm = [...html.matchAll(/"\.\/(hetlab-[a-z-]+-[0-9a-f]+_bg\.wasm)"/g)].map((m) => m[1]);
  check(wasm.length === 4, `index.html names ${wasm.length} wasm files, not 4`);
  const page = await headers(base);
  const sw = await headers(new URL('sw.js', base).href);
  const version = await (await fetch(new URL('VERSION', base))).text();
  check(/^HetLab \S+\ncommit [0-9a-f]{40}/.test(version), `VERSION: ${JSON.stringify(version)}`);
  const seen = [];
  for (const w of wasm) {
    const h = await headers(new URL(w, base).href);
    check(h.type === want.wasmType, `${w} sent as ${h.type}, not ${want.wasmType}`);
    check((h.encoding === 'gzip') === want.gzip, `${w}: Content-Encoding "${h.encoding}"`);
    check(/immutable/.test(h.cache) === want.caching, `${w}: Cache-Control "${h.cache}"`);
    seen.push(h);
  }
  for (const [what, h] of [['index.html', page], ['sw.js', sw]]) {
    check((h.cache === 'no-cache') === want.caching, `${what}: Cache-Control "${h.cache}"`);
    check(h.encoding === (want.gzip ? 'gzip' : ''), `${what}: Content-Encoding "${h.encoding}"`);
  }
  return `4 wasm as ${seen[0].type}${want.gzip ? ', gzip' : ', not compressed'}; `
    + `Cache-Control wasm "${seen[0].cache}", index.html "${page.cache}", sw.js "${sw.cache}"; `
    + `${version.trim().replace(/\n/g, ', ')}`;
}

/** The step counter's text once it reads `Step n / m`. */
const stepText = (page) => textWhere(byId(page, 'step-count'), 'a step count', (t) => /^Step \d+ \/ \d+$/.test(t), LOAD_TIMEOUT);

/** One family: its player, then a share link (fresh context, same step) and its embed. */
async function checkFamily(browser, name, base, family, sink) {
  const { context, page } = await watchedContext(browser, sink);
  let shown;
  let url;
  try {
    await load(page, `${base}#/${family}`);
    await visible(byId(page, 'player'), `${family} player`, LOAD_TIMEOUT);
    const first = await stepText(page);
    // The step before the last: a share link must keep a step that is not the default.
    await page.locator('body').click({ position: { x: 2, y: 2 } }).catch(() => {});
    await page.keyboard.press('End');
    const total = Number(/\/ (\d+)$/.exec(first)[1]);
    await textWhere(byId(page, 'step-count'), `Step ${total} / ${total}`, (t) => t === `Step ${total} / ${total}`);
    if (total > 0) await page.keyboard.press('ArrowLeft');
    shown = await textWhere(byId(page, 'step-count'), 'the step before the last',
      (t) => t === `Step ${Math.max(total - 1, 0)} / ${total}`);
    ({ url } = await share({ base: page.url() }, page));
    check(url.startsWith(base), `share link ${url} is not under ${base}`);
    noErrors(sink);
  } finally {
    await context.close();
  }

  const fresh = await watchedContext(browser, sink);
  try {
    await load(fresh.page, url);
    await visible(byId(fresh.page, 'player'), `${family} player from the share link`, LOAD_TIMEOUT);
    await textWhere(byId(fresh.page, 'step-count'), `"${shown}" from the share link`, (t) => t === shown, LOAD_TIMEOUT);
    await load(fresh.page, `${url}&embed=1`);
    await visible(byId(fresh.page, 'figure'), `${family} figure in the embed`, LOAD_TIMEOUT);
    await count(byId(fresh.page, 'site-header'), 0, 'site header in the embed');
    await textWhere(byId(fresh.page, 'step-count'), `"${shown}" in the embed`, (t) => t === shown);
    noErrors(sink);
  } finally {
    await fresh.context.close();
  }
  return `${shown} shared and reopened, embed shows the figure`;
}

/** The service worker's stored URLs, once it has the page, a page and a solver wasm, JS, CSS. */
function offlineCache(page) {
  return poll(
    'the service worker to store the site',
    () => page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const keys = [];
      for (const n of await caches.keys()) keys.push(...(await (await caches.open(n)).keys()).map((r) => r.url));
      return keys;
    }),
    (keys) => ['.js', '.css'].every((e) => keys.some((k) => k.endsWith(e))) && keys.some((k) => k.endsWith('/'))
      && keys.some((k) => /hetlab-solver-[a-z]+-[0-9a-f]+_bg\.wasm$/.test(k))
      && keys.filter((k) => /hetlab-[a-z]+-[0-9a-f]+_bg\.wasm$/.test(k)).length >= 2,
    30_000,
  );
}

/** After one visit: offline, a reload renders, and a family of the other page binary opens. */
async function checkOffline(browser, base, sink) {
  const { context, page } = await watchedContext(browser, sink);
  try {
    await load(page, `${base}#/steady-state?preset=star-example-2&algo=tree`);
    await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
    const keys = await offlineCache(page);
    const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));
    check(scope === base, `service worker scope ${scope}, not ${base}`);
    noErrors(sink);
    await context.setOffline(true);
    const probe = await page.evaluate(() => fetch('./not-cached.txt').then(() => 'fetched', () => 'failed'));
    check(probe === 'failed', `a fetch while offline: ${probe}`);
    await page.reload();
    await visible(byId(page, 'player'), 'player after an offline reload', LOAD_TIMEOUT);
    const after = await stepText(page);
    await load(page, `${base}#/chains`);
    await visible(byId(page, 'player'), 'chains (the other page binary) offline', LOAD_TIMEOUT);
    const chains = await stepText(page);
    noErrors(sink, OFFLINE_NOISE);
    return `${keys.length} files stored (scope ${new URL(scope).pathname}); offline reload shows "${after}", `
      + `#/chains (other binary, its solver) shows "${chains}"`;
  } finally {
    await context.setOffline(false).catch(() => {});
    await context.close();
  }
}

async function main() {
  const servers = process.argv.slice(2).map((a) => {
    const m = /^(tuned|bare)=(https?:\/\/.+\/)$/.exec(a);
    if (!m) throw new Error(`argument ${a}: expected tuned=URL/ or bare=URL/`);
    return { name: m[1], base: m[2] };
  });
  if (!servers.length) throw new Error('usage: node publishcheck.mjs tuned=URL/ bare=URL/');
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    for (const { name, base } of servers) {
      const want = EXPECT[name];
      const sink = { errors: [], fallbacks: 0 };
      console.log(`# ${name}: ${base}`);
      await checkStep(`${name} headers`, () => checkHeaders(name, base, want));
      for (const family of FAMILIES) {
        await checkStep(`${name} #/${family}`, () => checkFamily(browser, name, base, family, sink));
      }
      await checkStep(`${name} wasm loading path`, async () => {
        check((sink.fallbacks > 0) === want.fallback,
          `${sink.fallbacks} instantiateStreaming fallback warning(s) on ${want.wasmType}`);
        return want.fallback
          ? `${sink.fallbacks} console warnings of the fallback from instantiateStreaming, no error`
          : 'instantiateStreaming, no fallback';
      });
      await checkStep(`${name} offline after one visit`, () => checkOffline(browser, base, sink));
    }
  } finally {
    await browser.close();
  }
}

const t0 = Date.now();
try {
  await main();
} catch (e) {
  console.log(`not ok - publish check: ${firstLine(e.message)}`);
  failed++;
}
console.log(`${passed} passed, ${failed} failed (${Math.round((Date.now() - t0) / 1000)} s)`);
process.exit(failed > 0 ? 1 : 0);

// Shared helpers of the end-to-end scenarios (tests.mjs and every suites/*.mjs).
//
// playwright-core has no `expect`, so the small polling helpers below play
// that role: they wait (never assert on elapsed time) and throw a readable
// error with the last observed value when the wait times out.

import { execSync } from 'node:child_process';

/** Timeout for the first appearance of the app after a page load (wasm download + compile). */
export const LOAD_TIMEOUT = 45_000;
/** Timeout for ordinary UI reactions. */
export const UI_TIMEOUT = 10_000;

/** The flags every headless Chromium of the tests and checks starts with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Path of the Chromium binary: $CHROMIUM, `command -v chromium`, or /usr/bin/chromium. */
export function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  try {
    const found = execSync('command -v chromium', { shell: '/bin/sh', encoding: 'utf8' }).trim();
    if (found) return found;
  } catch {
    // not on PATH: fall through
  }
  return '/usr/bin/chromium';
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
/**
 * `t` holds `phrase` whole: never inside a longer number, so `7/4` is not found in `17/4`,
 * `7/45` or `7/4.5`, and `L = 12` is not found in `L = 120`. Whitespace is normalised.
 */
export function hasExact(t, phrase) {
  const esc = norm(phrase).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\d./])${esc}(?![\\d/]|\\.\\d)`).test(norm(t));
}
/**
 * The query of a share link's hash route (`…#/page?k=v&…`) as URLSearchParams, so a test
 * compares whole values: `step=5` must not be found in `step=50`.
 */
export function hashParams(url) {
  const hash = new URL(url, 'http://x/').hash;
  const q = hash.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : hash.slice(q + 1));
}

/** The share link `url` holds each `key=value` of `want` exactly (an object of strings). */
export function checkParams(url, want) {
  const got = hashParams(url);
  for (const [k, v] of Object.entries(want)) {
    check(got.get(k) === String(v), `share url: ${k} should be ${v}, got ${got.get(k)} in ${url}`);
  }
}
export const show = (v) => (v instanceof Error ? `error: ${v.message.split('\n')[0]}` : JSON.stringify(v));

// ---------------------------------------------------------------------------
// Polling helpers

/**
 * Calls `probe()` until `accept(value)` holds; returns the accepted value.
 * A throwing probe counts as "not yet". Throws after `timeout` ms.
 */
export async function poll(what, probe, accept, timeout = UI_TIMEOUT) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await probe();
      if (accept(last)) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout} ms waiting for ${what}; last value: ${show(last)}`);
    }
    await sleep(100);
  }
}

/** Waits until the first element matched by `locator` is visible. */
export async function visible(locator, what, timeout = UI_TIMEOUT) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (e) {
    throw new Error(`${what} not visible within ${timeout} ms (${e.message.split('\n')[0]})`);
  }
}

/** Waits until `locator` matches exactly `n` elements. */
export function count(locator, n, what, timeout = UI_TIMEOUT) {
  return poll(`${what} count to be ${n}`, () => locator.count(), (c) => c === n, timeout);
}

/** Normalised text content of the first element matched by `locator`. */
export async function text(locator) {
  return norm(await locator.first().textContent({ timeout: 1_000 }));
}

/** The rendered text of `locator` with table cells and lines apart (innerText), normalised:
 *  numbers in neighbouring cells stay separate tokens for `hasExact`. */
export async function cellText(locator) {
  // SVG elements have no innerText: their textContent is what they show.
  return norm(await locator.first().evaluate((el) => el.innerText ?? el.textContent, null, { timeout: 1_000 }));
}

/** Waits until the rendered text (`cellText`) of `locator` satisfies `accept`; returns it. */
export function cellsWhere(locator, what, accept, timeout = UI_TIMEOUT) {
  return poll(what, () => cellText(locator), accept, timeout);
}

/** Waits until the text of `locator` satisfies `accept`; returns it. */
export function textWhere(locator, what, accept, timeout = UI_TIMEOUT) {
  return poll(what, () => text(locator), accept, timeout);
}

/** Throws `message` unless `cond` holds. */
export function check(cond, message) {
  if (!cond) throw new Error(message);
}

// ---------------------------------------------------------------------------
// HetLab-specific helpers

export const byId = (page, id) => page.locator(`[data-testid="${id}"]`);
export const graphNodes = (page) => page.locator('svg[data-testid="graph"] [data-testid^="node-"]');
export const stepCount = (page) => byId(page, 'step-count');

/** Waits until the step counter reads exactly `expected` (e.g. 'Step 2 / 13'). */
export function expectStep(page, expected, timeout = UI_TIMEOUT) {
  return textWhere(stepCount(page), `step count "${expected}"`, (t) => t === expected, timeout);
}

/** Total number of steps shown by the step counter ('Step 4 / 13' -> 13), NaN if unreadable. */
export async function stepTotal(page) {
  const m = /\/\s*(\d+)/.exec(await text(stepCount(page)));
  return m ? Number(m[1]) : NaN;
}

/** Current step number shown by the step counter ('Step 4 / 13' -> 4), NaN if unreadable. */
export async function stepNumber(page) {
  const m = /Step\s+(\d+)\s*\//.exec(await text(stepCount(page)));
  return m ? Number(m[1]) : NaN;
}

/**
 * Full document load of `url`, even when only the hash differs from the
 * current URL (page.goto would otherwise do a same-document navigation).
 */
export async function load(page, url) {
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto(url);
}

/** Loads the platform editor and selects `preset`; waits for `nodes` graph nodes. */
export async function openPreset(h, page, preset, nodes) {
  await load(page, h.url('/#/platform'));
  await visible(byId(page, 'editor'), 'editor', LOAD_TIMEOUT);
  await page.locator('select[data-testid="preset"]').selectOption(preset, { timeout: UI_TIMEOUT });
  await count(graphNodes(page), nodes, `graph nodes after selecting ${preset}`);
}

/** Opens a steady-state player URL and waits for the player at step 0. */
export async function openPlayer(h, page, search) {
  await load(page, h.url(`/#/steady-state?${search}`));
  await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
  await textWhere(stepCount(page), 'step count "Step 0 / ..."', (t) => t.startsWith('Step 0 / '));
}

/** Clicks the next button `n` times and waits for `Step n / ...`. */
export async function stepForward(page, n) {
  for (let i = 0; i < n; i++) await byId(page, 'player-next').click();
  return textWhere(stepCount(page), `step count "Step ${n} / ..."`, (t) => t.startsWith(`Step ${n} / `));
}

/** Opens the share dialog and returns { url, embed } (url resolved to an absolute URL). */
export async function share(h, page) {
  await byId(page, 'share').click();
  await visible(byId(page, 'share-dialog'), 'share dialog');
  const raw = await poll(
    'non-empty share url',
    () => page.locator('input[data-testid="share-url"]').inputValue({ timeout: 1_000 }),
    (v) => v.length > 0,
  );
  const embed = await page.locator('textarea[data-testid="embed-code"]').inputValue({ timeout: UI_TIMEOUT });
  return { raw, url: new URL(raw, h.base).href, embed };
}

/**
 * What every family page owes at its last step (`total` steps): one step back changes the
 * caption, and its share link reopens that step, with that caption, in a fresh page (returned).
 */
export async function backAndShare(h, page, total) {
  const end = await text(byId(page, 'caption'));
  await page.keyboard.press('ArrowLeft');
  await expectStep(page, `Step ${total - 1} / ${total}`);
  const back = await textWhere(byId(page, 'caption'), 'a different caption', (t) => t !== end);
  const { url } = await share(h, page);
  checkParams(url, { step: total - 1 });
  const fresh = await h.newPage();
  await load(fresh, url);
  await visible(byId(fresh, 'player'), 'player (shared)', LOAD_TIMEOUT);
  await expectStep(fresh, `Step ${total - 1} / ${total}`);
  await textWhere(byId(fresh, 'caption'), 'the same caption', (t) => t === back);
  return fresh;
}

/**
 * A bad value typed in a family form's field (`data-testid` = `field`, its message under the
 * element of class `field`) and applied with the `apply` button is explained beside the field
 * (`accept` holds of the message), and the page keeps showing step `step` of `total`.
 */
export async function badFieldKeepsStep(page, { field, value, apply, what, accept }, step, total) {
  await page.locator(`input[data-testid="${field}"]`).fill(value);
  await byId(page, apply).click();
  await textWhere(page.locator(`.${field} .field-error`), what, accept);
  await expectStep(page, `Step ${step} / ${total}`);
}

/** At `width` CSS px, and at its last step, the page does not scroll sideways. */
export async function noSideScroll(page, width, height = 800) {
  await page.setViewportSize({ width, height });
  await page.keyboard.press('End');
  await sleep(300);
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  check(sw <= cw, `page scrolls sideways at ${width} px: ${sw} > ${cw}`);
}

/** Waits (best effort, at most `timeout`) until localStorage[key] differs from `before`. */
export async function settleAutosave(page, key, before, timeout = 5_000) {
  await poll(
    `localStorage ${key} to change`,
    () => page.evaluate((k) => localStorage.getItem(k), key),
    (v) => v !== null && v !== before,
    timeout,
  ).catch(() => {}); // the assertions after a reload are the real check
}

export const STORAGE_KEY = 'hetlab.platform.v1';

/** A deterministic pseudo-random generator (mulberry32): seeded, so a failing run replays. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

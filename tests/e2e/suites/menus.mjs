// Issue 32, item 1: the Algorithm menu must name the algorithm that is drawn. Random sequences
// of menu actions on every family page (an algorithm by keyboard or by pick, another example,
// Back), and after each answer of the worker: the menu's shown value, the URL's `algo=` (or the
// first offered algorithm when the URL names none) and the algorithm of the drawn run agree.
// Seeded (HETLAB_MENU_SEED, default 32); HETLAB_MENU_ACTIONS sets the count per family.

import { LOAD_TIMEOUT, poll, visible, check, byId, load, show, rng } from '../lib.mjs';

const FAMILIES = ['steady-state', 'broadcast', 'square-partition', 'lu', 'chains', 'ring', 'scatter', 'master-slave', 'divisible'];
const ACTIONS = Number(process.env.HETLAB_MENU_ACTIONS ?? 60);
const SEED = Number(process.env.HETLAB_MENU_SEED ?? 32);


/** What the page says about its algorithm once the worker has answered, or null meanwhile. */
async function agreement(page) {
  return page.evaluate(() => {
    const fig = document.querySelector('[data-testid="figure"]');
    const menu = document.querySelector('select[data-testid="algo"]');
    if (!fig || !menu || !fig.hasAttribute('data-algo')) return null;
    const params = new URLSearchParams(location.hash.split('?')[1] ?? '');
    const offered = [...menu.options].map((o) => o.value);
    return {
      shown: menu.value,
      url: params.get('algo') ?? offered[0],
      drawn: fig.getAttribute('data-algo'),
      offered,
    };
  });
}

async function settled(page, what) {
  return poll(`${what}: the worker's answer`, () => agreement(page), (a) => a !== null, LOAD_TIMEOUT);
}

/** One family: `n` random actions, each checked once the worker answers; returns how many ran. */
async function walk(h, page, family, rand, n) {
  await load(page, h.url(`/#/${family}`));
  await visible(byId(page, 'algo'), `${family}: the Algorithm menu`, LOAD_TIMEOUT);
  const presets = await page.locator('select[data-testid="page-preset"] option:not([disabled])').evaluateAll((os) => os.map((o) => o.value));
  // The page opens on its default example, and the Example menu names it.
  await poll(`${family}: the Example menu names the example shown`, () => page.locator('select[data-testid="page-preset"]').inputValue(), (v) => presets.includes(v), LOAD_TIMEOUT);
  const log = [];
  let state = await settled(page, family);
  for (let k = 0; k < n; k++) {
    const r = rand();
    const before = new URL(page.url()).hash;
    let action;
    if (r < 0.45) {
      const key = rand() < 0.5 ? 'ArrowDown' : 'ArrowUp';
      const times = 1 + Math.floor(rand() * 3);
      action = `${times}×${key} in Algorithm`;
      await page.locator('select[data-testid="algo"]').focus();
      for (let t = 0; t < times; t++) await page.keyboard.press(key);
    } else if (r < 0.7) {
      const pick = state.offered[Math.floor(rand() * state.offered.length)];
      action = `pick algorithm ${pick}`;
      await page.locator('select[data-testid="algo"]').selectOption(pick);
    } else if (r < 0.9 || log.length === 0) {
      const pick = presets[Math.floor(rand() * presets.length)];
      action = `pick example ${pick}`;
      await page.locator('select[data-testid="page-preset"]').selectOption(pick);
    } else {
      action = 'Back';
      await page.goBack();
    }
    log.push(action);
    // A render may still be on its way: the three must agree within the UI timeout, and stay
    // apart for good only when the menu is wrong.
    let last = null;
    const agree = (a) => a !== null && a.shown === a.url && a.url === a.drawn && a.offered.includes(a.drawn);
    try {
      state = await poll(`${family} after ${action}`, async () => (last = await agreement(page)), agree, LOAD_TIMEOUT);
    } catch {
      check(false, `${family}: after ${show(log)} (from ${before}) the menu shows ${last?.shown}, the URL says ${last?.url}, the figure draws ${last?.drawn}`);
    }
  }
  return log.length;
}

// 9 families × 60 actions = 540 checked menu sequences, one test per family (each within the
// per-test timeout), each with its own seed.
export const tests = FAMILIES.map((family, k) => ({
  name: `algorithm-menu-${family}`,
  async fn(h) {
    const ran = await walk(h, h.lastPage, family, rng(SEED * 100 + k), ACTIONS);
    check(ran === ACTIONS, `${family}: ${ran} of ${ACTIONS} actions ran`);
  },
}));

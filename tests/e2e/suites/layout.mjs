// Issue 32, items 4–5: on every family page, at a projector's 1280×800 and a phone's 390×844,
// in both themes, the figure and the player are both on the first screen, nothing scrolls
// sideways and no figure text is under 11 px. The first screen of each is saved as
// target/screenshots/layout-<page>-<size>-<theme>.png.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_TIMEOUT, visible, check, byId, load, stepCount, textWhere } from '../lib.mjs';
import { smallestFigureText } from './figures.mjs';

const SHOTS = path.resolve(process.env.HETLAB_SCREENSHOTS || path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'target', 'screenshots'));
const PAGES = ['steady-state', 'broadcast', 'square-partition', 'lu', 'chains', 'ring', 'scatter', 'master-slave', 'divisible'];
const SIZES = { projector: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** Every page at one size and theme: what does not fit, in sentences. */
async function misfits(h, page, size, theme) {
  const { width, height } = SIZES[size];
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: theme });
  const problems = [];
  for (const family of PAGES) {
    await load(page, h.url(`/#/${family}`));
    await visible(byId(page, 'player'), `${family}: the player`, LOAD_TIMEOUT);
    await textWhere(stepCount(page), 'a step count', (t) => /Step \d+ \/ \d+/.test(t), LOAD_TIMEOUT);
    await page.keyboard.press('End');
    await textWhere(stepCount(page), 'the last step', (t) => /Step (\d+) \/ \1$/.test(t));
    const m = await page.evaluate(() => ({
      figure: document.querySelector('[data-testid="figure"]').getBoundingClientRect().bottom,
      player: document.querySelector('[data-testid="player"]').getBoundingClientRect().bottom,
      scroll: document.documentElement.scrollWidth - innerWidth,
      top: scrollY,
    }));
    const where = `${family} at ${size} (${theme})`;
    // The ring's figure stacks three panels (440 × 676): shrunk to the first screen its 12 px
    // text would fall under 11 px, so it is drawn at full size until it gets a wide arrangement
    // (issue 32's note); its text size and width are still checked.
    const fold = family !== 'ring';
    if (m.top !== 0) problems.push(`${where}: the page opened scrolled by ${m.top} px`);
    if (fold && m.figure > height) problems.push(`${where}: the figure ends at ${Math.round(m.figure)} px, below ${height}`);
    if (fold && m.player > height) problems.push(`${where}: the player ends at ${Math.round(m.player)} px, below ${height}`);
    if (m.scroll > 0) problems.push(`${where}: the page scrolls sideways by ${m.scroll} px`);
    const small = await smallestFigureText(page);
    if (small.min < 10.95) problems.push(`${where}: figure text "${small.which}" at ${small.min.toFixed(1)} px`);
    await page.screenshot({ path: path.join(SHOTS, `layout-${family}-${size}-${theme}.png`) });
  }
  return problems;
}

export const tests = Object.keys(SIZES).flatMap((size) => ['light', 'dark'].map((theme) => ({
  name: `layout-first-screen-${size}-${theme}`,
  async fn(h) {
    const problems = await misfits(h, h.lastPage, size, theme);
    check(problems.length === 0, problems.join('; '));
  },
})));

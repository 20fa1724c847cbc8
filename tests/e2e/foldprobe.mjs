// Where the figure and the player sit on every family page at the lecture-hall and phone sizes:
// prints, per page and size, the figure's and the player's bottom edge against the viewport
// height and the figure's smallest text size, and saves a screenshot of the first screen to
// target/screenshots/fold-<page>-<size>-<theme>.png. A measurement for the notes, not a test
// (`suites/layout.mjs` asserts the same rules).
//   node tests/e2e/foldprobe.mjs [dark]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './lib.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.HETLAB_DIST || path.resolve(HERE, '..', '..', 'dist');
const SHOTS = path.resolve(HERE, '..', '..', 'target', 'screenshots');
const theme = process.argv[2] === 'dark' ? 'dark' : 'light';
const port = 18000 + Math.floor(Math.random() * 1000);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', DIST], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
fs.mkdirSync(SHOTS, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const PAGES = ['steady-state', 'broadcast', 'square-partition', 'lu', 'chains', 'ring', 'scatter', 'master-slave', 'divisible'];
const SIZES = [['desktop', 1280, 800], ['phone', 390, 844]];
try {
  for (const [size, width, height] of SIZES) {
    const page = await browser.newPage({ viewport: { width, height }, colorScheme: theme });
    for (const p of PAGES) {
      await page.goto('about:blank');
      await page.goto(`http://127.0.0.1:${port}/#/${p}`);
      await page.locator('[data-testid="player"]').waitFor({ timeout: 60000 });
      await page.keyboard.press('End');
      await page.waitForTimeout(400);
      const m = await page.evaluate(() => {
        const r = (sel) => document.querySelector(sel)?.getBoundingClientRect();
        const fig = r('[data-testid="figure"]');
        const player = r('[data-testid="player"]');
        let small = Infinity;
        for (const t of document.querySelectorAll('[data-testid="figure"] text')) {
          const b = t.getBoundingClientRect();
          if (b.width === 0 || !t.textContent.trim()) continue;
          const svg = t.ownerSVGElement;
          const ctm = t.getScreenCTM();
          const px = parseFloat(getComputedStyle(t).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
          small = Math.min(small, px);
        }
        const over = document.documentElement.scrollWidth - innerWidth;
        const card = Math.max(0, ...[...document.querySelectorAll('.figure')].map((e) => e.scrollWidth - e.clientWidth));
        return { figTop: fig?.top, figBottom: fig?.bottom, playerBottom: player?.bottom, small, over, card };
      });
      const ok = m.playerBottom <= height && m.figBottom <= height;
      console.log(`${size} ${p.padEnd(17)} fig ${Math.round(m.figTop)}–${Math.round(m.figBottom)} player→${Math.round(m.playerBottom)} of ${height}  text ≥ ${m.small.toFixed(1)} px  sidescroll ${m.over} in-card ${m.card}  ${ok ? 'ok' : 'BELOW THE FOLD'}`);
      await page.screenshot({ path: path.join(SHOTS, `fold-${p}-${size}-${theme}.png`) });
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
}

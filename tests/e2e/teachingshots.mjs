// Screenshots of the teaching pages, for a person to look at (nothing is asserted): a practice
// question and its feedback with the figure (issue 35), a lesson's slide and the lesson editor
// (issue 36), at 1280×800 and 390×844, light and dark.
// Usage: HETLAB_DIST=dist node tests/e2e/teachingshots.mjs OUTDIR
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, sleep } from './lib.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const dist = process.env.HETLAB_DIST ?? path.join(HERE, '..', '..', 'dist');
const out = process.argv[2] ?? '/tmp';
const port = 43000 + Math.floor(Math.random() * 1000);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dist], { stdio: 'ignore' });
await sleep(800);
try {
  for (const scheme of ['light', 'dark']) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'hetlab-shots-'));
    const ctx = await chromium.launchPersistentContext(dir, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, colorScheme: scheme });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    for (const [w, h] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`http://127.0.0.1:${port}/#/practice?f=chains,steady-state&d=small&seed=${w}`);
      await page.locator('[data-testid="practice-prompt"]').waitFor({ timeout: 60_000 });
      await sleep(500);
      await page.screenshot({ path: path.join(out, `practice-q-${w}-${scheme}.png`) });
      await page.getByRole('button', { name: 'Skip' }).click();
      await page.locator('[data-testid="practice-figure"]').waitFor({ timeout: 60_000 });
      await sleep(4000);
      await page.screenshot({ path: path.join(out, `practice-fb-${w}-${scheme}.png`), fullPage: true });
      await page.goto(`http://127.0.0.1:${port}/#/lesson?builtin=steady-state&slide=2`);
      await page.locator('[data-testid="lesson-player"]').waitFor({ timeout: 60_000 });
      await sleep(4000);
      await page.screenshot({ path: path.join(out, `lesson-${w}-${scheme}.png`) });
      await page.goto(`http://127.0.0.1:${port}/#/chains?preset=chains-ex1&algo=nicol&step=5`);
      await page.locator('[data-testid="add-to-lesson"]').click({ timeout: 60_000 });
      await page.goto(`http://127.0.0.1:${port}/#/lesson?edit=1`);
      await page.locator('[data-testid="lesson-editor"]').waitFor({ timeout: 60_000 });
      await sleep(500);
      await page.screenshot({ path: path.join(out, `lesson-editor-${w}-${scheme}.png`), fullPage: true });
    }
    await ctx.close();
  }
} finally {
  server.kill();
}

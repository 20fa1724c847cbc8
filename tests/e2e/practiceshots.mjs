// Screenshots of the practice page (issue 35), for a person to look at: a question, its
// feedback with the figure, at 1280×800 and 390×844, light and dark.
// Usage: HETLAB_DIST=dist node tests/e2e/practiceshots.mjs OUTDIR
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
    }
    await ctx.close();
  }
} finally {
  server.kill();
}

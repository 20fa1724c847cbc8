// Runs the browser bench page (#/bench: the core's solvers timed in this browser's wasm) in
// headless Chromium and prints its rows. Not a test: a measurement for the notes.
//   node tests/e2e/benchpage.mjs          every row (several minutes)
//   node tests/e2e/benchpage.mjs chains   #/bench?only=chains: EXACT-BISECTION, NICOL+ and DP+ on
//                                         the 615 400-task preset at P = 32 … 2048, each as a
//                                         ratio to one prefix-sum pass
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.HETLAB_DIST || path.resolve(HERE, '..', '..', 'dist');
const port = 18000 + Math.floor(Math.random() * 1000);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', DIST], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const only = process.argv[2];
  await page.goto(`http://127.0.0.1:${port}/#/bench${only ? `?only=${only}` : ''}`);
  await page.locator('[data-testid="bench-run"]').click({ timeout: 60_000 });
  // Each group's solver worker measures in turn; the page says when all are done.
  await page.locator('[data-testid="bench-done"], [data-testid="bench"] .warning').first().waitFor({ timeout: 1_800_000 });
  const rows = page.locator('[data-testid="bench-results"] tbody tr');
  for (const r of await rows.all()) {
    const cells = await r.locator('td').allTextContents();
    console.log(cells.join(' | '));
  }
} finally {
  await browser.close();
  server.kill();
}

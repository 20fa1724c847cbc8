// Measures how a sweep on the experiments page scales with its workers (issue 37: 2 workers at
// least 1.6 times as fast as one). Runs the same sweep with 1 worker, then with 2, R times each,
// alternately, and prints each run's time (the page's own, from Run to the last answer) and the
// speed-up of the medians. Not a test (never asserts time): a measurement for the notes.
//   node tests/e2e/sweepscale.mjs [builtin-name | spec.json] [R]
// Default: a broadcast sweep of 120 instances (sizes 8-12, the LP and two trees).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './lib.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.HETLAB_DIST || path.resolve(HERE, '..', '..', 'dist');
const which = process.argv[2] || '';
const rounds = Number(process.argv[3] || 3);
const spec = which.endsWith('.json') ? readFileSync(which, 'utf8') : which ? null : JSON.stringify({
  format: 'hetlab-sweep', version: 1, name: 'Scaling: broadcast', family: 'broadcast',
  grid: { size: [8, 10, 12] }, seeds: { first: 1, count: 40 },
  algorithms: ['lp', 'best-tree', 'binomial'], reference: 'lp', measures: ['value', 'ratio'],
});
const port = 18000 + Math.floor(Math.random() * 1000);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', DIST], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const url = `http://127.0.0.1:${port}/#/experiments?sweep=${spec ? 'ring' : which}`;
  const times = { 1: [], 2: [] };
  for (let r = 0; r < rounds; r++) {
    for (const workers of [1, 2]) {
      await page.goto('about:blank');
      await page.goto(url);
      const editor = page.locator('[data-testid="sweep-spec"]');
      await editor.waitFor({ state: 'attached', timeout: 60000 });
      if (spec) {
        await page.locator('.sweep-spec summary').click();
        await editor.fill(spec);
      }
      await page.locator('[data-testid="sweep-workers"]').fill(String(workers));
      await page.locator('[data-testid="sweep-workers"]').dispatchEvent('change');
      await page.locator('[data-testid="sweep-run"]').click();
      const status = page.locator('[data-testid="sweep-status"][data-state="finished"]');
      await status.waitFor({ timeout: 600000 });
      const ms = Number(await status.getAttribute('data-elapsed'));
      times[workers].push(ms);
      console.log(`round ${r + 1}, ${workers} worker(s): ${(ms / 1000).toFixed(2)} s`);
    }
  }
  const [one, two] = [median(times[1]), median(times[2])];
  console.log(`median: 1 worker ${(one / 1000).toFixed(2)} s, 2 workers ${(two / 1000).toFixed(2)} s: ${(one / two).toFixed(2)}x`);
} finally {
  await browser.close();
  server.kill();
}

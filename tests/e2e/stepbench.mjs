// Measures how long one step takes on a page (key press to the new step counter), median of
// N presses back and forth. Not a test: a measurement for the notes.
//   node tests/e2e/stepbench.mjs 'steady-state?preset=example-1&algo=lp&step=15' [N]
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.HETLAB_DIST || path.resolve(HERE, '..', '..', 'dist');
const route = process.argv[2];
const n = Number(process.argv[3] || 30);
const port = 18000 + Math.floor(Math.random() * 1000);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', DIST], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/#/${route}`);
  await page.locator('[data-testid="step-count"]').waitFor({ timeout: 60000 });
  const times = [];
  for (let i = 0; i < n; i++) {
    const key = i % 2 === 0 ? 'ArrowLeft' : 'ArrowRight';
    const before = await page.locator('[data-testid="step-count"]').textContent();
    const t = await page.evaluate(async ([key, before]) => {
      const t0 = performance.now();
      document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const now = document.querySelector('[data-testid="step-count"]').textContent;
        if (now !== before) return performance.now() - t0;
      }
    }, [key, before]);
    times.push(t);
  }
  times.sort((a, b) => a - b);
  console.log(`${route}: median ${times[Math.floor(n / 2)].toFixed(1)} ms, max ${times[n - 1].toFixed(1)} ms over ${n} steps (to the next frame)`);
} finally {
  await browser.close();
  server.kill();
}

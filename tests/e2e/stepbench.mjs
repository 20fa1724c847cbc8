// Measures how long one step takes on a page, two ways: the work (from the key press until the
// page has handled it and re-rendered: a macrotask queued after the press runs once the render's
// microtasks are done) and the time to the frame that shows the new step counter (which adds the
// wait for the display's next frame, up to 16.7 ms at 60 Hz, whatever the work). Not a test
// (never asserts time): a measurement for the notes.
//   node tests/e2e/stepbench.mjs 'steady-state?preset=example-1&algo=lp&step=15' [N] [mode]
// mode: pingpong (default: ArrowLeft/ArrowRight alternately), walk (ArrowRight N times from the
// URL's step), jumps (End/Home alternately: the longest replays), play (no key: the route's
// `autoplay&speed=S` plays N steps; prints the steps per second against S and the gaps between
// shown steps). Prints p50/p95/max.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.HETLAB_DIST || path.resolve(HERE, '..', '..', 'dist');
const route = process.argv[2];
const n = Number(process.argv[3] || 30);
const mode = process.argv[4] || 'pingpong';
const port = 18000 + Math.floor(Math.random() * 1000);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', DIST], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const keyOf = (i) => {
  if (mode === 'walk') return 'ArrowRight';
  if (mode === 'jumps') return i % 2 === 0 ? 'End' : 'Home';
  return i % 2 === 0 ? 'ArrowLeft' : 'ArrowRight';
};
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/#/${route}`);
  await page.locator('[data-testid="step-count"]').waitFor({ timeout: 60000 });
  if (mode === 'play') {
    const gaps = await page.evaluate(async (n) => {
      const el = document.querySelector('[data-testid="step-count"]');
      const seen = [];
      await new Promise((done) => {
        new MutationObserver(() => {
          seen.push(performance.now());
          if (seen.length > n) done();
        }).observe(el, { childList: true, characterData: true, subtree: true });
        setTimeout(done, 120000);
      });
      return seen.slice(1).map((t, i) => t - seen[i]);
    }, n);
    const total = gaps.reduce((a, b) => a + b, 0);
    const speed = Number(new URLSearchParams(route.split('?')[1]).get('speed') || 1);
    const s = [...gaps].sort((a, b) => a - b);
    const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1);
    console.log(`${route} [play, ${gaps.length} steps]: ${(1000 * gaps.length / total).toFixed(2)} steps/s (asked ${speed}); gap p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${s[s.length - 1].toFixed(1)} ms`);
  }
  const times = [];
  const works = [];
  for (let i = 0; i < (mode === 'play' ? 0 : n); i++) {
    const key = keyOf(i);
    const before = await page.locator('[data-testid="step-count"]').textContent();
    const [w, t] = await page.evaluate(async ([key, before]) => {
      const t0 = performance.now();
      document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      const work = performance.now() - t0;
      for (let f = 0; f < 600; f++) {
        const now = document.querySelector('[data-testid="step-count"]').textContent;
        if (now !== before) return [work, performance.now() - t0];
        await new Promise((r) => requestAnimationFrame(r));
      }
      return [work, NaN];
    }, [key, before]);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    if (!Number.isNaN(t)) {
      times.push(t);
      works.push(w);
    }
  }
  const steps = await page.locator('[data-testid="step-count"]').textContent();
  const stats = (xs) => {
    xs.sort((a, b) => a - b);
    const at = (q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))].toFixed(1);
    return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${xs[xs.length - 1].toFixed(1)} ms`;
  };
  if (mode !== 'play') console.log(`${route} [${mode}, ${times.length} presses, now "${steps}"]: work ${stats(works)}; to the next frame ${stats(times)}`);
} finally {
  await browser.close();
  server.kill();
}

// Steps through every preset's whole trace (default algorithm, at most MAX steps each, from step
// 0) and reports the work of each key press (key press to the end of its render, as in
// stepbench.mjs): per route its p50/p95/max, and every step over 16 ms with its index. A
// measurement for the notes (never asserts time); the presets are read from the core's list.
//   node tests/e2e/stepsweep.mjs [MAX] [FILTER]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const DIST = process.env.HETLAB_DIST || path.join(ROOT, 'dist');
const max = Number(process.argv[2] || 400);
const filter = process.argv[3] || '';
const src = fs.readFileSync(path.join(ROOT, 'crates/core/src/presets.rs'), 'utf8');
const presets = [...src.matchAll(/name: "([^"]+)",\s*\n\s*problem: "([^"]+)"/g)]
  .map((m) => `${m[2]}?preset=${m[1]}`)
  .filter((r) => r.includes(filter));
const port = 18000 + Math.floor(Math.random() * 1000);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', DIST], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1);
  return `${at(0.5)} / ${at(0.95)} / ${s[s.length - 1].toFixed(1)}`;
};
const all = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  for (const route of presets) {
    await page.goto(`http://127.0.0.1:${port}/#/${route}&step=0`);
    try {
      await page.locator('[data-testid="step-count"]').waitFor({ timeout: 60000 });
    } catch {
      console.log(`${route}: no player`);
      continue;
    }
    const works = await page.evaluate(async (max) => {
      const count = () => document.querySelector('[data-testid="step-count"]')?.textContent;
      const out = [];
      for (let i = 0; i < max; i++) {
        const before = count();
        const t0 = performance.now();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        await new Promise((r) => setTimeout(r, 0));
        const work = performance.now() - t0;
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        if (count() === before) break;
        out.push(work);
      }
      return out;
    }, max);
    if (works.length === 0) {
      console.log(`${route}: one step`);
      continue;
    }
    all.push(...works);
    const slow = works.map((w, i) => [i + 1, w]).filter(([, w]) => w > 16);
    console.log(`${route}: ${works.length} steps, p50/p95/max ${stats(works)} ms` +
      (slow.length ? `; over 16 ms at ${slow.map(([i, w]) => `${i} (${w.toFixed(0)})`).join(', ')}` : ''));
  }
  console.log(`all ${all.length} steps: p50/p95/max ${stats(all)} ms`);
} finally {
  await browser.close();
  server.kill();
}

// Issue 34, master–slave rows: MaxTasks2's exact optimum drawn beside the approximation
// (master-slave.md §10.2-5, MS-4: OPT 16, C_app 14, final 14–15, OPT − p = 13), refused with
// the reason above p = 7 (§12), absent for the other variants; MinTime on a tree (§3.4 over
// §8.3: MS-10's fork needs T* = 10 for its 5 tasks); the Hungarian method's phases on W
// (§10.1-4, MS-2: σ = (3,1,2), C = 8). Every value shown is compared with the
// document the native command line prints, and with the spec's number.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_TIMEOUT, byId, check, load, norm, stepCount, text, textWhere, visible } from '../lib.mjs';
import { native } from './built-sl.mjs';

const PRESETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'crates', 'core', 'presets');
const preset = (name) => readFileSync(path.join(PRESETS, `${name}.json`), 'utf8');
const solve = (instance, algorithm) => JSON.parse(native(['solve', '-', '--algorithm', algorithm], instance));
const num = (v) => {
  const [a, b] = String(v).split('/');
  return Number(a) / (b ? Number(b) : 1);
};

/** Opens `hash`, waits for the player, presses End and waits for the last step. */
async function atEnd(page, url) {
  await load(page, url);
  await textWhere(stepCount(page), `${url}: a step count`, (t) => /Step \d+ \/ \d+/.test(t), LOAD_TIMEOUT);
  await page.keyboard.press('End');
  await textWhere(stepCount(page), `${url}: the last step`, (t) => {
    const m = /Step (\d+) \/ (\d+)/.exec(t);
    return m && m[1] === m[2];
  });
}

export const tests = [
  {
    name: 'master-slave-exact-beside',
    async fn(h) {
      const page = h.lastPage;
      // The command line on MS-4: the approximation and the exact optimum.
      const approx = solve(preset('master-slave-ms4'), 'approx');
      const exact = solve(preset('master-slave-ms4'), 'exact');
      const opt = num(exact.objective.value_exact);
      const fin = num(approx.objective.value_exact);
      check(opt === 16 && approx.matching.c_app === 14 && fin >= 14 && fin <= 15, `the CLI: OPT ${opt}, C_app ${approx.matching.c_app}, final ${fin}`);
      await atEnd(page, h.url('/#/master-slave?preset=master-slave-ms4&algo=approx'));
      const panel = byId(page, 'ms-exact');
      await visible(panel, 'the exact-optimum panel', LOAD_TIMEOUT);
      check(!(await byId(page, 'ms-beside-exact').isVisible()), 'closed until asked');
      await panel.locator(':scope > summary').click();
      await visible(byId(page, 'ms-beside-exact'), 'the exact Gantt chart');
      const got = {};
      for (const k of ['opt', 'final', 'c-app', 'gap']) got[k] = norm(await text(byId(page, `ms-exact-${k}`)));
      check(got.opt === '16' && got.final === String(fin) && got['c-app'] === '14' && got.gap === '13', `OPT, final, C_app, OPT − p: ${JSON.stringify(got)}`);
      // The captions name the totals and the slots of the CLI's documents.
      const [s1, s2] = exact.matching.exact_sigma;
      const ec = norm(await text(byId(page, 'ms-beside-exact-caption')));
      check(ec.includes('16 tasks') && ec.includes(`σ1 = (${s1.join(',')}), σ2 = (${s2.join(',')})`), `the exact caption: ${ec}`);
      const ac = norm(await text(byId(page, 'ms-beside-approx-caption')));
      const [l, r] = [approx.matching.left.sigma, approx.matching.right.sigma];
      check(ac.includes(`${fin} tasks`) && ac.includes(`σ1 = (${l.join(',')}), σ2 = (${r.join(',')})`), `the approximation's caption: ${ac}`);
      // Each chart: 3 messages out, 3 back, and its tasks, with its counter.
      for (const [id, n] of [['ms-beside-exact', 16], ['ms-beside-approx', fin]]) {
        const svg = byId(page, id);
        check((await svg.locator('rect.act').count()) === n + 6, `${id}: ${n} tasks and 6 messages drawn`);
        check((await svg.locator('text').allTextContents()).includes(`${n} tasks`), `${id}: the counter says ${n}`);
      }
      // Nine slaves: the exact search is refused with its reason, the approximation runs.
      const nine = JSON.stringify({ problem: 'master-slave', version: 1, variant: 'MaxTasks2', t: [3, 4, 5, 6, 7, 8, 9, 10, 11], t1: 1, t2: 1, T: 40 });
      await atEnd(page, h.url(`/#/master-slave?i=${native(['encode', '-'], nine)}&algo=approx`));
      await byId(page, 'ms-exact').locator(':scope > summary').click();
      await textWhere(byId(page, 'ms-exact-refused'), 'the refusal', (t) => t.startsWith('Too many permutations for the exact optimum:') && t.includes('limited to 7 slaves (got 9)'), LOAD_TIMEOUT);
      // MaxTasks1 has no such panel.
      await atEnd(page, h.url('/#/master-slave?preset=master-slave-ms1'));
      check((await byId(page, 'ms-exact').count()) === 0, 'MS-1: no exact-optimum panel');
    },
  },
  {
    name: 'master-slave-tree-min-time',
    async fn(h) {
      const page = h.lastPage;
      // MS-10's fork with C = 5 instead of T = 10.
      const doc = JSON.parse(preset('master-slave-ms10'));
      delete doc.T;
      doc.C = 5;
      const instance = JSON.stringify(doc);
      const cli = solve(instance, 'exact');
      check(cli.objective.name === 'makespan' && num(cli.objective.value_exact) === 10, `the CLI: ${JSON.stringify(cli.objective)}`);
      await atEnd(page, h.url(`/#/master-slave?i=${native(['encode', '-'], instance)}`));
      await textWhere(byId(page, 'ms-makespan'), 'T* = 10', (t) => t === '10');
      check(norm(await text(byId(page, 'ms-total'))) === '5', 'five tasks');
      check(norm(await text(byId(page, 'ms-counts'))) === `(${cli.counts.join(',')})`, 'the counts of the CLI');
      // The form shows C and no T.
      check((await byId(page, 'ms-field-C').inputValue()) === '5' && (await byId(page, 'ms-field-T').inputValue()) === '', 'the form: C = 5, T empty');
    },
  },
  {
    name: 'master-slave-hungarian-phases',
    async fn(h) {
      const page = h.lastPage;
      // MS-2: W = [[3,3,3],[3,2,2],[2,2,1]], C = 8, the unique σ = (3,1,2).
      const doc = solve(preset('master-slave-ms2'), 'exact');
      check(JSON.stringify(doc.matching.optimal.sigma) === '[3,1,2]' && num(doc.objective.value_exact) === 8, `the CLI: ${JSON.stringify(doc.matching.optimal)}`);
      await atEnd(page, h.url('/#/master-slave?preset=master-slave-ms2'));
      const panel = byId(page, 'ms-hungarian');
      await visible(panel, 'the Hungarian panel', LOAD_TIMEOUT);
      await panel.locator(':scope > summary').click();
      const tr = byId(page, 'ms-hungarian-table').locator('tbody tr');
      const rows = [];
      for (let k = 0; k < (await tr.count()); k++) rows.push((await tr.nth(k).locator('td').allTextContents()).map(norm));
      check(rows.length === 3 && rows.map((r) => r[0]).join(' ') === 'P1 P2 P3', `one phase per slave: ${JSON.stringify(rows)}`);
      const last = rows[2];
      check(last[5] === `(${doc.matching.optimal.sigma.join(',')})` && last[6] === '8', `the last phase: σ = (3,1,2), Σu + Σv = 8: ${JSON.stringify(last)}`);
      // Phase 1: every W[1][j] is 3, P1 takes the first slot along a one-edge path.
      check(rows[0][1] === 'P1–S1' && rows[0][5] === '(1,–,–)', `the first phase: ${JSON.stringify(rows[0])}`);
      // MaxTasks2 has no such panel.
      await atEnd(page, h.url('/#/master-slave?preset=master-slave-ms4'));
      check((await byId(page, 'ms-hungarian').count()) === 0, 'MS-4: no Hungarian panel');
    },
  },
];

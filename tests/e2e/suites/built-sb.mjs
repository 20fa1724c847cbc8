// Issue 18, steady state and broadcast (helper "built-sb"): the periodic schedule on trees
// (steady-state.md §3.5), the prices that prove ρ* (§2.10), the data_out field (§2.7),
// the unreachable-node warning (§7), the baselines under the unidirectional model
// (broadcast.md §7), the multicast Gantt chart (§8.3 M6) and the clickable comparison bars
// (§7.4). Every value is compared as the whole text of its element, never by substring.

import {
  LOAD_TIMEOUT,
  hashParams,
  hasExact,
  poll,
  visible,
  count,
  text,
  textWhere,
  check,
  byId,
  stepCount,
  expectStep,
  stepTotal,
  load,
} from '../lib.mjs';

/** The tooltips of the Gantt chart's bars, in document order. */
const barTitles = (page) => page.locator('[data-testid="gantt"] rect title').allTextContents();

/** Opens `hash` on the page and presses End; returns the number of steps. */
async function openAtEnd(h, page, hash) {
  await load(page, h.url(hash));
  await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
  await textWhere(stepCount(page), 'step count "Step 0 / ..."', (t) => t.startsWith('Step 0 / '));
  await page.keyboard.press('End');
  const total = await stepTotal(page);
  await expectStep(page, `Step ${total} / ${total}`);
  return total;
}

export const tests = [
  {
    // §3.5 on Example 2: T = 24, the master sends 12 to node 1 in [0,12), 6 to 4 in [12,18)
    // and 3 to 2 in [18,24); the Gantt chart fills one sending node per step.
    name: 'steady-tree-schedule',
    async fn(h) {
      const page = h.lastPage;
      const total = await openAtEnd(h, page, '/#/steady-state?preset=star-example-2&algo=tree');
      check(total === 15, `15 steps expected, got ${total}`);
      await textWhere(byId(page, 'tree-period'), 'the period line', (t) =>
        t === 'T = 24, A = 1: per period 0 computes 8, 1 computes 12, 2 computes 3, 4 computes 6; 29 tasks per period.');
      await textWhere(byId(page, 'throughput'), 'ρ* = 29/24', (t) => /^ρ\* = 29\/24 ≈ [0-9.]+ tasks per time unit$/.test(t));
      await visible(byId(page, 'gantt'), 'gantt chart');
      const sends = (await barTitles(page)).filter((t) => t.startsWith('0 sends'));
      const want = [
        '0 sends: 12 input file(s) with 1, 1 each, from 0 to 12',
        '0 sends: 6 input file(s) with 4, 1 each, from 12 to 18',
        '0 sends: 3 input file(s) with 2, 2 each, from 18 to 24',
      ];
      check(JSON.stringify(sends) === JSON.stringify(want), `send bars: ${JSON.stringify(sends)}`);
      // The full run: the master computes 8 tasks in each of 20 periods, its children (depth
      // 1) 12 + 3 + 6 = 21 in each period but the first: 160 + 19·21 = 559 against 20·29 = 580.
      await textWhere(byId(page, 'full-run'), 'full run 559 / 580', (t) => hasExact(t, '559 tasks against the bound ρ*·t = 580'));
      // One step back: the master's transfers are not placed yet, only the computations.
      await page.keyboard.press('ArrowLeft');
      await expectStep(page, `Step ${total - 1} / ${total}`);
      await poll('no send bar before the master is placed', async () => (await barTitles(page)).filter((t) => t.includes('sends')).length, (n) => n === 0);
      const computes = (await barTitles(page)).filter((t) => t.includes('computes'));
      check(computes.length === 4, `four compute bars, got ${JSON.stringify(computes)}`);
      await count(byId(page, 'full-run'), 0, 'full run before the last node');
    },
  },

  {
    // §3.5 on Example 3 (depth 3, a router): node 1 sends 20 to 3 in [0,20) then 2 to 4.
    name: 'steady-tree-schedule-depth-3',
    async fn(h) {
      const page = h.lastPage;
      await openAtEnd(h, page, '/#/steady-state?preset=tree-example-3&algo=tree');
      await textWhere(byId(page, 'tree-period'), 'the period line', (t) =>
        t === 'T = 24, A = 1: per period 0 computes 12, 2 computes 1, 3 computes 8, 4 computes 2, 6 computes 12; 35 tasks per period.');
      const relay = (await barTitles(page)).filter((t) => t.startsWith('1 sends'));
      const want = [
        '1 sends: 20 input file(s) with 3, 1 each, from 0 to 20',
        '1 sends: 2 input file(s) with 4, 2 each, from 20 to 24',
      ];
      check(JSON.stringify(relay) === JSON.stringify(want), `router bars: ${JSON.stringify(relay)}`);
    },
  },

  {
    // §2.10: the prices of the dual LP, summing exactly to ρ* on the paper's platform.
    name: 'steady-prices',
    async fn(h) {
      const page = h.lastPage;
      await openAtEnd(h, page, '/#/steady-state?preset=example-1&algo=lp');
      await visible(byId(page, 'prices'), 'price table');
      // Every row, as `hetlab solve --algorithm lp` gives them (why.prices: only the four
      // compute prices 1, 1/3, 1/4, 1/6 are non-zero, and they sum to 7/4).
      await poll('the price rows', () => byId(page, 'prices').locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim()).join('|'))),
        (rows) => JSON.stringify(rows) === JSON.stringify(['1|1|||', '2|1/3|||', '3|1/4|||', '4|1/6|||']));
      await textWhere(byId(page, 'price-sum'), 'sum of the prices', (t) => t === 'Sum of the prices: 7/4 = ρ* = 7/4, checked exactly.');
    },
  },

  {
    // §2.7 and §6.6 from the page: data_out = 1 gives 55/32, a negative size is refused next
    // to its field.
    name: 'steady-data-out',
    async fn(h) {
      const page = h.lastPage;
      await openAtEnd(h, page, '/#/steady-state?preset=example-1&algo=lp');
      await textWhere(byId(page, 'throughput'), 'ρ* = 7/4', (t) => /^ρ\* = 7\/4 ≈ [0-9.]+ tasks per time unit$/.test(t));
      await byId(page, 'steady-data-out').fill('-1');
      await byId(page, 'steady-apply').click();
      await visible(page.locator('[data-testid="steady-form"] .field-error'), 'the data_out message');
      const before = new URL(page.url()).hash;
      await byId(page, 'steady-data-out').fill('1');
      await byId(page, 'steady-apply').click();
      await poll('the URL to change', () => new URL(page.url()).hash, (hash) => hash !== before && /i=v\d\./.test(hash));
      // The new run is solved in the background: End is pressed until its player answers.
      await poll('the new run to reach its end', async () => {
        await page.keyboard.press('End');
        return text(byId(page, 'throughput'));
      }, (t) => t.startsWith('ρ* = 55/32'));
      await textWhere(byId(page, 'throughput'), 'ρ* = 55/32', (t) => /^ρ\* = 55\/32 ≈ [0-9.]+ tasks per time unit$/.test(t));
    },
  },

  {
    // §6.4 / §7: node 6 of Example 4 cannot be reached; the page says so before solving.
    name: 'steady-unreachable-warning',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/steady-state?preset=two-masters-example-4&algo=lp'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await textWhere(byId(page, 'caption'), 'the unreachable warning', (t) => t.includes('Node(s) 6 cannot be reached from any master'));
    },
  },

  {
    // broadcast.md §9.1: under the unidirectional model the best single tree of E1 is the star,
    // 2/3 (computed, no longer refused).
    name: 'broadcast-uni-best-tree',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/broadcast?preset=broadcast-e1&algo=lp'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      const before = new URL(page.url()).hash;
      await page.locator('select[data-testid="port-model"]').selectOption('unidirectional');
      await poll('the unidirectional run', () => new URL(page.url()).hash, (hash) => hash !== before && /i=v\d\./.test(hash));
      await page.locator('select[data-testid="algo"]').selectOption('best-tree');
      await poll('algo=best-tree', () => new URL(page.url()).hash, (hash) => hashParams(hash).get('algo') === 'best-tree');
      // The new run is solved in the background: End is pressed until its player answers.
      await poll('the new run to reach its end', async () => {
        await page.keyboard.press('End');
        return text(byId(page, 'throughput'));
      }, (t) => t.startsWith('ρ = 2/3'));
      await textWhere(byId(page, 'throughput'), 'ρ = 2/3', (t) => /^ρ = 2\/3 ≈ [0-9.]+ messages per time unit$/.test(t));
      // The tree's two slots (rest.mjs checks them) follow the colouring: two steps back.
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await textWhere(byId(page, 'caption'), 'the König caption', (t) => t === "Scheduled one message of the baseline under the unidirectional model: its transfers form a bipartite graph, so by König's theorem they fit in matchings of total time χ = max over nodes of (out + in) = 3/2 (2 matchings); throughput 1/χ = 2/3.");
    },
  },

  {
    // broadcast.md §8.3 M6: the chosen multicast scheme of E6 (1/2) gets its Gantt chart.
    name: 'broadcast-multicast-gantt',
    async fn(h) {
      const page = h.lastPage;
      await openAtEnd(h, page, '/#/broadcast?preset=broadcast-e6&algo=lp');
      await textWhere(byId(page, 'throughput'), 'ρ = 1/2', (t) => /^ρ = 1\/2 ≈ [0-9.]+ messages per time unit$/.test(t));
      await visible(byId(page, 'gantt'), 'multicast gantt');
      // The scheme's one tree × 1/2 in a period of 2 (`hetlab solve` on E6: period.slots).
      // Arcs out of the source carry this period's message (offset 0), the relays forward the
      // previous period's (offset −1, §4.4).
      const bars = (await barTitles(page)).sort();
      const want = [
        'b receives: 1 message of tree T1 (generation offset 0), from 0 to 1',
        'b sends: 1 message of tree T1 (generation offset -1), from 0 to 1',
        'b sends: 1 message of tree T1 (generation offset -1), from 1 to 2',
        'c receives: 1 message of tree T1 (generation offset 0), from 1 to 2',
        'c sends: 1 message of tree T1 (generation offset -1), from 0 to 1',
        's sends: 1 message of tree T1 (generation offset 0), from 0 to 1',
        's sends: 1 message of tree T1 (generation offset 0), from 1 to 2',
        't1 receives: 1 message of tree T1 (generation offset -1), from 0 to 1',
        't2 receives: 1 message of tree T1 (generation offset -1), from 1 to 2',
        't3 receives: 1 message of tree T1 (generation offset -1), from 0 to 1',
      ];
      check(JSON.stringify(bars) === JSON.stringify(want), `multicast bars: ${JSON.stringify(bars)}`);
      await textWhere(byId(page, 'caption'), 'the schedule caption', (t) => t.startsWith("Scheduled the scheme's trees in one period"));
    },
  },

  {
    // §7.4: the comparison as bars; clicking "best-tree" shows that tree (1/2 on E2).
    name: 'broadcast-comparison-bars',
    async fn(h) {
      const page = h.lastPage;
      await openAtEnd(h, page, '/#/broadcast?preset=broadcast-e2&algo=lp');
      const bars = byId(page, 'comparison-bars');
      await visible(bars, 'comparison bars');
      const value = async (algo) => text(page.locator(`[data-testid="comparison-bars"] a[data-algo="${algo}"] [data-testid="bar-value"]`));
      check(/^3\/4 ≈ [0-9.]+$/.test(await value('lp')), `lp bar: ${await value('lp')}`);
      check(/^1\/2 ≈ [0-9.]+$/.test(await value('best-tree')), `best-tree bar: ${await value('best-tree')}`);
      await page.locator('[data-testid="comparison-bars"] a[data-algo="best-tree"]').click();
      await poll('algo=best-tree', () => new URL(page.url()).hash, (hash) => hashParams(hash).get('algo') === 'best-tree');
      await textWhere(byId(page, 'throughput'), 'ρ = 1/2', (t) => /^ρ = 1\/2 ≈ [0-9.]+ messages per time unit$/.test(t));
      // The chosen tree is drawn and scheduled: one message per period of 2 time units.
      await visible(byId(page, 'gantt'), "the best tree's Gantt chart");
      await textWhere(byId(page, 'caption'), 'the period caption', (t) => t.startsWith('Scaled by A = 1: one period lasts 2 time units'));
    },
  },
];

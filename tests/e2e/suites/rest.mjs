// Issue 18, the rest (helper "rest"): the Gantt chart of a baseline tree under the
// unidirectional model (broadcast.md §6.6 on §7.1's trees) and the node transformations of
// §6.5 on the broadcast page. Every value is the whole text of its element, or the exact list
// of a chart's bars, as the core computes them (`hetlab solve` on the same instance).

import {
  LOAD_TIMEOUT,
  poll,
  visible,
  text,
  textWhere,
  check,
  byId,
  load,
  show,
} from '../lib.mjs';

/** The tooltips of the Gantt chart's bars, sorted. */
const barTitles = async (page) => (await page.locator('[data-testid="gantt"] rect title').allTextContents()).sort();

/** The time labels of the Gantt chart's slot guides, in order. */
const guideLabels = (page) => page.locator('[data-testid="gantt"] g.guide text').allTextContents();

/** Opens a spec example, switches it to the unidirectional model and picks `algo`; presses End
 *  until the background run answers with the throughput `want` (the whole line). */
async function openUnidirectional(h, page, preset, algo, want) {
  await load(page, h.url(`/#/broadcast?preset=${preset}&algo=lp`));
  await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
  const before = new URL(page.url()).hash;
  await page.locator('select[data-testid="port-model"]').selectOption('unidirectional');
  await poll('the unidirectional instance in the link', () => new URL(page.url()).hash, (hash) => hash !== before && /i=v\d\./.test(hash));
  await page.locator('select[data-testid="algo"]').selectOption(algo);
  await poll(`algo=${algo}`, () => new URL(page.url()).hash, (hash) => new URLSearchParams(hash.split('?')[1] ?? '').get('algo') === algo);
  await poll(`the ${algo} run at its end`, async () => {
    await page.keyboard.press('End');
    return text(byId(page, 'throughput'));
  }, (t) => t === want, LOAD_TIMEOUT);
}

export const tests = [
  {
    // §9.1 E1 under the unidirectional model: the star is the best tree (2/3); its period is
    // the two matchings of §9.1, {P1→P2} for 2/3 and {P1→P3} for 1/3, each moving 2/3 message
    // (`hetlab solve --algorithm star`: baseline.unidirectional_period).
    name: 'broadcast-uni-star-gantt',
    async fn(h) {
      const page = h.lastPage;
      await openUnidirectional(h, page, 'broadcast-e1', 'star', 'ρ = 2/3 ≈ 0.6667 messages per time unit');
      await visible(byId(page, 'gantt'), 'the unidirectional Gantt chart');
      const bars = await barTitles(page);
      const want = [
        'P1 sends: 2/3 message(s) over P1 → P2 in matching M1',
        'P1 sends: 2/3 message(s) over P1 → P3 in matching M2',
        'P2 receives: 2/3 message(s) over P1 → P2 in matching M1',
        'P3 receives: 2/3 message(s) over P1 → P3 in matching M2',
      ];
      check(JSON.stringify(bars) === JSON.stringify(want), `bars: ${show(bars)}`);
      const guides = await guideLabels(page);
      check(JSON.stringify(guides) === JSON.stringify(['0', '2/3', '1']), `slot ends: ${show(guides)}`);
      await textWhere(byId(page, 'caption'), 'the last slot', (t) => t === 'Slot 2 of the unidirectional period, from 2/3 to 1 (the period lasts 1): P1→P3 moves 2/3 message(s); no node sends or receives two messages at once.');
      // One step back: the first slot only.
      await page.keyboard.press('ArrowLeft');
      await poll('one bar pair', () => barTitles(page), (b) => b.length === 2 && b[0] === want[0]);
    },
  },

  {
    // §6.5 on E2 (unidirectional): every node split into in/out halves gives 3/4, the
    // bidirectional optimum of §9.2; every node a Δ-port hub gives 3/2.
    name: 'broadcast-node-transformations',
    async fn(h) {
      const page = h.lastPage;
      await openUnidirectional(h, page, 'broadcast-e2', 'split-nodes', 'ρ = 3/4 ≈ 0.75 messages per time unit');
      await textWhere(byId(page, 'transform-check'), 'the reference', (t) => t === 'the bidirectional optimum of the platform (LP-F, §2.2): 3/4');
      await textWhere(byId(page, 'transform-network'), 'the network', (t) => t === 'Transformed network: 6 unidirectional nodes, 3 free internal arcs.');
      await textWhere(byId(page, 'caption'), 'the check caption', (t) => t === 'Check: the bidirectional optimum of the platform (LP-F, §2.2) is 3/4 ≈ 0.75; the transformed optimum is 3/4 ≈ 0.75: equal, as §6.5 says they must be.');
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      await textWhere(byId(page, 'caption'), 'the first split', (t) => t === 's becomes two unidirectional nodes: s_in receives, s_out sends, and a free arc s_in → s_out joins them, so s can receive one message while it sends another.');
      await textWhere(byId(page, 'transform-nodes'), 'nodes rewritten', (t) => t === 'Rewritten: s.');
      await page.locator('select[data-testid="algo"]').selectOption('delta-port-nodes');
      await poll('the Δ-port run at its end', async () => {
        await page.keyboard.press('End');
        return text(byId(page, 'throughput'));
      }, (t) => t === 'ρ = 3/2 ≈ 1.5 messages per time unit', LOAD_TIMEOUT);
      await textWhere(byId(page, 'transform-network'), 'the Δ-port network', (t) => t === 'Transformed network: 11 unidirectional nodes, 16 free internal arcs.');
    },
  },
];

// HetLab end-to-end scenarios, run by run.mjs.
//
// Each test is `{ name, fn }`; `fn(h)` receives the harness of run.mjs:
//   h.lastPage      the page of the fresh context every test starts with
//   h.newPage()     opens another fresh context (fresh localStorage) -> page
//   h.url(p)        absolute URL of a site path such as '/#/platform'
// Tests only use the DOM contract (data-testid attributes) of the site.
// The polling helpers live in lib.mjs; scenarios of one topic may also live in
// suites/<topic>.mjs (each exports `tests`), which run.mjs loads after these.

import {
  checkParams,
  hashParams,
  LOAD_TIMEOUT,
  UI_TIMEOUT,
  sleep,
  norm,
  hasExact,
  cellsWhere,
  show,
  poll,
  visible,
  count,
  text,
  textWhere,
  check,
  byId,
  graphNodes,
  stepCount,
  expectStep,
  stepTotal,
  stepNumber,
  load,
  openPreset,
  openPlayer,
  stepForward,
  share,
  backAndShare,
  badFieldKeepsStep,
  noSideScroll,
  settleAutosave,
  STORAGE_KEY,
} from './lib.mjs';

// ---------------------------------------------------------------------------
// Scenarios

export const tests = [
  {
    // a. The home page lists every algorithm family; broadcast is "coming".
    name: 'home-loads',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/'));
      await visible(byId(page, 'home'), 'home', LOAD_TIMEOUT);
      const families = [
        'steady-state', 'broadcast', 'square-partition', 'lu', 'chains',
        'ring', 'scatter', 'master-slave', 'divisible',
      ];
      for (const f of families) {
        const card = byId(page, `family-${f}`);
        await count(card, 1, `card family-${f}`);
        await visible(card, `card family-${f}`);
      }
      // Built families link to their page; the others say "coming".
      for (const f of ['steady-state', 'broadcast', 'square-partition', 'lu', 'chains', 'scatter', 'master-slave', 'ring', 'divisible']) {
        await count(byId(page, `family-${f}`).locator(`a[href="#/${f}"]`), 1, `link to #/${f}`);
      }
    },
  },

  {
    // b. Selecting a preset draws it (graph + table) and it survives a reload.
    name: 'preset-loads',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/platform'));
      await visible(byId(page, 'editor'), 'editor', LOAD_TIMEOUT);
      const before = await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY);
      await page.locator('select[data-testid="preset"]').selectOption('star-example-2');
      await count(graphNodes(page), 5, 'graph nodes');
      await count(page.locator('[data-testid="node-table"] tbody tr'), 5, 'node table rows');
      await settleAutosave(page, STORAGE_KEY, before);
      await page.reload();
      await visible(page.locator('svg[data-testid="graph"]'), 'graph after reload', LOAD_TIMEOUT);
      await count(graphNodes(page), 5, 'graph nodes after reload');
    },
  },

  {
    // c. The tree algorithm player: buttons, keyboard, play/pause, URL state.
    name: 'tree-plays',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/steady-state?preset=star-example-2&algo=tree'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await expectStep(page, 'Step 0 / 15');

      await byId(page, 'player-next').click();
      await byId(page, 'player-next').click();
      await expectStep(page, 'Step 2 / 15');
      await byId(page, 'player-prev').click();
      await expectStep(page, 'Step 1 / 15');
      await textWhere(byId(page, 'caption'), 'non-empty caption', (t) => t.length > 0);
      await poll(
        'an active pseudocode line',
        () => page.locator('[data-testid="pseudocode"] .active').count(),
        (c) => c >= 1,
      );

      await page.keyboard.press('End');
      await expectStep(page, 'Step 15 / 15');
      await textWhere(byId(page, 'throughput'), 'throughput containing 29/24', (t) => hasExact(t, '29/24'));
      await page.keyboard.press('Home');
      await expectStep(page, 'Step 0 / 15');
      await page.keyboard.press('ArrowRight');
      await expectStep(page, 'Step 1 / 15');
      await page.keyboard.press('ArrowLeft');
      await expectStep(page, 'Step 0 / 15');

      // Play until the counter passes 1, then pause and check it stays put.
      await byId(page, 'player-play').click();
      await poll('playback to pass step 1', () => stepNumber(page), (n) => n > 1, 30_000);
      await byId(page, 'player-play').click();
      await sleep(700); // let an already scheduled tick land
      const paused = await text(stepCount(page));
      await sleep(2_000);
      const later = await text(stepCount(page));
      check(later === paused, `step count still changing after pause: ${show(paused)} -> ${show(later)}`);

      await poll('location hash with step=', () => new URL(page.url()).hash, (hash) => hash.includes('step='));
    },
  },

  {
    // d. A share link restores the exact step in a fresh browser profile.
    name: 'share-restores',
    async fn(h) {
      const page = h.lastPage;
      await openPlayer(h, page, 'preset=tree-example-3&algo=tree');
      await stepForward(page, 5);
      const caption = await textWhere(byId(page, 'caption'), 'non-empty caption', (t) => t.length > 0);

      const { raw, url, embed } = await share(h, page);
      checkParams(raw, { algo: 'tree', step: 5 });
      check(hashParams(raw).get('i').startsWith('v2.'), `share url's instance should be a v2 payload: ${raw}`);
      for (const part of ['<iframe', 'embed=1']) {
        check(embed.includes(part), `embed code lacks ${part}: ${embed}`);
      }

      const fresh = await h.newPage();
      await load(fresh, url);
      await visible(byId(fresh, 'player'), 'player (fresh context)', LOAD_TIMEOUT);
      await textWhere(stepCount(fresh), 'step count "Step 5 / ..."', (t) => t.startsWith('Step 5 / '));
      await textWhere(byId(fresh, 'caption'), `caption ${show(caption)}`, (t) => t === caption);
      await fresh.keyboard.press('End');
      await textWhere(byId(fresh, 'throughput'), 'throughput containing 35/24', (t) => hasExact(t, '35/24'));
    },
  },

  {
    // Issue 3: the paper's 4-processor example plays from the LP to the Gantt chart, steps
    // back, and its share URL restores the same step.
    name: 'lp-to-gantt',
    async fn(h) {
      const page = h.lastPage;
      await openPlayer(h, page, 'preset=example-1&algo=lp');
      await count(byId(page, 'gantt'), 0, 'gantt before the last step');
      await page.keyboard.press('End');
      await textWhere(stepCount(page), 'step count "Step 15 / 15"', (t) => t === 'Step 15 / 15');
      await visible(byId(page, 'gantt'), 'gantt chart');
      await textWhere(byId(page, 'throughput'), 'throughput 7/4', (t) => t === 'ρ* = 7/4 ≈ 1.75 tasks per time unit');
      await textWhere(byId(page, 'pattern'), 'pattern of 21 tasks', (t) => hasExact(t, 'L = 12') && hasExact(t, '21 tasks'));
      // The simulated full run: 21·20 − 19 = 401 tasks after 20 periods against the bound 420.
      await textWhere(byId(page, 'full-run'), 'full run 401 / 420', (t) => hasExact(t, '401 tasks against the bound 420'));
      await visible(byId(page, 'throughput-plot'), 'throughput plot');
      // Back through the three slots of the Gantt chart and the scaling step, to the last matching.
      for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowLeft');
      await expectStep(page, 'Step 11 / 15');
      await count(byId(page, 'gantt'), 0, 'gantt after stepping back');
      const caption = await textWhere(byId(page, 'caption'), 'matching caption', (t) => t.startsWith('Matching 3'));

      const { raw, url } = await share(h, page);
      checkParams(raw, { algo: 'lp', step: 11 });
      const fresh = await h.newPage();
      await load(fresh, url);
      await visible(byId(fresh, 'player'), 'player (fresh context)', LOAD_TIMEOUT);
      await expectStep(fresh, 'Step 11 / 15');
      await textWhere(byId(fresh, 'caption'), `caption ${show(caption)}`, (t) => t === caption);
    },
  },

  {
    // e. Embed mode: figure only, optional player, start step from the URL.
    name: 'embed-mode',
    async fn(h) {
      const page = h.lastPage;
      await openPlayer(h, page, 'preset=star-example-2&algo=tree');
      const { url } = await share(h, page);
      const embedUrl = `${url}&embed=1&start=3`;

      const withControls = await h.newPage();
      await load(withControls, embedUrl);
      await visible(byId(withControls, 'figure'), 'figure', LOAD_TIMEOUT);
      await visible(byId(withControls, 'player'), 'player');
      await count(byId(withControls, 'editor-panel'), 0, 'editor panel');
      await count(byId(withControls, 'site-header'), 0, 'site header');
      await expectStep(withControls, 'Step 3 / 15');

      const noControls = await h.newPage();
      await load(noControls, `${embedUrl}&controls=0`);
      await visible(byId(noControls, 'figure'), 'figure (controls=0)', LOAD_TIMEOUT);
      await count(byId(noControls, 'player'), 0, 'player (controls=0)');
    },
  },

  {
    // f. A broken share link shows an error and does not destroy saved work.
    name: 'bad-url-keeps-work',
    async fn(h) {
      const page = h.lastPage;
      await openPreset(h, page, 'tree-example-3', 7);
      const stored = () => page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY);
      // Autosave may be debounced: wait for it before leaving the page.
      await poll(`${STORAGE_KEY} to hold the tree preset`, stored, (v) => v !== null && v.includes('Depth-3 tree'));

      await load(page, h.url('/#/steady-state?i=v1.this-is-not-a-payload&algo=tree'));
      await visible(byId(page, 'url-error'), 'url error', LOAD_TIMEOUT);
      await textWhere(byId(page, 'url-error'), 'non-empty url error', (t) => t.length > 0);
      const after = await stored();
      check(after !== null, `${STORAGE_KEY} was removed`);
      check(after.includes('Depth-3 tree'), `${STORAGE_KEY} lost the saved platform: ${after.slice(0, 200)}`);

      await load(page, h.url('/#/platform'));
      await visible(page.locator('svg[data-testid="graph"]'), 'graph', LOAD_TIMEOUT);
      await count(graphNodes(page), 7, 'graph nodes of the saved platform');
    },
  },

  {
    // The editor's JSON import: text that is not JSON, or not a platform, says where and what
    // beside the box and leaves the platform as it was; a valid one then loads.
    name: 'editor-import-errors',
    async fn(h) {
      const page = h.lastPage;
      await openPreset(h, page, 'star-example-2', 5);
      await byId(page, 'import-json').click();
      const paste = async (t) => {
        await byId(page, 'import-text').fill(t);
        await byId(page, 'import-load').click();
      };
      await paste('not json');
      await textWhere(byId(page, 'import-errors'), 'where the text stops being JSON, in words',
        (t) => t.startsWith('not valid JSON at line 1, column 2: an unknown word'));
      await paste('{"nodes": [{"id": 1, "wx": 3}]}');
      await textWhere(byId(page, 'import-errors'), 'an unknown field at its path',
        (t) => t.startsWith('nodes[0].wx: unknown field "wx"'));
      await count(graphNodes(page), 5, 'the platform kept after the failed imports');
      await paste('{"nodes": [{"id": "a", "w": 1, "master": true}, {"id": "b", "w": 2}], "links": [{"from": "a", "to": "b", "c": 1}]}');
      await count(byId(page, 'import-errors'), 0, 'no error once the text is a platform');
      await count(graphNodes(page), 2, 'the imported platform drawn');
    },
  },

  {
    // g. Editor: add node, undo/redo, field validation in the node table.
    name: 'editor-edits',
    async fn(h) {
      const page = h.lastPage;
      await openPreset(h, page, 'star-example-2', 5);
      await byId(page, 'add-node').click();
      await count(graphNodes(page), 6, 'graph nodes after add');
      await byId(page, 'undo').click();
      await count(graphNodes(page), 5, 'graph nodes after undo');
      await byId(page, 'redo').click();
      await count(graphNodes(page), 6, 'graph nodes after redo');

      const w1 = page.locator('input[data-testid="w-1"]');
      // Enter, then blur: covers apps that commit on keydown and on change.
      const commit = async (value) => {
        await w1.fill(value);
        await w1.press('Enter');
        await w1.evaluate((el) => el.blur()).catch(() => {});
      };
      await commit('0');
      await visible(byId(page, 'field-error'), 'field error for w-1 = 0');
      await count(graphNodes(page), 6, 'graph nodes after invalid edit');
      await commit('3/2');
      await count(byId(page, 'field-error'), 0, 'field errors after w-1 = 3/2');

      // The seeded generator gives in wasm exactly what it gives natively (pinned in
      // crates/core/src/generate.rs, test seeds_are_stable: tree, 5 nodes, seed 42).
      await byId(page, 'gen-shape').selectOption('tree');
      await byId(page, 'gen-size').fill('5');
      await byId(page, 'gen-seed').fill('42');
      await byId(page, 'gen-apply').click();
      await count(graphNodes(page), 5, 'graph nodes after generating');
      const ws = [];
      for (let id = 0; id < 5; id++) ws.push(await page.locator(`input[data-testid="w-${id}"]`).inputValue());
      if (ws.join(',') !== '7,9,2,8,3') throw new Error(`generated w in wasm: ${ws.join(',')}, native: 7,9,2,8,3`);
    },
  },

  {
    // Issue 5: the 8-area example of square-partitions.md §7.1 ends with Ĉ = 11/2 in 3 columns,
    // steps back (a rectangle disappears), its share URL restores that step, and a bad entry in
    // the processor field is named beside it without replacing the instance.
    name: 'square-partition',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/square-partition?preset=square-7-1&algo=column-dp'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await textWhere(stepCount(page), 'step count "Step 0 / ..."', (t) => t.startsWith('Step 0 / '));
      const rects = page.locator('svg[data-testid="square"] [data-testid^="rect-"]');
      await count(rects, 0, 'rectangles before any step');
      await page.keyboard.press('End');
      await textWhere(byId(page, 'c-hat'), 'Ĉ = 11/2', (t) => t === '11/2');
      await textWhere(byId(page, 'columns'), '3 columns', (t) => t.startsWith('3 columns') && hasExact(t, '[P8, P7], [P6, P5, P4], [P3, P2, P1]'));
      await count(rects, 8, 'rectangles at the end');
      const last = await stepNumber(page);
      // Back over "done" and the last rectangle placed (P1, at the bottom of the last column).
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expectStep(page, `Step ${last - 2} / ${last}`);
      await count(rects, 7, 'rectangles after stepping back');
      const caption = await textWhere(byId(page, 'caption'), 'caption placing P2', (t) => t.startsWith('Placed P2'));

      const { raw, url } = await share(h, page);
      checkParams(raw, { algo: 'column-dp', step: last - 2 });
      const fresh = await h.newPage();
      await load(fresh, url);
      await visible(byId(fresh, 'player'), 'player (fresh context)', LOAD_TIMEOUT);
      await expectStep(fresh, `Step ${last - 2} / ${last}`);
      await textWhere(byId(fresh, 'caption'), `caption ${show(caption)}`, (t) => t === caption);
      await count(fresh.locator('svg[data-testid="square"] [data-testid^="rect-"]'), 7, 'rectangles (fresh context)');

      await fresh.locator('input[data-testid="procs-text"]').fill('1, 0, 2');
      await byId(fresh, 'procs-apply').click();
      await textWhere(byId(fresh, 'field-error'), 'message naming number 2', (t) => hasExact(t, 'number 2: must be > 0'));
      await expectStep(fresh, `Step ${last - 2} / ${last}`);
    },
  },

  {
    // Issue 4: the spec's example E2 plays from the flows to the trees to the Gantt chart, shows
    // that its three weighted trees beat the best single tree, steps back, and its share URL
    // restores the step.
    name: 'broadcast-e2',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/broadcast?preset=broadcast-e2&algo=lp'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await textWhere(stepCount(page), 'step count "Step 0 / ..."', (t) => t.startsWith('Step 0 / '));
      // Forward to the first destination's flow (B3): its caption names a flow and a cut.
      let caption = '';
      for (let k = 1; k <= 8 && !/flow/i.test(caption); k++) {
        await page.keyboard.press('ArrowRight');
        await expectStep(page, `Step ${k} / ${await stepTotal(page)}`);
        caption = await text(byId(page, 'caption'));
      }
      check(/flow/i.test(caption), `no flow step near the start: ${caption}`);
      await count(byId(page, 'gantt'), 0, 'gantt before the schedule');
      await page.keyboard.press('End');
      await textWhere(byId(page, 'throughput'), 'ρ* = 3/4', (t) => t === 'ρ* = 3/4 ≈ 0.75 messages per time unit');
      await textWhere(byId(page, 'trees'), 'three trees of weight 1/4', (t) => t.startsWith('3 weighted trees') && (t.match(/× 1\/4/g) || []).length === 3);
      await visible(byId(page, 'gantt'), 'gantt chart');
      // The bars of `hetlab solve --format csv` on E2: lane, tree, start, end (one message each).
      const bars = (await page.locator('[data-testid="gantt"] rect title').allTextContents())
        .map((t) => t.replace(/ \(generation offset -?\d+\)/, '')).sort();
      const csv = [
        ['s sends', 1, 0, 1], ['s sends', 2, 1, 2], ['s sends', 1, 2, 3], ['s sends', 3, 3, 4],
        ['a receives', 1, 0, 1], ['a receives', 2, 1, 2], ['a receives', 3, 2, 4], ['a sends', 2, 0, 2],
        ['b receives', 2, 0, 2], ['b receives', 1, 2, 3], ['b receives', 3, 3, 4], ['b sends', 3, 2, 4],
      ];
      const want = csv.map(([lane, tree, a, b]) => `${lane}: 1 message of tree T${tree}, from ${a} to ${b}`).sort();
      check(JSON.stringify(bars) === JSON.stringify(want), `E2 bars: ${JSON.stringify(bars)}`);
      await textWhere(byId(page, 'verdict'), 'trees beat the best single tree', (t) => t === '3 trees used at once give 3/4, more than the best single tree (1/2): 50% more.');
      const rows = await page.locator('[data-testid="comparison"] tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent.trim())));
      const best = rows.find((r) => r[0] === 'best-tree');
      check(best && best[1] === '1/2 ≈ 0.5', `comparison rows: ${JSON.stringify(rows)}`);
      const last = await stepNumber(page);
      // Back into the schedule's construction: the chart disappears or shrinks, the trees stay.
      for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowLeft');
      await expectStep(page, `Step ${last - 4} / ${last}`);
      const back = await textWhere(byId(page, 'caption'), 'a caption', (t) => t.length > 0);

      const { raw, url } = await share(h, page);
      checkParams(raw, { algo: 'lp', step: last - 4 });
      const fresh = await h.newPage();
      await load(fresh, url);
      await visible(byId(fresh, 'player'), 'player (fresh context)', LOAD_TIMEOUT);
      await expectStep(fresh, `Step ${last - 4} / ${last}`);
      await textWhere(byId(fresh, 'caption'), `caption ${show(back)}`, (t) => t === back);
    },
  },

  {
    // Issue 5: the LU page plays the 2D DP scheme on set A (lu-distributions.md §5.4) to the
    // simulated total 80 and draws the comparison plots.
    name: 'lu-set-a',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/lu?preset=lu-set-a&algo=2d-dp'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await visible(byId(page, 'owner-matrix'), 'owner matrix');
      await page.keyboard.press('End');
      await textWhere(byId(page, 'total-cost'), 'total 80', (t) => t === '80');
      // §5.4's table: the blocks of P1..P9 in the trailing matrix (the text runs "P1" "1 blocks
      // → 1" together: nine processors, one digit each) and the step's cost, in whole phrases.
      const blocks = (t) => [...t.matchAll(/P(\d)(\d+) blocks/g)].map((m) => Number(m[2])).join(',');
      await textWhere(byId(page, 'loads'), 'load bars of step 7', (t) => t.startsWith('Step 7:') && blocks(t) === '1,0,0,0,0,0,0,0,0'
        && t.includes('Step cost 1 (the slowest), perfect balance 0.3846; total so far 80 against 53.8462 (ratio 1.4857).'));
      await page.keyboard.press('ArrowLeft');
      await textWhere(byId(page, 'loads'), 'load bars of step 6', (t) => t.startsWith('Step 6:') && blocks(t) === '2,0,0,0,0,0,0,1,1'
        && t.includes('Step cost 5 (the slowest), perfect balance 1.5385;'));
      await visible(byId(page, 'compare-plot-a'), 'comparison plot, set A');
      await visible(byId(page, 'compare-plot-b'), 'comparison plot, set B');
    },
  },

  {
    // Issue 9: the first key press after a page fills in its URL keeps i= and algo= (the key
    // listener used to hold the first render's route): Lyon from the editor, then →, Share.
    name: 'first-key-keeps-instance',
    async fn(h) {
      const page = h.lastPage;
      await openPreset(h, page, 'lyon', 14);
      await page.locator('#site-nav-steady, a[href="#/steady-state"]').first().click();
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await poll('i= filled in', () => new URL(page.url()).hash, (hash) => hash.includes('i=v2.'));
      await page.keyboard.press('ArrowRight');
      await expectStep(page, `Step 1 / ${await stepTotal(page)}`);
      const { raw, url } = await share(h, page);
      checkParams(raw, { algo: 'lp', step: 1 });
      check(hashParams(raw).get('i').startsWith('v2.'), `share url's instance should be a v2 payload: ${raw}`);
      const fresh = await h.newPage();
      await load(fresh, url);
      await count(graphNodes(fresh), 14, 'Lyon nodes in a fresh profile');
    },
  },

  {
    // Issue 9: the Share dialog is a real modal: focus inside, Tab stays in, Escape closes and
    // gives the focus back; ← does not move the player behind it; Space presses a focused button.
    name: 'share-dialog-modal',
    async fn(h) {
      const page = h.lastPage;
      await openPlayer(h, page, 'preset=star-example-2&algo=tree');
      await byId(page, 'share').click();
      await visible(byId(page, 'share-dialog'), 'share dialog');
      await poll('focus in the dialog', () => page.evaluate(() => !!document.activeElement.closest('[role=dialog]')), (v) => v);
      for (let k = 0; k < 12; k++) {
        await page.keyboard.press('Tab');
        check(await page.evaluate(() => !!document.activeElement.closest('[role=dialog]')), `Tab ${k + 1} left the dialog`);
      }
      await page.keyboard.press('Shift+Tab');
      check(await page.evaluate(() => !!document.activeElement.closest('[role=dialog]')), 'Shift+Tab left the dialog');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowRight');
      await expectStep(page, `Step 0 / ${await stepTotal(page)}`);
      await page.keyboard.press('Escape');
      await count(byId(page, 'share-dialog'), 0, 'dialog after Escape');
      await poll('focus back on Share', () => page.evaluate(() => document.activeElement.dataset.testid), (v) => v === 'share');
      // Space on the focused Share button opens the dialog; it does not start playing.
      await page.keyboard.press('Space');
      await visible(byId(page, 'share-dialog'), 'share dialog opened by Space');
      await expectStep(page, `Step 0 / ${await stepTotal(page)}`);
    },
  },

  {
    // Issue 9: the suggested iframe shows everything it embeds, with and without controls.
    name: 'embed-snippet-fits',
    async fn(h) {
      const page = h.lastPage;
      for (const search of ['preset=example-1&algo=lp&step=15', 'preset=square-7-1&algo=column-dp&step=10']) {
        const route = search.startsWith('preset=square') ? 'square-partition' : 'steady-state';
        await load(page, h.url(`/#/${route}?${search}`));
        await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
        for (const controls of [true, false]) {
          await byId(page, 'share').click();
          await visible(byId(page, 'share-dialog'), 'share dialog');
          if (!controls) await page.locator('[data-testid="share-dialog"] input[type=checkbox]').nth(1).uncheck();
          const snippet = await page.locator('textarea[data-testid="embed-code"]').inputValue();
          await byId(page, 'share-close').click();
          const host = await h.newPage();
          await host.setContent(`<!doctype html><body style="margin:0">${snippet.replace('loading="lazy"', '')}</body>`);
          const frame = await poll('embedded frame', () => host.frames().find((f) => f !== host.mainFrame()), (f) => !!f, LOAD_TIMEOUT);
          await frame.locator('[data-testid="figure"]').first().waitFor({ state: 'visible', timeout: LOAD_TIMEOUT });
          if (controls) await frame.locator('[data-testid="player"]').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT });
          await sleep(500);
          const fit = await frame.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
          check(fit[0] <= fit[1], `${route} (controls ${controls}): content ${fit[0]} px in a ${fit[1]} px frame`);
        }
      }
    },
  },

  {
    // Issue 9: the built site works from a sub-path (any project-pages host).
    name: 'served-from-subpath',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.subUrl('#/lu?preset=lu-1-2'));
      await visible(byId(page, 'player'), 'player under a sub-path', LOAD_TIMEOUT);
      // The button, not the End key: this is the run's first test, on a cold browser, and what
      // it checks is the sub-path (the keys have their own tests once the page is warm).
      await byId(page, 'player-last').click({ timeout: UI_TIMEOUT });
      const total = await stepTotal(page);
      check(total > 0, `the LU run has steps under a sub-path (step counter: ${await text(stepCount(page))})`);
      await expectStep(page, `Step ${total} / ${total}`);
      // lu-distributions.md §1.2's example in the 2D simulator: Σ (n − k)·cost_1D(k) = 507.
      await textWhere(byId(page, 'total-cost'), 'LU total 507 under a sub-path', (t) => t === '507');
    },
  },

  {
    // Issue 9: a link naming full-block shows full-block in the menu (the menu is the catalog's).
    name: 'algo-menu-matches-link',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/lu?preset=lu-set-a&algo=full-block'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      const chosen = await page.locator('select[data-testid="algo"]').inputValue();
      check(chosen === 'full-block', `menu shows ${chosen}`);
      await load(page, h.url('/#/lu?preset=lu-set-a&algo=magic'));
      await textWhere(byId(page, 'caption'), 'unknown algorithm message', (t) => t.includes('Unknown algorithm "magic" for lu'), LOAD_TIMEOUT);
    },
  },

  {
    // Issue 11: the chains page plays EXACT-BISECTION on EX2 (chains.md §12) to B_opt = 17/2 with
    // s = [0, 5, 6, 9, 12]; one step back changes the caption; a share link reopens the same
    // step; at 390 px the page does not scroll sideways.
    name: 'chains-ex2',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/chains?preset=chains-ex2'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await visible(byId(page, 'chains-figure'), 'chains figure');
      await page.keyboard.press('End');
      const total = await stepTotal(page);
      await expectStep(page, `Step ${total} / ${total}`);
      await textWhere(byId(page, 'chains-bottleneck'), 'bottleneck 17/2', (t) => t === '17/2');
      await textWhere(byId(page, 'chains-separators'), 'separators [0, 5, 6, 9, 12]', (t) => t === '[0, 5, 6, 9, 12]');
      const end = await text(byId(page, 'caption'));
      check(hasExact(end, '17/2'), `last caption: ${end}`);
      await visible(byId(page, 'chains-compare'), 'comparison table');
      const fresh = await backAndShare(h, page, total);
      // A bad weight is explained beside its field and the instance stays.
      await badFieldKeepsStep(fresh, { field: 'chains-weights', value: '2, x, 1', apply: 'chains-apply', what: 'message for weights[1]', accept: (t) => hasExact(t, 'weights[1]') }, total - 1, total);
      await noSideScroll(fresh, 390, 844);
    },
  },
  {
    // Issue 10: a panic (asked for on purpose by #/bench?panic=1) puts the bug notice over the
    // page, with the message to report and a way back, and the saved platform survives it.
    name: 'panic-notice-keeps-work',
    async fn(h) {
      const page = h.lastPage;
      await openPreset(h, page, 'tree-example-3', 7);
      const stored = () => page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY);
      await poll(`${STORAGE_KEY} to hold the tree preset`, stored, (v) => v !== null && v.includes('Depth-3 tree'));
      h.allowErrors(/deliberate panic|unreachable/i);
      await load(page, h.url('/#/bench?panic=1'));
      await visible(byId(page, 'panic-notice'), 'bug notice', LOAD_TIMEOUT);
      await textWhere(byId(page, 'panic-notice'), 'notice with the message and the address',
        (t) => t.includes('stopped because of a bug') && t.includes('deliberate panic') && hasExact(t, '#/bench?panic=1'));
      check((await stored())?.includes('Depth-3 tree'), `${STORAGE_KEY} lost the saved platform`);
      await byId(page, 'panic-home').click();
      await visible(byId(page, 'site-header'), 'home page after the reload', LOAD_TIMEOUT);
      await count(byId(page, 'panic-notice'), 0, 'bug notice after the reload');
      await load(page, h.url('/#/platform'));
      await count(graphNodes(page), 7, 'graph nodes of the saved platform');
    },
  },

  {
    // Issue 12: the scatter page plays the exact DP on SC-1 (scatter.md §8): T = 13 with
    // [3, 2, 1], ends [13, 13, 12], against MPI_Scatter's 15; one step back changes the caption;
    // a share link reopens the same step; a bad α is told beside its field and the instance
    // stays; at 390 px the page does not scroll sideways.
    name: 'scatter-sc1',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/scatter?preset=scatter-sc1'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await visible(byId(page, 'scatter-figure'), 'scatter figure');
      // Before balancing (step 2): equal shares end at 9, 12, 15, a stair; no balanced chart yet.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      const early = await stair(page, 'before');
      check(early.stair && early.idle >= 1 && early.hatched === early.idle, `before: ${show(early)}`);
      check(Math.abs(early.spread - 6) < 1e-6 && !early.balanced, `before spread: ${show(early)}`);
      check((await chartIn(page, 'after').count()) === 0, 'an after chart at step 1');
      await page.keyboard.press('End');
      const total = await stepTotal(page);
      await expectStep(page, `Step ${total} / ${total}`);
      // After the DP: ends 13, 13, 12, within one item (4.5): the stair is gone.
      const after = await stair(page, 'after');
      check(after.balanced && Math.abs(after.spread - 1) < 1e-6 && after.spread <= after.item, `after: ${show(after)}`);
      await textWhere(byId(page, 'scatter-makespan'), 'makespan 13', (t) => t === '13');
      await textWhere(byId(page, 'scatter-distribution'), 'shares [3, 2, 1]', (t) => t === '[3, 2, 1]');
      await textWhere(byId(page, 'scatter-ends'), 'ends [13, 13, 12]', (t) => t === '[13, 13, 12]');
      await textWhere(byId(page, 'scatter-uniform'), 'uniform T = 15', (t) => t === 'T = 15');
      await visible(byId(page, 'scatter-dp'), 'DP table');
      const end = await text(byId(page, 'caption'));
      check(end.includes('After balancing'), `last caption: ${end}`);
      const fresh = await backAndShare(h, page, total);
      await badFieldKeepsStep(fresh, { field: 'scatter-alpha', value: '3, -2, 4', apply: 'scatter-apply', what: 'message for P2', accept: (t) => t.startsWith('P2:') }, total - 1, total);
      await noSideScroll(fresh, 360);
    },
  },

  {
    // SC-1 and SC-2 with LP + rounding (scatter.md §8): T_LP, the bound, the rounded shares.
    name: 'scatter-lp-rounded',
    async fn(h) {
      const page = h.lastPage;
      const cases = [
        ['scatter-sc1', { makespan: '13', shares: '[3, 2, 1]', tlp: '213/17 ≈ 12.5294', bound: '349/17 ≈ 20.5294' }],
        ['scatter-sc2', { makespan: '125', shares: '[50, 28, 42]', tlp: '2100/17 ≈ 123.5294', uniform: 'T = 160', tdp: '249/2 ≈ 124.5' }],
      ];
      for (const [preset, want] of cases) {
        await load(page, h.url(`/#/scatter?preset=${preset}&algo=lp-rounded`));
        await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
        await page.keyboard.press('End');
        await textWhere(byId(page, 'scatter-makespan'), `${preset} makespan`, (t) => t === want.makespan);
        await textWhere(byId(page, 'scatter-distribution'), `${preset} shares`, (t) => t === want.shares);
        await textWhere(byId(page, 'scatter-tlp'), `${preset} T_LP`, (t) => t === want.tlp);
        if (want.bound) await textWhere(byId(page, 'scatter-bound'), `${preset} bound`, (t) => t === want.bound);
        if (want.uniform) await textWhere(byId(page, 'scatter-uniform'), `${preset} uniform`, (t) => t === want.uniform);
        if (want.tdp) await textWhere(byId(page, 'scatter-tdp'), `${preset} T_DP`, (t) => t === want.tdp);
        await visible(byId(page, 'scatter-rounding'), 'rounding table');
        await visible(byId(page, 'scatter-compare'), 'order comparison');
      }
    },
  },

  {
    // SC-2 (DP), SC-2a (DP, LP not unique), SC-3 (closed form: P1 out) of scatter.md §8.
    name: 'scatter-exact-examples',
    async fn(h) {
      const page = h.lastPage;
      const cases = [
        ['scatter-sc2', 'dp', '249/2', '[49, 28, 43]'],
        ['scatter-sc2a', 'dp', '167/2', '[33, 0, 67]'],
        ['scatter-sc3', 'closed-form', '90', '[0, 36, 24]'],
        ['scatter-sc2', 'closed-form', '2100/17', '[840/17, 480/17, 720/17]'],
      ];
      for (const [preset, algo, makespan, shares] of cases) {
        await load(page, h.url(`/#/scatter?preset=${preset}&algo=${algo}`));
        await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
        await page.keyboard.press('End');
        await textWhere(byId(page, 'scatter-makespan'), `${preset} ${algo} makespan`, (t) => t === makespan);
        await textWhere(byId(page, 'scatter-distribution'), `${preset} ${algo} shares`, (t) => t === shares);
      }
      await load(page, h.url('/#/scatter?preset=scatter-sc2a&algo=lp-rounded'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await page.keyboard.press('End');
      await textWhere(byId(page, 'scatter-warnings'), 'LP not unique', (t) => t.includes('not unique'));
    },
  },

  {
    // SC-4 (scatter.md §8): the root choice keeps the data's machine (P3 here, the spec's P0):
    // totals 137/2, 135 and 57.
    name: 'scatter-sc4-root',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/scatter?preset=scatter-sc4&algo=root-choice'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await page.keyboard.press('End');
      await textWhere(byId(page, 'scatter-makespan'), 'total 57', (t) => t === '57');
      await textWhere(byId(page, 'scatter-roots'), 'every root', (t) => t === 'P1: 137/2; P2: 135; P3: 57');
      await textWhere(byId(page, 'scatter-root'), 'best root P3', (t) => t === 'P3');
    },
  },

  {
    // The seismic platform of scatter.md §6.4: the default (LP + rounding, the DP being too
    // large) gives T' ≈ 406.8368 against 830.4 for equal shares; the stair disappears; the
    // scaled-down instance gives T_DP = 2 026 314 and T' = 2 034 102.
    name: 'scatter-seismic',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/scatter?preset=scatter-seismic'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await page.keyboard.press('End');
      await textWhere(byId(page, 'scatter-makespan-approx'), "T' ≈ 406.8368", (t) => t === '406.8368');
      await textWhere(byId(page, 'scatter-distribution'), 'rounded shares',
        (t) => t === '[87698, 43296, 82715, 24959, 24907, 41372, 41161, 40952, 40743, 40536, 40330, 40124, 39920, 95194, 93268, 39926]');
      await textWhere(byId(page, 'scatter-uniform'), 'uniform latest end 830.4', (t) => hasExact(t, '519014247/625000'));
      // The stair of equal shares (232.8 s to 830.4 s) and its disappearance after rounding.
      const before = await stair(page, 'before');
      check(before.stair && before.idle === 14 && before.hatched >= 1 && Math.abs(before.spread - 597.6) < 0.05 && !before.balanced,
        `seismic before: ${show(before)}`);
      const after = await stair(page, 'after');
      check(after.balanced && after.spread <= after.item && after.spread < before.spread / 100, `seismic after: ${show(after)}`);
      await visible(byId(page, 'scatter-compare'), 'order comparison');
      await load(page, h.url('/#/scatter?preset=scatter-seismic-400&algo=lp-rounded'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await page.keyboard.press('End');
      await textWhere(byId(page, 'scatter-makespan'), "T' = 2034102", (t) => t === '2034102');
      await textWhere(byId(page, 'scatter-tdp'), 'T_DP = 2026314', (t) => t === '2026314');
      await textWhere(byId(page, 'scatter-tlp'), 'T_LP ≈ 1991578.65', (t) => hasExact(t, '1991578.6508'));
    },
  },

  {
    // MS-1 (master-slave.md §11): the weight matrix, the fastest-first foil (7) and the
    // optimum (8) on the graph, then the Gantt chart; back one step; the share link; an editor
    // error beside its field; no sideways scrolling on a phone.
    name: 'master-slave-ms1',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/master-slave?preset=master-slave-ms1'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await visible(byId(page, 'ms-figure'), 'master-slave figure');
      await page.keyboard.press('ArrowRight');
      await visible(byId(page, 'ms-matrix-W'), 'weight matrix W');
      await page.keyboard.press('End');
      const total = await stepTotal(page);
      await expectStep(page, `Step ${total} / ${total}`);
      await textWhere(byId(page, 'ms-total'), 'C = 8', (t) => t === '8');
      await textWhere(byId(page, 'ms-counts'), 'c = (5,3)', (t) => t === '(5,3)');
      await textWhere(byId(page, 'ms-order'), 'P2 first', (t) => t === 'P2, P1');
      await poll('the comparison rows', () => page.locator('[data-testid="ms-compare"] tbody tr').evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim()).join(' | '))), (rows) => JSON.stringify(rows) === JSON.stringify(['exact | 8 | 28 | (5,3)', 'greedy | 7 | 28 | (5,2)']));
      const end = await text(byId(page, 'caption'));
      check(hasExact(end, '8 tasks'), `last caption: ${end}`);
      const fresh = await backAndShare(h, page, total);
      await badFieldKeepsStep(fresh, { field: 'ms-field-t', value: '5, x', apply: 'ms-apply', what: 'message for t[1]', accept: (t) => hasExact(t, 't[1]') }, total - 1, total);
      await noSideScroll(fresh, 360);
    },
  },

  {
    // Every worked example the page offers as a preset ends on the spec's numbers (§11).
    name: 'master-slave-presets',
    async fn(h) {
      const page = h.lastPage;
      const cases = [
        ['master-slave-ms0', '', { 'ms-total': '12', 'ms-counts': '(6,4,2)' }],
        ['master-slave-ms2', '', { 'ms-total': '8', 'ms-counts': '(3,3,2)' }],
        ['master-slave-ms2b', '', { 'ms-total': '20' }],
        ['master-slave-ms2c', '', { 'ms-total': '20', 'ms-counts': '(15,5,0)' }],
        ['master-slave-ms3', '', { 'ms-makespan': '18', 'ms-total': '10' }],
        ['master-slave-ms4', '', { 'ms-total': '16' }],
        ['master-slave-ms4', 'approx', { 'ms-c-app': '14', 'ms-opt': '16' }],
        ['master-slave-ms4b', '', { 'ms-total': '23' }],
        ['master-slave-ms5', '', { 'ms-total': '16' }],
        ['master-slave-ms6', '', { 'ms-total': '3' }],
        ['master-slave-ms7', '', { 'ms-periodic': '93', 'ms-greedy': '87', 'ms-ub': '99', 'ms-tpat': '12', 'ms-nb': '(4,3,3,2)' }],
        ['master-slave-ms8', '', { 'ms-periodic': '53', 'ms-greedy': '58', 'ms-ub': '60', 'ms-nb': '(4,3,3,2,0)' }],
        ['master-slave-ms9', '', { 'ms-periodic': '315', 'ms-ub': '350', 'ms-tpat': '132', 'ms-nb': '(12,12,11)' }],
        ['master-slave-ms9b', '', { 'ms-periodic': '10', 'ms-ub': '15' }],
        ['master-slave-ms10', '', { 'ms-total': '5' }],
        ['master-slave-ms10c', '', { 'ms-total': '5' }],
        ['master-slave-ms10d', '', { 'ms-total': '5' }],
        ['master-slave-ms11', '', { 'ms-total': '6' }],
        ['master-slave-ms12', '', { 'ms-total': '8' }],
        ['master-slave-ms13', '', { 'ms-total': '6' }],
      ];
      for (const [preset, algo, want] of cases) {
        const a = algo ? `&algo=${algo}` : '';
        await load(page, h.url(`/#/master-slave?preset=${preset}${a}`));
        await visible(byId(page, 'ms-figure'), `${preset} figure`, LOAD_TIMEOUT);
        await page.keyboard.press('End');
        for (const [id, value] of Object.entries(want)) {
          await textWhere(byId(page, id), `${preset}${a} ${id} = ${value}`, (t) => t === value);
        }
        if (preset === 'master-slave-ms7') await visible(byId(page, 'ms-plot'), 'the N(T)/UB(T) plot');
      }
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      await visible(byId(page, 'ms-figure'), 'MS-13 at step 1');
    },
  },

  {
    // RR-1 (§12): exact optimum 7 with all four, shares 2/5, 1/4, 1/4, 1/10; back, share, editor error.
    name: 'ring-rr-1',
    async fn(h) {
      const page = h.lastPage;
      const total = await ringToEnd(h, page, 'preset=ring-rr-1');
      await textWhere(byId(page, 'ring-t'), 'T_step 7', (t) => t === '7');
      await count(byId(page, 'ring-t-decimal'), 0, 'a decimal beside a whole T_step (it would read "7 = 7")');
      await textWhere(byId(page, 'ring-ring'), 'ring (P0, P1, P2, P3)', (t) => t === '(P0, P1, P2, P3)');
      await textWhere(byId(page, 'ring-alpha'), 'alpha', (t) => t === '2/5, 1/4, 1/4, 1/10');
      await textWhere(byId(page, 'ring-q'), 'q 4', (t) => t === '4');
      await count(ringNodesIn(page), 4, 'ring members drawn');
      const end = await text(byId(page, 'caption'));
      check(hasExact(end, 'T = 7'), `last caption: ${end}`);
      await visible(byId(page, 'ring-compare'), 'comparison table');
      const fresh = await backAndShare(h, page, total);
      // A bad cycle time is explained beside its field and the instance stays.
      await fresh.locator('input[data-testid="ring-w"]').fill('1, x, 2, 4');
      await byId(fresh, 'ring-apply').click();
      await textWhere(fresh.locator('.ring-w .field-error'), 'message for w[1]', (t) => hasExact(t, 'w[1]'));
      await badFieldKeepsStep(fresh, { field: 'ring-work', value: '0', apply: 'ring-apply', what: 'message for W', accept: (t) => t.length > 0 }, total - 1, total);
      await noSideScroll(fresh, 360);
    },
  },
  {
    // RG-1 (§12): exact 206/29 without P0; the greedy ends at 9 with all five; the TSP tour is communication-bound.
    name: 'ring-rg-1',
    async fn(h) {
      const page = h.lastPage;
      await ringToEnd(h, page, 'preset=ring-rg-1');
      await textWhere(byId(page, 'ring-t'), 'T_step 206/29', (t) => t === '206/29 ≈ 7.1034');
      await textWhere(byId(page, 'ring-q'), 'q 4', (t) => t === '4');
      await textWhere(byId(page, 'ring-alpha'), 'alpha', (t) => t === '3/29, 37/174, 37/87, 15/58');
      await ringToEnd(h, page, 'preset=ring-rg-1&algo=greedy');
      await textWhere(byId(page, 'ring-t'), 'greedy T_step 9', (t) => t === '9');
      await textWhere(byId(page, 'ring-q'), 'greedy q 5', (t) => t === '5');
      await ringToEnd(h, page, 'preset=ring-rg-1&algo=tsp');
      await textWhere(byId(page, 'ring-t'), 'tsp T_step 9', (t) => t === '9');
      await visible(byId(page, 'ring-bound'), 'communication-bound flag');
    },
  },
  {
    // RH-1 (§12): homogeneous links, W = 10: all five, 49/9.
    name: 'ring-rh-1',
    async fn(h) {
      const page = h.lastPage;
      await ringToEnd(h, page, 'preset=ring-rh-1&algo=homogeneous');
      await textWhere(byId(page, 'ring-t'), 'T_step 49/9', (t) => t === '49/9 ≈ 5.4444');
      await textWhere(byId(page, 'ring-q'), 'q 5', (t) => t === '5');
    },
  },
  {
    // Lyon at W/H = 100 (§10): the greedy grows the ring to 14 processors, T = 0.622591004; Fig. 3's jump at 65.5241.
    name: 'ring-lyon',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/ring?preset=ring-lyon&algo=greedy'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      const total = await stepTotal(page);
      // Every step in the page itself (hundreds of greedy candidates): one key press, then the
      // number of ring members drawn once the counter shows the step.
      const members = await page.evaluate(async (n) => {
        const counter = () => (document.querySelector('[data-testid="step-count"]')?.textContent ?? '').replace(/\s+/g, ' ').trim();
        const drawn = () => document.querySelectorAll('svg[data-testid="ring-figure"] circle.node-in').length;
        const out = [];
        for (let k = 1; k <= n; k++) {
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
          for (let t = 0; t < 400 && counter() !== `Step ${k} / ${n}`; t++) await new Promise((r) => setTimeout(r, 5));
          out.push(counter() === `Step ${k} / ${n}` ? drawn() : -1);
        }
        return out;
      }, total);
      let seen = 0;
      members.forEach((m, i) => {
        check(m >= seen && m <= seen + 1, `ring went from ${seen} to ${m} processors at step ${i + 1}`);
        seen = m;
      });
      await expectStep(page, `Step ${total} / ${total}`);
      check(seen === 14, `the ring ends with ${seen} processors`);
      await textWhere(byId(page, 'ring-t'), 'T_step 0.622591004 (a long fraction: its decimal alone)', (t) => t === '0.622591004');
      await textWhere(byId(page, 'ring-q'), 'q 14', (t) => t === '14');
      await textWhere(byId(page, 'ring-transitions-greedy'), 'greedy jump', (t) => t === '65.52: 1 → 14');
      await textWhere(byId(page, 'ring-transitions-exact'), 'exact jump', (t) => t === '65.52: 1 → 14');
      const mid = Math.floor(total / 2);
      await load(page, h.url(`/#/ring?preset=ring-lyon&algo=greedy&step=${mid}`));
      await visible(byId(page, 'player'), 'player (step in the URL)', LOAD_TIMEOUT);
      await expectStep(page, `Step ${mid} / ${total}`);
      const caption = await text(byId(page, 'caption'));
      const drawn = await ringNodesIn(page).count();
      const { url } = await share(h, page);
      const fresh = await h.newPage();
      await load(fresh, url);
      await visible(byId(fresh, 'player'), 'player (shared)', LOAD_TIMEOUT);
      await expectStep(fresh, `Step ${mid} / ${total}`);
      await textWhere(byId(fresh, 'caption'), 'the same caption', (t) => t === caption);
      await count(ringNodesIn(fresh), drawn, 'the same ring');
    },
  },
  {
    // Strasbourg at W/H = 100 (§10.2): exact 0.15154836 with 8 processors, greedy 0.302 with 5.
    name: 'ring-strasbourg',
    async fn(h) {
      const page = h.lastPage;
      await ringToEnd(h, page, 'preset=ring-strasbourg');
      await textWhere(byId(page, 'ring-t'), 'exact T_step (a long fraction: its decimal alone)', (t) => t === '0.15154836');
      await textWhere(byId(page, 'ring-q'), 'q 8', (t) => t === '8');
      await textWhere(byId(page, 'ring-bounds'), 'certified', (t) => t === '0.15154836, 0.15154836 (certified)');
      await ringToEnd(h, page, 'preset=ring-strasbourg&algo=greedy');
      await textWhere(byId(page, 'ring-t-decimal'), 'greedy T_step 0.302', (t) => t === '0.302');
      await textWhere(byId(page, 'ring-q'), 'greedy q 5', (t) => t === '5');
      await textWhere(byId(page, 'ring-transitions-exact'), 'exact staircase', (t) => t === '7.958: 1 → 6; 37.88: 6 → 8; 282: 8 → 13');
    },
  },

  {
    // Issue 14: the divisible-load page plays STARLINEAR on DL-3 (divisible-load.md §11) from the
    // sort by g to the final Gantt chart: T_f = 2100/11, α = (700/11, 280/11, 120/11); one step
    // back changes the caption; a share link reopens the same step; a bad g is explained beside
    // its field and the instance stays; at 360 px the page does not scroll sideways.
    name: 'divisible-dl3',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/divisible?preset=divisible-dl3'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await visible(byId(page, 'dl-figure'), 'Gantt chart');
      await page.keyboard.press('ArrowRight');
      await expectStep(page, `Step 1 / ${await stepTotal(page)}`);
      await textWhere(byId(page, 'caption'), 'the sort by g', (t) => t.startsWith('Sorted the workers by link cost g'));
      await count(page.locator('[data-testid="pseudocode"] li.active'), 1, 'highlighted pseudocode line');
      await page.keyboard.press('End');
      const total = await stepTotal(page);
      await expectStep(page, `Step ${total} / ${total}`);
      await textWhere(byId(page, 'dl-makespan'), 'makespan 2100/11', (t) => t === '2100/11');
      await textWhere(byId(page, 'dl-alpha'), 'loads 700/11, 280/11, 120/11', (t) => t === '700/11, 280/11, 120/11');
      await textWhere(byId(page, 'dl-order'), 'order P1, P2, P3', (t) => t === 'P1, P2, P3');
      await textWhere(byId(page, 'dl-rho'), 'ρ = 11/21', (t) => t === '11/21 ≈ 0.5238');
      // §11's throughput of every order, each bar's label followed by its value (4 decimals).
      const bars = await poll('the bars of every order', () => byId(page, 'dl-orders').locator('svg text').allTextContents(), (t) => t.includes('321'));
      for (const [order, rho] of [['123', '0.5238'], ['132', '0.5048'], ['213', '0.4571'], ['231', '0.4'], ['312', '0.4667'], ['321', '0.4']]) {
        const at = bars.indexOf(order);
        check(at >= 0 && bars[at + 1] === rho, `order ${order} should read ρ = ${rho}: ${JSON.stringify(bars)}`);
      }
      const end = await text(byId(page, 'caption'));
      check(hasExact(end, '2100/11'), `last caption: ${end}`);
      const fresh = await backAndShare(h, page, total);
      await badFieldKeepsStep(fresh, { field: 'dl-g', value: '1, x, 3', apply: 'dl-apply', what: 'message for P2\'s g', accept: (t) => t.startsWith('P2, g: ') }, total - 1, total);
      // A valid edit replaces the instance: twice the load, twice the makespan.
      await fresh.locator('input[data-testid="dl-g"]').fill('1, 2, 3');
      await fresh.locator('input[data-testid="dl-load"]').fill('200');
      await byId(fresh, 'dl-apply').click();
      await expectStep(fresh, `Step 0 / ${total}`);
      await fresh.keyboard.press('End');
      await textWhere(byId(fresh, 'dl-makespan'), 'makespan 4200/11', (t) => t === '4200/11');
      await noSideScroll(fresh, 360);
    },
  },

  {
    // Every worked example the presets menu offers, played to the end: the exact numbers of
    // divisible-load.md §11 in the result panel (loads in input order; trees: own shares).
    name: 'divisible-presets',
    async fn(h) {
      const page = h.lastPage;
      const cases = [
        ['dl1', '10', '1, 5', []],
        ['dl3', '2100/11', '700/11, 280/11, 120/11', [['dl-rho', '11/21']]],
        ['dl4', '90', '6, 18, 12, 24', [['dl-order', 'P2, P4, P3, P1'], ['dl-rho', '2/3']]],
        ['dl5', '60', '20, 10', [['dl-alpha0', '20'], ['dl-rho', '5/6']]],
        ['dl6', '60', '15, 15/2, 15/2', [['dl-rho', '1/2']]],
        ['dl7', '9300/53', '0, 2500/53, 1000/53, 1000/53, 800/53', [['dl-tree', '50/43']]],
        ['dl8', '200/13', '50/13, 40/13, 40/13', [['dl-tree', '3/2']]],
        ['dl9', '18', '6, 4, 0', [['dl-order', 'P1, P2']]],
        ['dl10', '573/34', '77/34, 11/68, 107/68', [['dl-order', 'P1, P3, P2']]],
        ['dl11', '2454/55', '586/55, 412/55, 102/55', []],
        ['dl12', '22909/227', '2183/227, 11114/681, 13552/681, 945/227', [['dl-order', 'P2, P3, P1, P4']]],
        ['dl14', '216500/2243', null, [['dl-figure', '']]],
        ['dl15', '19805/286', null, []],
        ['dl16', null, null, [['dl-obj', '256652/127'], ['dl-rounds', '7'], ['dl-uniform', '2027.763780'], ['dl-equalised', '2022.602362']]],
        ['dl17', null, null, [['dl-obj', '18399/175'], ['dl-rounds', '4'], ['dl-uniform', '127.274286'], ['dl-equalised', '122.574988']]],
        ['dl18', null, '16000/3, 4000, 2000/3', [['dl-rho-opt', '5/8'], ['dl-periods', '137'], ['dl-lower', '16000']]],
      ];
      for (const [name, makespan, alpha, extra] of cases) {
        await load(page, h.url(`/#/divisible?preset=divisible-${name}`));
        await visible(byId(page, 'player'), `player (${name})`, LOAD_TIMEOUT);
        await page.keyboard.press('End');
        await visible(byId(page, 'dl-makespan'), `result of ${name}`);
        if (makespan) await textWhere(byId(page, 'dl-makespan'), `${name}: makespan ${makespan}`, (t) => t === makespan);
        if (alpha) await textWhere(byId(page, 'dl-alpha'), `${name}: loads ${alpha}`, (t) => t === alpha);
        for (const [id, want] of extra) {
          await cellsWhere(byId(page, id), `${name}: ${id} has ${want}`, (t) => hasExact(t, want));
        }
        await page.keyboard.press('ArrowLeft');
        await textWhere(byId(page, 'dl-result'), `${name}: result hidden one step back`, (t) => t.includes('press End'));
      }
    },
  },  {
    // Ring §11 (e), §10.2: on Lyon the W/H slider re-solves the greedy as it moves, without a
    // new page: 1 processor below W/H = 65.5241, all 14 above (T_step = 0.622591004 at 100).
    // Above 10 processors the exact method keeps the button instead.
    name: 'ring-slider',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/ring?preset=ring-lyon&algo=greedy'));
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await visible(byId(page, 'ring-slider'), 'W/H slider', LOAD_TIMEOUT);
      const before = page.url();
      const slide = (k) => byId(page, 'ring-slider').evaluate((el, v) => {
        el.value = String(v);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }, k);
      // 40 samples per decade from W/H = 1: index 72 is 63.1, 73 is 66.83, 80 is 100.
      await slide(72);
      await textWhere(byId(page, 'ring-live-ratio'), 'W/H 63.1', (t) => t === '63.1');
      await textWhere(byId(page, 'ring-live-q'), 'one processor below the jump', (t) => t === '1');
      await slide(73);
      await textWhere(byId(page, 'ring-live-ratio'), 'W/H 66.83', (t) => t === '66.83');
      await textWhere(byId(page, 'ring-live-q'), 'fourteen above the jump', (t) => t === '14');
      // A quick drag: the last position wins.
      for (const k of [40, 60, 20, 80]) await slide(k);
      await textWhere(byId(page, 'ring-live-ratio'), 'W/H 100', (t) => t === '100');
      await textWhere(byId(page, 'ring-live-q'), 'fourteen at 100', (t) => t === '14');
      await textWhere(byId(page, 'ring-live-t'), 'T_step 0.622591004', (t) => t === '0.622591004');
      await page.waitForTimeout(400); // longer than the address bar's batching (0.2 s)
      check(page.url() === before, `the slider changed the address: ${page.url()}`);
      await load(page, h.url('/#/ring?preset=ring-lyon&algo=exact'));
      await visible(byId(page, 'ring-slider'), 'W/H slider (exact)', LOAD_TIMEOUT);
      await textWhere(byId(page, 'ring-live'), 'no live exact above 10', (t) => t.includes('use the button'));
      await visible(byId(page, 'ring-sweep-apply'), 'solve button');
    },
  },
  {
    // chains.md §9.4: the scaling view computes the table on a click (with a "Computing…"
    // state) and shows the spec's numbers, the same as `hetlab scaling`.
    name: 'chains-scaling',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/chains?preset=chains-ex2'));
      await visible(byId(page, 'chains-scaling-compute'), 'scaling Compute button', LOAD_TIMEOUT);
      await byId(page, 'chains-scaling-compute').click();
      const table = byId(page, 'chains-scaling-table');
      await visible(table, 'scaling table', LOAD_TIMEOUT);
      // Rows in P order: 32, 64, 128, 256, 512.
      const row = (p) => table.locator('tbody tr').nth([32, 64, 128, 256, 512].indexOf(p));
      await cellsWhere(row(32), 'P = 32: RB 0.329', (t) => t.startsWith('32 ') && hasExact(t, '0.329') && hasExact(t, '0.099'));
      await cellsWhere(row(512), 'P = 512: OPT 1.550', (t) => hasExact(t, '10.905') && hasExact(t, '1.550'));
      await visible(byId(page, 'chains-scaling-plot'), 'scaling plot');
      await page.locator('select[data-testid="chains-scaling-preset"]').selectOption('g7jac050sc-like');
      await byId(page, 'chains-scaling-compute').click();
      await cellsWhere(row(64), 'g7: P = 64: RB 10.705', (t) => hasExact(t, '10.705') && hasExact(t, '1.318'), LOAD_TIMEOUT);
      // CP: the histogram of imbalance over the random orders, one bar per bin.
      await load(page, h.url('/#/chains?preset=chains-ex2&algo=cp-random'));
      const hist = byId(page, 'chains-cp-histogram');
      await visible(hist, 'CP histogram', LOAD_TIMEOUT);
      const bars = await hist.locator('rect').count();
      check(bars >= 1, `CP histogram bars: ${bars}`);
    },
  },
];

// ---------------------------------------------------------------------------
// Scatter: one Gantt chart of the figure and its stair in numbers (draw::scatter::ChartMarks).

const chartIn = (page, role) => page.locator(`svg[data-testid="scatter-figure"] g[data-testid="scatter-chart-${role}"]`);

/** The `role` chart's stair: its attributes and the hatched waits and dashed lines drawn in it. */
async function stair(page, role) {
  const g = chartIn(page, role);
  await visible(g, `the ${role} chart`);
  return g.first().evaluate((el) => ({
    idle: Number(el.dataset.idle),
    stair: el.dataset.stair === 'true' && el.querySelectorAll('polyline.stair').length === 1,
    spread: Number(el.dataset.spread),
    item: Number(el.dataset.item),
    balanced: el.dataset.balanced === 'true',
    hatched: [...el.querySelectorAll('rect.idle')].filter((r) => Number(r.getAttribute('width')) > 0).length,
  }));
}

// ---------------------------------------------------------------------------
// Ring (SliceRing, ring.md): the worked examples of §12 and the platforms of §9–10.

const ringNodesIn = (page) => page.locator('svg[data-testid="ring-figure"] circle.node-in');

/** Opens a ring URL, plays to the end and returns the number of steps. */
async function ringToEnd(h, page, search) {
  await load(page, h.url(`/#/ring?${search}`));
  await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
  await visible(byId(page, 'ring-figure'), 'ring figure');
  await page.keyboard.press('End');
  const total = await stepTotal(page);
  await expectStep(page, `Step ${total} / ${total}`);
  return total;
}


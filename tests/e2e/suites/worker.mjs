// Solves in the background (issue 15 item 4, issue 11's 600k-task chain): the 615 400-task
// preset solves in the worker without the page freezing, plays to its end and back, and its
// share link stays short.

import {
  LOAD_TIMEOUT, byId, check, expectStep, load, poll, stepTotal, textWhere, visible,
} from '../lib.mjs';

export const tests = [
  {
    // The 615 400-task preset from the menu: solved in the worker, drawn, stepped back.
    name: 'chains-600k-preset',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/chains?preset=chains-stanford-berkeley'));
      await visible(byId(page, 'player'), 'the player', LOAD_TIMEOUT);
      const caption = await textWhere(byId(page, 'caption'), 'the caption', (t) => t.length > 0);
      check(caption.includes('615400') || caption.includes('615 400'), `caption should name the 615 400 tasks: ${caption}`);
      const total = await stepTotal(page);
      await page.keyboard.press('End');
      await expectStep(page, `Step ${total} / ${total}`);
      await page.keyboard.press('ArrowLeft');
      await expectStep(page, `Step ${total - 1} / ${total}`);
      const link = await poll('the address bar to hold the workload', () => page.url(), (u) => u.includes('i=v'));
      check(link.length < 2000, `the share link should stay short (workload by name), got ${link.length} characters`);
    },
  },
];

// Issue 35: the practice page. A student answers right and wrong on three families (both page
// binaries' groups) and sees the figure open at the step in question; the answers are the
// native command line's (`hetlab practice`, which solves again), never the page's own; the
// completion code round-trips through `hetlab practice check`; a teacher's address gives two
// fresh browsers the same questions; progress survives a reload; the embed works at its
// snippet's size; malformed answers and a bad address get sentences, not a broken page.

import {
  LOAD_TIMEOUT, UI_TIMEOUT, byId, check, load, noSideScroll, poll, show, text, textWhere, visible,
} from '../lib.mjs';
import { native } from './built-sl.mjs';

/** Question `index` of a set as the native command line gives it, answers included. */
function nativeQuestion(family, seed, difficulty, index) {
  const all = JSON.parse(native(['practice', '--family', family, '--seed', String(seed), '--count', String(index + 1), '--difficulty', difficulty]));
  return all[index];
}

/** A well-formed answer of `q` that is not right: a number off by 1/7, or an option not accepted. */
function wrongAnswer(q) {
  if (q.answer_form.type === 'number') return q.answers.includes('1/7777') ? '2/7777' : '1/7777';
  const right = q.answers.map((a) => a.toLowerCase());
  const other = q.answer_form.options.find((o) => !right.includes(o.toLowerCase()));
  check(other !== undefined, `question has no wrong option: ${show(q.prompt)}`);
  return other;
}

/** Types or picks `answer` on the question card and presses Check. */
async function answer(page, q, value) {
  if (q.answer_form.type === 'number') {
    await byId(page, 'practice-input').fill(value);
    await byId(page, 'practice-input').press('Enter');
  } else if (q.answer_form.options.length <= 8) {
    await page.locator(`[data-testid="practice-options"] input[value="${value.replace(/"/g, '\\"')}"]`).check();
    await byId(page, 'practice-check').click();
  } else {
    await byId(page, 'practice-select').selectOption(value);
    await byId(page, 'practice-check').click();
  }
}

/** Waits for the card of question `q` (its prompt, exactly). */
async function waitForQuestion(page, q) {
  await textWhere(byId(page, 'practice-prompt'), `the prompt ${show(q.prompt.slice(0, 60))}`, (t) => t === q.prompt, LOAD_TIMEOUT);
}

/** The step the figure must open at after answering `q` (docs/practice.md). */
function stepShown(q) {
  if (q.step === null) return null;
  return ['next-step', 'predict-figure'].includes(q.kind) ? q.step + 1 : q.step;
}

/** The embedded figure after an answer: the question's family page at the step that shows it. */
async function checkFigure(page, q) {
  const frame = byId(page, 'practice-figure');
  await visible(frame, 'the figure at the step', LOAD_TIMEOUT);
  const src = await frame.getAttribute('src');
  const hash = new URLSearchParams(src.split('#')[1].split('?')[1]);
  check(src.includes(`#/${q.family}?`) && hash.get('algo') === q.algorithm, `figure ${show(src.slice(0, 120))}`);
  const want = stepShown(q);
  const stepText = page.frameLocator('[data-testid="practice-figure"]').locator('[data-testid="step-count"]');
  const shown = await textWhere(stepText, 'the embedded player', (t) => /^Step \d+ \/ \d+$/.test(t), LOAD_TIMEOUT);
  const [, at, total] = shown.match(/^Step (\d+) \/ (\d+)$/).map(Number);
  const expected = want === null ? total : Math.min(want, total);
  check(at === expected, `the figure shows ${show(shown)}, the question's step is ${q.step} (${q.kind})`);
}

export const tests = [
  {
    name: 'practice-right-and-wrong-on-three-families',
    timeout: 240_000,
    async fn(h) {
      const page = h.lastPage;
      // Both groups: steady state (communication), chains and square partitions (partitioning).
      for (const family of ['steady-state', 'chains', 'square-partition']) {
        const seed = 11;
        const q0 = nativeQuestion(family, seed, 'small', 0);
        const q1 = nativeQuestion(family, seed, 'small', 1);
        await load(page, h.url(`/#/practice?f=${family}&d=small&seed=${seed}&n=2`));
        await waitForQuestion(page, q0);
        await answer(page, q0, q0.answers[0]);
        const right = byId(page, 'practice-feedback');
        await visible(right, 'the feedback', LOAD_TIMEOUT);
        check(await right.getAttribute('data-verdict') === 'right', `${family}: ${show(q0.answers[0])} is right for ${show(q0.prompt)}`);
        await checkFigure(page, q0);
        await byId(page, 'practice-next').click();
        await waitForQuestion(page, q1);
        const wrong = wrongAnswer(q1);
        await answer(page, q1, wrong);
        await poll('the verdict', () => byId(page, 'practice-feedback').getAttribute('data-verdict').catch(() => null), (v) => v === 'wrong', LOAD_TIMEOUT);
        const said = await text(byId(page, 'practice-feedback'));
        check(q1.answers.some((a) => said.includes(a)), `${family}: the feedback names an accepted answer: ${show(said)}`);
        await checkFigure(page, q1);
        await byId(page, 'practice-next').click();
        await visible(byId(page, 'practice-done'), 'the end of the set', UI_TIMEOUT);
        const code = await byId(page, 'practice-code').inputValue();
        const graded = JSON.parse(native(['practice', 'check', code]));
        check(graded.family === family && graded.right === 1 && graded.questions === 2, `${family}: hetlab practice check says ${show(graded)}`);
        check(graded.answers[1].answer === wrong && graded.answers[1].verdict === 'wrong', `${family}: the code records the wrong answer`);
      }
    },
  },
  {
    name: 'practice-teacher-url-same-questions-and-progress-kept',
    timeout: 180_000,
    async fn(h) {
      const url = h.url('/#/practice?f=ring,scatter&d=medium&seed=5&n=4');
      const prompts = [];
      for (let k = 0; k < 2; k++) {
        const page = k === 0 ? h.lastPage : await h.newPage();
        await load(page, url);
        const p = await textWhere(byId(page, 'practice-prompt'), 'a prompt', (t) => t.length > 10, LOAD_TIMEOUT);
        prompts.push(p);
      }
      check(prompts[0] === prompts[1], `two browsers, one address: ${show(prompts)}`);
      const q0 = nativeQuestion('ring', 5, 'medium', 0);
      check(prompts[0] === q0.prompt, 'question 1 is the first family\'s (scatter before ring in the catalog) first question');
      // Answer, reload: the answer and the score are still there.
      const page = h.lastPage;
      await answer(page, q0, q0.answers[0]);
      await visible(byId(page, 'practice-feedback'), 'the feedback', LOAD_TIMEOUT);
      await page.reload();
      await textWhere(byId(page, 'practice-score'), 'the score after a reload', (t) => t.includes('Score: 1 right of 1 answered'), LOAD_TIMEOUT);
      // Per-student variants: two names, two sets.
      await load(page, h.url('/#/practice?f=lu&d=small&seed=5&n=3&names=1'));
      await visible(byId(page, 'practice-name'), 'the name form', LOAD_TIMEOUT);
      // The name typed goes into the address; each name's code carries it and its own seed.
      await page.locator('[data-testid="practice-name"] input').fill('Ada');
      await page.locator('[data-testid="practice-name"] input').press('Enter');
      const seeds = [];
      for (const name of ['Ada', 'Bob']) {
        if (name !== 'Ada') await load(page, h.url(`/#/practice?f=lu&d=small&seed=5&n=3&names=1&name=${name}`));
        for (let i = 0; i < 3; i++) {
          await visible(byId(page, 'practice-prompt'), 'a question', LOAD_TIMEOUT);
          await page.getByRole('button', { name: 'Skip' }).click();
          // A skipped question shows its answer (docs/practice.md).
          await textWhere(byId(page, 'practice-feedback'), 'the skipped answer', (t) => t.startsWith('Skipped.') && /The answer is |Accepted answers/.test(t), LOAD_TIMEOUT);
          await byId(page, 'practice-next').click();
        }
        await visible(byId(page, 'practice-done'), 'the end of the set', UI_TIMEOUT);
        const graded = JSON.parse(native(['practice', 'check', await byId(page, 'practice-code').inputValue()]));
        check(graded.name === name && graded.questions === 3 && graded.right === 0, `${name}'s code: ${show(graded)}`);
        seeds.push(graded.seed);
      }
      check(seeds[0] !== seeds[1] && !seeds.includes(5), `names give variants: seeds ${show(seeds)}`);
    },
  },
  {
    name: 'practice-bad-input-gets-sentences',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/practice?f=chain&d=hard&seed=7&n=0'));
      const problems = await textWhere(byId(page, 'practice-url-problems'), 'the address\'s problems', (t) => t.includes('"chain"'), LOAD_TIMEOUT);
      check(problems.includes('small, medium or large') && problems.includes('from 1 to 200'), show(problems));
      // The page still asks a question, with the defaults.
      await visible(byId(page, 'practice-prompt'), 'a question', LOAD_TIMEOUT);
      // A bad seed is replaced in the address, so a reload asks the same questions; its warning
      // stays while the page is at that address.
      await load(page, h.url('/#/practice?f=chains&seed=-5'));
      await textWhere(byId(page, 'practice-url-problems'), 'the seed\'s warning', (t) => t.includes('seed="-5"'), LOAD_TIMEOUT);
      await poll('the seed written in the address', () => new URL(page.url()).hash, (hash) => /seed=\d+/.test(hash));
      const first = await textWhere(byId(page, 'practice-prompt'), 'a question', (t) => t.length > 0, LOAD_TIMEOUT);
      await page.reload();
      await textWhere(byId(page, 'practice-prompt'), 'the same question after a reload', (t) => t === first, LOAD_TIMEOUT);
      await load(page, h.url('/#/practice?f=divisible&d=small&seed=3'));
      const q = nativeQuestion('divisible', 3, 'small', 0);
      await waitForQuestion(page, q);
      if (q.answer_form.type === 'number') {
        for (const bad of ['3//4', '1e999', '']) {
          await answer(page, q, bad);
          const m = await textWhere(byId(page, 'practice-malformed'), `the message for ${show(bad)}`, (t) => t.length > 10, LOAD_TIMEOUT);
          check(!/panic|undefined/i.test(m), show(m));
          check(await byId(page, 'practice-feedback').count() === 0, 'a malformed answer is not recorded');
        }
      }
      // A damaged completion code is refused next to the field.
      await page.locator('[data-testid="practice-grade"] > summary').click();
      await byId(page, 'practice-grade-input').fill('p1.eJyrVkrOyUxVslIqzyzJUKoFADB_');
      await page.locator('[data-testid="practice-grade"] button[type="submit"]').click();
      await textWhere(byId(page, 'practice-grade-result'), 'the refusal', (t) => /damaged|not a HetLab|no practice record/.test(t), UI_TIMEOUT);
    },
  },
  {
    name: 'practice-header-links-open-their-binaries',
    async fn(h) {
      const page = h.lastPage;
      const wasm = () => page.evaluate(() => performance.getEntriesByType('resource')
        .map((e) => /hetlab-([a-z]+)-[0-9a-f]+_bg\.wasm$/.exec(e.name)).filter(Boolean).map((m) => m[1]));
      await load(page, h.url('/#/practice?f=lu&seed=1'));
      await visible(byId(page, 'practice-prompt'), 'a question', LOAD_TIMEOUT);
      check(show(await wasm()) === '["teaching"]', `the practice page is the teaching binary: ${show(await wasm())}`);
      // The editor's SimGrid jobs need a solver worker: it opens in a binary that has one.
      await page.locator('header nav a[href="#/platform"]').click();
      await visible(byId(page, 'editor'), 'the platform editor', LOAD_TIMEOUT);
      await poll('the editor\'s binary', wasm, (w) => show(w) === '["communication"]', LOAD_TIMEOUT);
    },
  },
  {
    name: 'practice-embed-and-family-tab',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/chains'));
      // The family's Share dialog offers a practice set on that family for a course page.
      await byId(page, 'share').click();
      const shared = await byId(page, 'share-practice-code').inputValue();
      const [, sharedSrc, sw, sh] = shared.match(/src="([^"]+)" width="(\d+)" height="(\d+)"/);
      const q = new URLSearchParams(sharedSrc.replace(/&amp;/g, '&').split('#/practice?')[1]);
      check(q.get('f') === 'chains' && q.get('n') === '10' && q.get('embed') === '1' && /^\d+$/.test(q.get('seed')),
        `the Share dialog's practice snippet: ${show(sharedSrc)}`);
      await byId(page, 'share-close').click();
      await visible(byId(page, 'practice-tab'), 'the family page\'s Practice link', LOAD_TIMEOUT);
      await byId(page, 'practice-tab').click();
      await visible(byId(page, 'practice-prompt'), 'a chains question', LOAD_TIMEOUT);
      check((await byId(page, 'practice-card').getAttribute('data-family')) === 'chains', 'the question is about chains');
      // The teacher's snippet has the same size as the Share dialog's.
      await page.locator('[data-testid="practice-teacher"] > summary').click();
      const snippet = await byId(page, 'practice-snippet').inputValue();
      const [, , w, ht] = snippet.match(/src="([^"]+)" width="(\d+)" height="(\d+)"/);
      check(w === sw && ht === sh, `the two snippets' sizes: ${w}×${ht} and ${sw}×${sh}`);
      // The Share dialog's set, embedded at its snippet's size.
      await page.setViewportSize({ width: Number(w), height: Number(ht) });
      await load(page, sharedSrc.replace(/&amp;/g, '&'));
      await visible(byId(page, 'practice-prompt'), 'the embedded question', LOAD_TIMEOUT);
      check((await byId(page, 'practice-card').getAttribute('data-family')) === 'chains', 'the embedded question is about chains');
      check(await page.locator('header.site-header').count() === 0, 'no site header in the embed');
      await noSideScroll(page, Number(w), Number(ht));
      const card = await byId(page, 'practice-card').boundingBox();
      check(card.y + card.height <= Number(ht), `the card fits the frame: ${show(card)}`);
    },
  },
];

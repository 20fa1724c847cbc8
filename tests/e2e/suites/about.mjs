// Issue 38: the About page says which build is running (the version of Cargo.toml and the commit
// built, written into the page by the build), the license, how to cite, and each family's papers.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_TIMEOUT, visible, check, byId, load, text, show } from '../lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const tests = [
  {
    name: 'about-page-names-the-build',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/'));
      await visible(page.locator('header a[href="#/about"]'), 'the header\'s About link', LOAD_TIMEOUT);
      await page.locator('header a[href="#/about"]').click();
      await visible(byId(page, 'about'), 'the About page', LOAD_TIMEOUT);
      const cargo = readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8');
      const want = cargo.match(/\[workspace\.package\][^[]*?\nversion = "([^"]+)"/)[1];
      const version = await text(byId(page, 'about-version'));
      check(version === want, `version ${show(version)}, Cargo.toml says ${want}`);
      const commit = await text(byId(page, 'about-commit'));
      const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT }).toString().trim();
      check(new RegExp(`^${head}( \\(with uncommitted changes\\))?$`).test(commit), `commit ${show(commit)}, HEAD is ${head}`);
      check((await text(byId(page, 'about-license'))).startsWith('MIT'), 'the license');
      check((await text(byId(page, 'about-bibtex'))).includes(`version = {${want}}`), 'the citation names the version');
      // The third-party notices the build wrote beside the page: the patched copies among them.
      const href = await byId(page, 'about-third-party').getAttribute('href');
      const notices = await page.evaluate(async (u) => (await fetch(u)).text(), href);
      check(/^minilp 0\.2\.\d+: Apache-2\.0/m.test(notices) && /^nanoserde /m.test(notices) && /^yew /m.test(notices), `THIRD-PARTY.txt: ${show(notices.slice(0, 200))}`);
      const families = await page.locator('[data-testid^="about-sources-"]').count();
      check(families === 9, `${families} families cite their papers`);
      const ring = await text(byId(page, 'about-sources-ring'));
      check(ring.includes('Renard, Y. Robert, F. Vivien') && ring.includes('Euro-Par 2003'), `ring: ${show(ring)}`);
    },
  },
];

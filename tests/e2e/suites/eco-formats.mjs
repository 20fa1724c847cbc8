// Other tools' formats in the browser (issue 17, items 1–3): a SimGrid platform imported into
// the editor (file picker and drop) and solved; the platform exported as SimGrid XML; a
// schedule exported as a Paje trace and CSV; a Gantt chart, a canvas plot and the platform
// figure exported as TikZ, SVG and PNG. Each download's content is read and checked.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LOAD_TIMEOUT, byId, check, count, load, openPlayer, poll, textWhere, visible, stepCount,
} from '../lib.mjs';
import { native } from './built-sl.mjs';

const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'data', 'simgrid');
const PRESETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'crates', 'core', 'presets');
const xml = (name) => readFileSync(path.join(DATA, name), 'utf8');
// The TikZ downloads are kept as artefacts (beside the screenshots), to compile by hand.
const SHOTS = path.resolve(process.env.HETLAB_SCREENSHOTS || path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'target', 'screenshots'));
const KEEP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'target', 'tex-exports');
const keep = (name, text) => { mkdirSync(KEEP, { recursive: true }); writeFileSync(path.join(KEEP, name), text); };

/** Clicks `locator` and returns the downloaded file's name and text. */
async function download(page, locator) {
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), locator.click()]);
  const file = await dl.path();
  return { name: dl.suggestedFilename(), text: readFileSync(file, 'utf8'), bytes: readFileSync(file) };
}

/** Opens the export menu and selects the first figure whose name contains `what`. */
async function pickFigure(page, what) {
  const menu = byId(page, 'export-menu');
  if (!(await menu.evaluate((d) => d.open))) await menu.locator('summary').click();
  const select = byId(page, 'export-figure');
  const label = await textWhere(select, `a figure named "${what}"`, (t) => t.includes(what));
  const options = await select.locator('option').allTextContents();
  const k = options.findIndex((o) => o.includes(what));
  check(k >= 0, `figure "${what}" in ${label}`);
  await select.selectOption(String(k));
}

export const tests = [
  {
    name: 'simgrid-import-solve',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/platform'));
      await visible(byId(page, 'simgrid'), 'SimGrid section', LOAD_TIMEOUT);
      // The file picker, with a task of 1 Gf and 1 MB.
      await byId(page, 'simgrid-flops').fill('1Gf');
      await byId(page, 'simgrid-bytes').fill('1MB');
      await byId(page, 'simgrid-file').setInputFiles({
        name: 'star_with_router.xml', mimeType: 'application/xml', buffer: Buffer.from(xml('star_with_router.xml')),
      });
      await count(page.locator('[data-testid="node-table"] tbody tr'), 5, 'node table rows after the import');
      await textWhere(byId(page, 'simgrid-notes'), 'import notes', (t) => t.includes('5 nodes and 4 links imported') && t.includes('loopback'));
      // The node table shows the converted cycle times: fast is 2 cores at 2 Gf.
      const wFast = await poll('w of fast', () => byId(page, 'w-fast').inputValue(), (v) => v === '0.25' || v === '1/4');
      check(['0.25', '1/4'].includes(wFast), `w of fast: ${wFast}`);
      // Drop: the two-host platform replaces it.
      await page.evaluate((text) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], 'two_hosts.xml', { type: 'application/xml' }));
        const zone = document.querySelector('[data-testid="simgrid-drop"]');
        zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, xml('two_hosts.xml'));
      await count(page.locator('[data-testid="node-table"] tbody tr'), 2, 'node table rows after the drop');
      // What is not supported is named with its line, and the platform stays.
      await byId(page, 'simgrid-file').setInputFiles({
        name: 'unsupported.xml', mimeType: 'application/xml', buffer: Buffer.from(xml('unsupported.xml')),
      });
      await textWhere(byId(page, 'simgrid-errors'), 'errors with lines', (t) => t.includes('line 5') && t.includes('topo_parameters') && t.includes('line 6') && t.includes('Vivaldi'));
      await count(page.locator('[data-testid="node-table"] tbody tr'), 2, 'platform kept after a failed import');
      // Export as SimGrid XML.
      const out = await download(page, byId(page, 'export-simgrid'));
      check(out.name === 'platform.xml', `file name ${out.name}`);
      check(out.text.includes('<platform version="4.1">') && out.text.includes('<host id="Tremblay" speed="25000000f"'), `XML: ${out.text.slice(0, 400)}`);
      // Solve it: the steady-state page opens on the imported platform.
      await byId(page, 'run').click();
      await visible(byId(page, 'player'), 'player', LOAD_TIMEOUT);
      await page.keyboard.press('End');
      // two_hosts.xml with 1 Gf tasks: Tremblay (w = 40) and Jupiter (w = 20) both compute, and
      // the link (c = 0.008) is far from busy: ρ* = 1/40 + 1/20 = 3/40, as `hetlab import
      // simgrid` then `hetlab solve` give.
      await textWhere(byId(page, 'throughput'), 'ρ* = 3/40', (t) => /^ρ\* = 3\/40 ≈ [0-9.]+ tasks per time unit$/.test(t));
    },
  },

  {
    // Issue 33: a platform past HetLab's 500 nodes (17 clusters of 30, like Grid'5000's
    // g5k.xml) is refused with its zones and their sizes; the zone field imports one of them
    // alone; a platform too large to read in a drawing waits for the user's go (Keep leaves the
    // platform being edited as it is, Draw it anyway loads it), and the numbers are the CLI's.
    name: 'simgrid-zone-and-large-platform',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/platform'));
      await visible(byId(page, 'simgrid'), 'SimGrid section', LOAD_TIMEOUT);
      const rows = page.locator('[data-testid="node-table"] tbody tr');
      const before = await rows.count();
      let many = '<?xml version="1.0"?>\n<platform version="4.1"><zone id="top" routing="Full">\n';
      for (let k = 0; k < 17; k++) {
        many += `<cluster id="c${k}" prefix="c${k}-" suffix="" radical="0-29" speed="1Gf" bw="125MBps" lat="50us" router_id="r${k}"/>\n`;
      }
      many += '<link id="wan" bandwidth="10MBps" latency="10ms"/>\n';
      for (let k = 1; k < 17; k++) many += `<zoneRoute src="c0" dst="c${k}" gw_src="r0" gw_dst="r${k}"><link_ctn id="wan"/></zoneRoute>\n`;
      many += '</zone></platform>\n';
      const upload = () => byId(page, 'simgrid-file').setInputFiles({
        name: 'many.xml', mimeType: 'application/xml', buffer: Buffer.from(many),
      });
      await upload();
      await textWhere(byId(page, 'simgrid-errors'), 'the refusal with the zones', (t) => t.includes('510 hosts, past HetLab\'s 500') && t.includes('the zones of "top" and their hosts: "c0" 30, "c1" 30') && t.includes('"c16" 30'));
      await byId(page, 'simgrid-zone').fill('c4');
      await upload();
      await textWhere(byId(page, 'simgrid-large'), 'the warning before drawing', (t) => t.includes('30 nodes and 435 links: too many to read in a drawing'));
      check((await rows.count()) === before, 'the platform being edited is unchanged while the warning shows');
      await byId(page, 'simgrid-keep').click();
      await textWhere(byId(page, 'simgrid-notes'), 'kept', (t) => t.includes('set aside'));
      check((await rows.count()) === before, 'Keep leaves the platform as it was');
      await upload();
      await byId(page, 'simgrid-draw-anyway').click();
      await count(rows, 30, 'the zone c4 drawn: 30 nodes');
      const cli = JSON.parse(native(['import', 'simgrid', '--zone', 'c4', '-'], many));
      check(cli.nodes.length === 30 && cli.links.length === 435, `CLI: ${cli.nodes.length} nodes, ${cli.links.length} links`);
      await textWhere(byId(page, 'simgrid-notes'), 'import notes', (t) => t.includes('30 nodes and 435 links imported'));
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, 'simgrid-zone-30-nodes.png') });
    },
  },

  {
    // Issue 33: SimGrid's 65 536-host crossbar has no smaller zone: the refusal names First
    // hosts; a bad number is refused beside its field; the first 20 hosts import, as the CLI's
    // `--hosts 20` does, with the note of what was kept.
    name: 'simgrid-first-hosts-of-a-crossbar',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/platform'));
      await visible(byId(page, 'simgrid'), 'SimGrid section', LOAD_TIMEOUT);
      const crossbar = xml('sg/cluster_crossbar.xml');
      const upload = () => byId(page, 'simgrid-file').setInputFiles({
        name: 'cluster_crossbar.xml', mimeType: 'application/xml', buffer: Buffer.from(crossbar),
      });
      await upload();
      await textWhere(byId(page, 'simgrid-errors'), 'the refusal naming First hosts', (t) => t.includes('65536 hosts, past HetLab\'s 500') && t.includes('keep its first hosts (--hosts N; on the page, First hosts)'));
      await byId(page, 'simgrid-first').fill('0');
      await upload();
      await textWhere(byId(page, 'simgrid-errors'), 'the bad number', (t) => t.includes('first hosts') && t.includes('must be a whole number from 1 to 500') && t.includes('got "0"'));
      await byId(page, 'simgrid-first').fill('20');
      await upload();
      const rows = page.locator('[data-testid="node-table"] tbody tr');
      await count(rows, 20, 'the first 20 hosts drawn');
      await textWhere(byId(page, 'simgrid-notes'), 'what was kept', (t) => t.includes('20 nodes and 190 links imported') && t.includes('the first 20 of the 65536 hosts are kept (--hosts 20)'));
      const cli = JSON.parse(native(['import', 'simgrid', '--hosts', '20', '-'], crossbar));
      check(cli.nodes.length === 20 && cli.links.length === 190, `CLI: ${cli.nodes.length} nodes, ${cli.links.length} links`);
      await visible(byId(page, 'id-node-0.simgrid.org'), 'the first host, node-0', LOAD_TIMEOUT);
      await visible(byId(page, 'id-node-19.simgrid.org'), 'the 20th host, node-19', LOAD_TIMEOUT);
    },
  },

  {
    name: 'paje-tikz-export',
    async fn(h) {
      const page = h.lastPage;
      await openPlayer(h, page, 'preset=example-1&algo=lp');
      await page.keyboard.press('End');
      await textWhere(stepCount(page), 'last step', (t) => t === 'Step 15 / 15');
      await visible(byId(page, 'gantt'), 'gantt chart');
      const menu = byId(page, 'export-menu');
      await menu.locator('summary').click();
      // The schedule as a Paje trace and as CSV.
      const trace = await download(page, byId(page, 'export-paje'));
      check(trace.name === 'hetlab-steady-state-lp.paje', `file name ${trace.name}`);
      check(trace.text.includes('%EventDef PajePushState 5') && trace.text.includes('"1 computes"'), `trace: ${trace.text.slice(0, 300)}`);
      const pushes = trace.text.split('\n').filter((l) => l.startsWith('5 ')).length;
      const csv = await download(page, byId(page, 'export-csv'));
      const rows = csv.text.trim().split('\n');
      check(rows[0].startsWith('lane,node,state,start,end'), `csv header ${rows[0]}`);
      check(rows.length - 1 === pushes && rows.includes('1 computes,1,task,0,12,12,12 × 1,0,12'), `csv: ${csv.text.slice(0, 300)}`);
      // The SimGrid program that plays it (`hetlab export simgrid-run`).
      const program = await download(page, byId(page, 'export-simgrid-run'));
      check(program.name === 'hetlab-steady-state-lp.py', `file name ${program.name}`);
      check(program.text.startsWith('#!/usr/bin/python3') && program.text.includes('from simgrid import'), `program: ${program.text.slice(0, 300)}`);
      check(program.text.includes('\\"algorithm\\":\\"lp\\"') && program.text.includes('network/model'), 'the schedule and the platform are embedded');
      // The Gantt chart as TikZ: a standalone picture with the bars' colours.
      await pickFigure(page, 'Gantt');
      const tex = await download(page, byId(page, 'export-fig-tikz'));
      check(tex.name.endsWith('.tex'), `file name ${tex.name}`);
      keep('gantt.tex', tex.text);
      check(tex.text.startsWith('% Drawn by HetLab') && tex.text.includes('\\documentclass{standalone}'), 'standalone document');
      check(tex.text.includes('\\begin{tikzpicture}') && tex.text.includes('{12 $\\times$ 1}'), `tikz: ${tex.text.slice(0, 600)}`);
      check((tex.text.match(/\\definecolor/g) ?? []).length >= 2, 'bar colours defined');
      // SVG and PNG of the platform figure, TikZ of the canvas plot.
      await pickFigure(page, '1.');
      const svg = await download(page, byId(page, 'export-fig-svg'));
      check(svg.text.includes('<svg') && svg.text.includes('style="'), `svg: ${svg.text.slice(0, 200)}`);
      // The labels' white halo is painted under their text, as on the page (else it hides them).
      const haloed = svg.text.match(/<text[^>]*style="[^"]*stroke:\s*rgb\(255, 255, 255\)[^"]*"/g) ?? [];
      check(haloed.length > 0 && haloed.every((t) => /paint-order:\s*stroke/.test(t)), `halo under the labels: ${haloed.length} haloed texts, e.g. ${haloed[0]}`);
      const png = await download(page, byId(page, 'export-fig-png'));
      check(png.bytes.subarray(1, 4).toString() === 'PNG', `png magic of ${png.name}`);
      await pickFigure(page, 'Tasks completed');
      const plot = await download(page, byId(page, 'export-fig-tikz'));
      check(plot.text.includes('\\begin{tikzpicture}') && plot.text.includes('\\path'), `plot tikz: ${plot.text.slice(0, 300)}`);
      keep('plot.tex', plot.text);
      await pickFigure(page, '1.');
      keep('platform.tex', (await download(page, byId(page, 'export-fig-tikz'))).text);
    },
  },

  {
    // The page's JSON export is `hetlab solve --explain`'s document (with what the page shows
    // beside the solution: the other operating models, the prices, the best tree), word for
    // word: neither carries the trace, so neither counts its steps (formats.md: `steps` comes
    // with `trace`).
    name: 'export-json-explained',
    async fn(h) {
      const page = h.lastPage;
      await openPlayer(h, page, 'preset=example-1&algo=lp');
      const out = await download(page, byId(page, 'export-json'));
      check(out.name === 'hetlab-steady-state-result.json', `file name ${out.name}`);
      const got = JSON.parse(out.text);
      const want = JSON.parse(native(['solve', '--explain', '-'], readFileSync(path.join(PRESETS, 'example-1.json'), 'utf8')));
      check(!('steps' in got) && !('steps' in want), `a step count without the trace: page ${got.steps}, native ${want.steps}`);
      check(JSON.stringify(got) === JSON.stringify(want), `export and --explain differ\npage:   ${JSON.stringify(got).slice(0, 300)}\nnative: ${JSON.stringify(want).slice(0, 300)}`);
      check(got.models.length === 6 && got.why.prices.bound === '7/4' && got.best_tree.throughput === '41/24', `explanations: ${JSON.stringify(got.models)}`);
    },
  },

  {
    // The other group's solver worker writes its families' programs too (divisible loads).
    name: 'simgrid-run-export-divisible',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/divisible?preset=divisible-dl1&algo=exact'));
      await visible(byId(page, 'export-menu'), 'export menu', LOAD_TIMEOUT);
      await byId(page, 'export-menu').locator('summary').click();
      const program = await download(page, byId(page, 'export-simgrid-run'));
      check(program.name === 'hetlab-divisible-exact.py', `file name ${program.name}`);
      check(program.text.includes('\\"family\\":\\"divisible\\"') && program.text.includes('\\"kind\\":\\"compute\\"'), `program: ${program.text.slice(0, 400)}`);
    },
  },

  {
    name: 'export-no-schedule',
    async fn(h) {
      const page = h.lastPage;
      await load(page, h.url('/#/steady-state?preset=star-example-2&algo=tree'));
      await visible(byId(page, 'export-menu'), 'export menu', LOAD_TIMEOUT);
      await byId(page, 'export-menu').locator('summary').click();
      await byId(page, 'export-paje').click();
      await textWhere(byId(page, 'export-message'), 'no schedule message', (t) => t.includes('no schedule'));
    },
  },
];

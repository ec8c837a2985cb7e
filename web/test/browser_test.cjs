// The site in a real browser: Debian's chromium, headless, driven by playwright-core, against
// build/web served as `make serve` serves it (--isolated: COOP/COEP, the threads build) or as a
// plain static host does (the one-thread build). Every count the pages show is compared with
// the command line's answer to the same request; any console error fails the test.
// Screenshots go to --shots (default build/web-test).
//   node web/test/browser_test.cjs --site build/web --cli build/release/manyworlds [--isolated]
'use strict';
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { parse_args, check_site, require_tool, run_cli, chromium_path, has_module } = require('./common.cjs');

const args = parse_args(process.argv.slice(2));
const isolated = args.flags.has('--isolated');
check_site(args.site);
require_tool(args.cli && fs.existsSync(args.cli), `the command line is not built (${args.cli})`);
require_tool(chromium_path(), 'chromium not found (scripts/install-deps.sh --browser installs it)');
require_tool(has_module('playwright-core'), 'playwright-core not installed (web/install.sh: npm ci in web/)');
const { chromium } = require('playwright-core');
const { serve } = require('../serve.cjs');

const shots = path.resolve(args.shots || path.join(args.site, '..', 'web-test'));
const mode = isolated ? 'isolated' : 'plain';
const PCO = 'v115@9gE8DeG8CeH8BeG8CeA8JeAgH';
// A run of many seconds: the direct method over sfinder's manyPatterns case
// (tests/data/tetris/cases.tsv file_manyPatterns: 35280 sequences) with every failure listed.
const LONG = `?puzzle=tetris&verb=percent&t=v115@9gB8HeC8GeD8FeC8QeAgH&p=*,*p7&c=4&fc=-1&method=direct`;

const results = [];
async function check(name, fn) {
  const start = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok ${name} (${Date.now() - start} ms)`);
  } catch (e) {
    results.push({ name, ok: false });
    console.log(`FAILED ${name}: ${e.message}`);
  }
}

(async () => {
  fs.mkdirSync(shots, { recursive: true });
  const server = await serve({ root: args.site, isolated });
  const base = `http://127.0.0.1:${server.address().port}/index.html`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromium_path(),
    headless: true,
    viewport: { width: 1100, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const problems = [];
  context.on('weberror', (e) => problems.push(`uncaught: ${e.error().message}`));
  const page = context.pages()[0] || await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error on ${page.url()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error on ${page.url()}: ${e.message}`));
  page.on('crash', () => problems.push('the page crashed'));
  // Nothing may be fetched from elsewhere.
  await context.route((url) => !url.href.startsWith('http://127.0.0.1:'), (route) => {
    problems.push(`fetched from the network: ${route.request().url()}`);
    return route.abort();
  });
  const open = async (query) => {
    const start = Date.now();
    await page.goto(base + query);
    await page.waitForFunction(() => document.body.dataset.lastRun, null, { timeout: 60000 });
    return Date.now() - start;
  };
  const text = (selector) => page.locator(selector).first().innerText();

  await check(`PCO *p4 link shows 514/840 (${mode})`, async () => {
    const ms = await open(`?puzzle=tetris&verb=percent&t=${PCO}&p=*p4&c=4`);
    const cli = run_cli(args.cli, ['tetris', 'percent', '-t', PCO, '-p', '*p4', '-c', '4', '--json']).json;
    assert.strictEqual(await text('#tetris-result .count'), `${cli.success}/${cli.total}`);
    assert.strictEqual(`${cli.success}/${cli.total}`, '514/840');  // tests/data/tetris/cases.tsv noKicks_srs
    assert.strictEqual(await page.locator('#tetris-result .tree li').count() > 0, true, 'the success tree');
    assert.strictEqual(await page.locator('#tetris-result .seqs .seq').count(), cli.failed.length, 'the failing sequences');
    // The time to the first answer is a figure, not a check (tests run beside other work; the
    // target is measured by web/bench and written in docs/web.md): here it is only printed.
    console.log(`  first answer ${ms} ms after opening the link`);
    await page.screenshot({ path: path.join(shots, `tetris-percent-${mode}.png`) });  // the first screen
  });

  await check(`editing updates the URL, the live count and the field (${mode})`, async () => {
    await page.fill('#patterns', 'T,*p3');
    await page.waitForFunction(() => /^210 distinct/.test(document.querySelector('#patterns-count').textContent));
    assert.ok(new URL(page.url()).searchParams.get('p') === 'T,*p3', page.url());
    await page.fill('#patterns', 'T,*p3,Q');
    await page.waitForFunction(() => document.querySelector('#patterns-error').textContent !== '');
    const cli = run_cli(args.cli, ['tetris', 'patterns', 'T,*p3,Q']);
    assert.strictEqual(await text('#patterns-error'), cli.error);
    const before = await page.inputValue('#tetfu');
    const box = await page.locator('#field-editor svg').boundingBox();
    await page.mouse.click(box.x + box.width * 0.05, box.y + box.height * 0.97);  // the bottom-left cell
    await page.waitForFunction((b) => document.querySelector('#tetfu').value !== b, before);
    const after = await page.inputValue('#tetfu');
    assert.strictEqual(new URL(page.url()).searchParams.get('t'), after);
    const shown = run_cli(args.cli, ['tetris', 'show', after, '--json']).json;
    assert.strictEqual(shown.rows[shown.rows.length - 1][0], '.', 'the bottom-left cell was gray and is now empty');
  });

  await check(`path: 18 unique and 16 minimal, drawn, with their fumens (${mode})`, async () => {
    await open(`?puzzle=tetris&verb=path&t=${PCO}&p=*p4&c=4`);
    const cli = run_cli(args.cli, ['tetris', 'path', '-t', PCO, '-p', '*p4', '-c', '4', '--json']).json;
    assert.strictEqual(await text('#path-unique'), String(cli.unique.length));
    assert.strictEqual(await text('#path-minimal'), String(cli.minimal.length));
    assert.deepStrictEqual([cli.unique.length, cli.minimal.length], [18, 16]);  // sfinder 1.43, tests/data/tetris/sfinder/path
    assert.strictEqual(await page.locator('#path-unique-list svg.field').count(), 18);
    assert.strictEqual(await page.locator('#path-minimal-list svg.field').count(), 16);
    // Each is a field with its cells drawn: as many coloured cells as `tetris show` has.
    const drawn = await page.locator('#path-unique-list svg.field').evaluateAll((svgs) => svgs.map((svg) => svg.querySelectorAll('rect[fill]:not([fill="#1c1c24"])').length));
    const filled = cli.unique.map((s) => run_cli(args.cli, ['tetris', 'show', s.fumen, '--json']).json.rows.join('').replace(/[._]/g, '').length);
    assert.deepStrictEqual(drawn, filled, 'the cells drawn');
    const links = await page.locator('#path-unique-list a.fumen-link').evaluateAll((as) => as.map((a) => a.href));
    assert.deepStrictEqual(links, cli.unique.map((s) => `https://fumen.zui.jp/?${s.fumen}`));
    // Each link's fumen is a field the command line reads, with the solution's pieces in colour.
    for (const link of links.slice(0, 3)) {
      const shown = run_cli(args.cli, ['tetris', 'show', link, '--json']);
      assert.strictEqual(shown.status, 0, shown.stderr);
      assert.ok(/[IJLOSTZ]/.test(shown.json.rows.join('')));
    }
    await page.screenshot({ path: path.join(shots, `tetris-path-${mode}.png`), fullPage: true });
  });

  await check(`cancel stops a long run; the page stays responsive (${mode})`, async () => {
    await page.goto(base + LONG.replace('puzzle=tetris', 'puzzle=dice'));  // the form, not the run
    await page.waitForFunction(() => document.body.dataset.lastRun);
    await page.goto(base + LONG);
    await page.waitForFunction(() => !document.querySelector('#tetris .cancel').disabled, null, { timeout: 20000 });
    await page.waitForTimeout(1500);
    // While the engine works, the page answers at once: timers fire on time.
    const lag = await page.evaluate(() => new Promise((resolve) => {
      let worst = 0, last = performance.now(), n = 0;
      const tick = () => {
        const now = performance.now();
        worst = Math.max(worst, now - last - 20);
        last = now;
        if (++n < 20) setTimeout(tick, 20); else resolve(worst);
      };
      setTimeout(tick, 20);
    }));
    // The engine runs off the page's thread: a frozen page would hold timers for the whole
    // run. How late they come is printed (a figure; docs/web.md), and only a freeze fails.
    console.log(`  timers at most ${lag.toFixed(0)} ms late during the run`);
    assert.ok(lag < 5000, `a timer came ${lag.toFixed(0)} ms late during the run`);
    assert.ok(await page.locator('#tetris .cancel').isEnabled(), 'the run ended before the cancel');
    const label = await text('#tetris .progress-label');
    assert.ok(/\d/.test(label), `progress shown: ${label}`);
    const ms = await page.evaluate(() => new Promise((resolve) => {
      const start = performance.now();
      const error = document.querySelector('#tetris .run-error');
      const watch = new MutationObserver(() => {
        if (/Cancelled/.test(error.textContent)) { watch.disconnect(); resolve(performance.now() - start); }
      });
      watch.observe(error, { childList: true, characterData: true, subtree: true });
      document.querySelector('#tetris .cancel').click();
    }));
    console.log(`  cancelled in ${ms.toFixed(0)} ms (${label})`);
    assert.ok(ms < 10000, `the run went on ${ms.toFixed(0)} ms after the cancel`);
    // The engine works again after it.
    await page.fill('#patterns', '*p4');
    await page.fill('#tetfu', PCO);
    await page.selectOption('[data-opt=method]', '');
    await page.evaluate(() => { delete document.body.dataset.lastRun; });
    await page.click('#tetris-run');
    await page.waitForFunction(() => document.body.dataset.lastRun);
    assert.strictEqual(await text('#tetris-result .count'), '514/840');
  });

  await check(`a bad fumen shows the CLI's message beside the fumen box (${mode})`, async () => {
    await open('?puzzle=tetris&verb=percent&t=v115@nonsense&p=*p4');
    const cli = run_cli(args.cli, ['tetris', 'percent', '-t', 'v115@nonsense', '-p', '*p4']);
    assert.ok(cli.error, 'the CLI fails too');
    await page.waitForFunction(() => document.querySelector('#tetfu-error').textContent !== '');
    assert.strictEqual(await text('#tetfu-error'), cli.error);
    await page.screenshot({ path: path.join(shots, `tetris-bad-fumen-${mode}.png`) });
  });

  await check(`dice 4,8 shows 444356092776315 (${mode})`, async () => {
    await open('?puzzle=dice&p1=4&p2=8');
    const cli = run_cli(args.cli, ['dice', '--p1', '4', '--p2', '8', '--json']).json;
    assert.strictEqual(await text('#dice-part1'), String(cli.part1.answer));
    assert.strictEqual(await text('#dice-part2'), cli.part2.answer);
    assert.strictEqual(cli.part2.answer, '444356092776315');  // Advent of Code 2021 day 21's example
    await page.screenshot({ path: path.join(shots, `dice-${mode}.png`), fullPage: true });
  });

  await check(`lock, escape and cards show the CLI's answers (${mode})`, async () => {
    await open('?puzzle=lock&n=40');
    const lock = run_cli(args.cli, ['lock', 'solve', '-n', '40', '--json']).json;
    assert.strictEqual((await text('#lock-total')).replace(/\s/g, ''), String(lock.total));
    await page.screenshot({ path: path.join(shots, `lock-${mode}.png`), fullPage: true });
    await open('?puzzle=escape');
    const cells = await page.inputValue('[data-opt=cells]');
    const escape = run_cli(args.cli, ['escape', 'flip', '--cells', cells, '--key', 'c4', '--json']).json;
    assert.strictEqual(await text('#escape-flip'), escape.move.square);
    assert.strictEqual(await text('#escape-answer'), escape.answer.square);
    await page.click('#escape-board [data-cell="0"]');  // turn a8's coin: the link follows
    assert.strictEqual(new URL(page.url()).searchParams.get('cells')[0], cells[0] === '1' ? '0' : '1');
    await page.screenshot({ path: path.join(shots, `escape-${mode}.png`), fullPage: true });
    await open('?puzzle=cards&n=4');
    const cards = run_cli(args.cli, ['cards', 'count', '4', '--json']).json;
    assert.strictEqual((await text('#cards-count')).replace(/\s/g, ''), String(cards.sequences));
    assert.strictEqual(await text('#cards-sequence'), run_cli(args.cli, ['cards', 'solve', '4']).stdout.trim());
    await page.screenshot({ path: path.join(shots, `cards-${mode}.png`), fullPage: true });
  });

  await check(`the engine build matches the page (${mode})`, async () => {
    const status = await text('#engine-status');
    assert.ok(isolated ? /threads/.test(status) && !/one thread/.test(status) : /one thread/.test(status), status);
  });

  await context.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
  for (const p of problems) console.log(`FAILED: ${p}`);
  const failed = results.filter((r) => !r.ok).length + problems.length;
  console.log(`${results.length - failed + problems.length} passed, ${failed} failed (screenshots in ${shots})`);
  process.exit(failed ? 1 : 0);
})().catch((e) => {
  console.log(`FAILED: ${e.stack || e}`);
  process.exit(1);
});

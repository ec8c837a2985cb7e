// The browser's engine (build/web/st, under node) answers every request as the command line
// does: the same JSON as `manyworlds ... --json` (times left out), the same text where the
// verb has one, and the same error message for bad input. Pinned counts are checked too, each
// with its source.
//   node web/test/engine_test.cjs --site build/web --cli build/release/manyworlds
'use strict';
const assert = require('assert');
const { parse_args, check_site, require_tool, run_cli, load_engine, strip, maskText } = require('./common.cjs');
const fs = require('fs');

const args = parse_args(process.argv.slice(2));
check_site(args.site);
require_tool(args.cli && fs.existsSync(args.cli), `the command line is not built (${args.cli})`);

const PCO = 'v115@9gE8DeG8CeH8BeG8CeA8JeAgH';
const cases = [
  // tests/data/tetris/cases.tsv noKicks_srs: sfinder 1.43 prints 514/840.
  { name: 'percent PCO *p4', cli: ['tetris', 'percent', '-t', PCO, '-p', '*p4', '-c', '4', '-th', '1'],
    request: { verb: 'tetris.percent', args: { options: { tetfu: PCO, patterns: '*p4', 'clear-line': '4' } } },
    pinned: (r) => r.success === 514 && r.total === 840 },
  { name: 'percent, no hold, all failures, full tree', cli: ['tetris', 'percent', '-t', PCO, '-p', '*p4', '-H', 'avoid', '-fc', '-1', '-td', '-1', '-th', '1'],
    request: { verb: 'tetris.percent', args: { options: { tetfu: PCO, patterns: '*p4', hold: 'avoid', 'failed-count': '-1', 'tree-depth': '-1' } } } },
  // tests/data/tetris/cases.tsv doc_percent_sample: 5032/5040.
  { name: 'percent doc sample *p7', cli: ['tetris', 'percent', '-t', 'v115@VgF8DeF8DeF8DeF8DeF8DeF8DeH8BeH8LeAgH', '-p', '*p7', '-c', '8', '-fc', '0', '-td', '1', '-th', '1'],
    request: { verb: 'tetris.percent', args: { options: { tetfu: 'v115@VgF8DeF8DeF8DeF8DeF8DeF8DeH8BeH8LeAgH', patterns: '*p7', 'clear-line': '8', 'failed-count': '0', 'tree-depth': '1' } } },
    pinned: (r) => r.success === 5032 && r.total === 5040 },
  { name: 'path PCO *p4', cli: ['tetris', 'path', '-t', PCO, '-p', '*p4', '-th', '1'],
    request: { verb: 'tetris.path', args: { options: { tetfu: PCO, patterns: '*p4' } } },
    files: ['path_unique.html', 'path_minimal.html'] },
  { name: 'path CSV -k pattern', cli: ['tetris', 'path', '-t', PCO, '-p', '*p4', '-f', 'csv', '-k', 'pattern', '-th', '1'],
    request: { verb: 'tetris.path', args: { options: { tetfu: PCO, patterns: '*p4', format: 'csv', key: 'pattern' } } },
    files: ['path.csv'] },
  { name: 'saves', cli: ['tetris', 'saves', '-t', PCO, '-p', '*p4', '-w', 'T|I', '-w', '[SZ]&!O'],
    request: { verb: 'tetris.saves', args: { options: { tetfu: PCO, patterns: '*p4' }, wanted: ['T|I', '[SZ]&!O'] } } },
  // tests/data/tetris/sfinder/cover/cases.tsv doc.
  { name: 'cover', cli: ['tetris', 'cover', '-t', 'v115@vhFRQJUGJKJJvMJTNJGBJ', 'v115@vhFRQJPGJKJJGMJTNJ0BJ', '-p', '*p7', '--threads', '1'],
    request: { verb: 'tetris.cover', args: { options: { tetfu: ['v115@vhFRQJUGJKJJvMJTNJGBJ', 'v115@vhFRQJPGJKJJGMJTNJ0BJ'], patterns: '*p7' } } },
    files: ['cover.csv'] },
  { name: 'patterns', cli: ['tetris', 'patterns', '[SZ]!,*p3'],
    request: { verb: 'tetris.patterns', args: { patterns: '[SZ]!,*p3' } } },
  { name: 'show', cli: ['tetris', 'show', 'v115@vhFRQJUGJKJJvMJTNJGBJ'],
    request: { verb: 'tetris.show', args: { tetfu: 'v115@vhFRQJUGJKJJvMJTNJGBJ' } }, ignore: ['comment_options'] },
  // Advent of Code 2021 day 21's example: 739785 and 444356092776315.
  { name: 'dice 4,8', cli: ['dice', '--p1', '4', '--p2', '8', '--threads', '1'],
    request: { verb: 'dice', args: { p1: '4', p2: '8' } },
    pinned: (r) => r.part1.answer === 739785 && r.part2.answer === '444356092776315' },
  // Beyond 128 bits: the big integers of the browser (core/bignat.hpp) against GMP's.
  { name: 'dice, target 300', cli: ['dice', '--p1', '4', '--p2', '8', '--part2-target', '300', '--part', '2', '--threads', '1'],
    request: { verb: 'dice', args: { p1: '4', p2: '8', 'part2-target': '300', part: '2' } },
    pinned: (r) => r.part2.answer.length > 39 },
  { name: 'dice, three players', cli: ['dice', '--start', '1,5,9', '--part2-sides', '6', '--threads', '1'],
    request: { verb: 'dice', args: { start: '1,5,9', 'part2-sides': '6' } } },
  { name: 'lock', cli: ['lock', 'solve', '-n', '40', '--threads', '1'],
    request: { verb: 'lock', args: { 'max-length': '40' } } },
  { name: 'escape flip', cli: ['escape', 'flip', '--cells', '1011010101101101100010011001011000011000101011111001100110101010', '--key', 'c4'],
    request: { verb: 'escape', args: { cells: '1011010101101101100010011001011000011000101011111001100110101010', key: 'c4' } } },
  // OEIS A003043: 5712 minimal sequences for 4 cards.
  { name: 'cards count 4', cli: ['cards', 'count', '4', '--threads', '1'],
    request: { verb: 'cards', args: { cards: '4' } }, ignore: ['sequence'], pinned: (r) => r.sequences === '5712' },
  // Errors: the CLI's message, word for word.
  { name: 'bad fumen', cli: ['tetris', 'percent', '-t', 'v115@nonsense', '-p', '*p4'],
    request: { verb: 'tetris.percent', args: { options: { tetfu: 'v115@nonsense', patterns: '*p4' } } } },
  { name: 'bad pattern', cli: ['tetris', 'percent', '-t', PCO, '-p', '*p4,Q'],
    request: { verb: 'tetris.percent', args: { options: { tetfu: PCO, patterns: '*p4,Q' } } } },
  { name: 'clear line out of range', cli: ['tetris', 'path', '-t', PCO, '-p', '*p4', '-c', '11'],
    request: { verb: 'tetris.path', args: { options: { tetfu: PCO, patterns: '*p4', 'clear-line': '11' } } } },
  { name: 'dice, bad start', cli: ['dice', '--start', '4,x'],
    request: { verb: 'dice', args: { start: '4,x' } } },
];

(async () => {
  const call = await load_engine(args.site);
  let passed = 0;
  const failed = [];
  for (const c of cases) {
    try {
      const cli = run_cli(args.cli, [...c.cli, '--json']);
      const answer = call(Object.assign({ threads: 1 }, c.request));
      if (cli.status !== 0) {
        assert.ok(!answer.ok, `the CLI failed (${cli.error}) but the engine answered`);
        assert.strictEqual(answer.error, cli.error, 'the error message');
        assert.strictEqual(answer.kind === 'usage' ? 2 : 1, cli.status, 'the kind of error (exit code)');
      } else {
        assert.ok(answer.ok, `the engine failed: ${answer.error}`);
        const mine = strip(answer.result);
        for (const k of c.ignore || []) delete mine[k];
        if (c.request.verb === 'tetris.path') {
          // The rows the page draws are `tetris show`'s rows of the solution's fumen.
          for (const s of mine.unique.slice(0, 3)) {
            assert.deepStrictEqual(s.rows, run_cli(args.cli, ['tetris', 'show', s.fumen, '--json']).json.rows, 'the rows');
          }
          for (const s of mine.unique) delete s.rows;
        }
        assert.deepStrictEqual(mine, strip(cli.json), 'the JSON');
        if (answer.text && !c.cli.includes('-f')) {
          const text = run_cli(args.cli, c.cli);
          assert.strictEqual(maskText(answer.text), maskText(text.stdout), 'the text');
        }
        for (const f of c.files || []) assert.ok(answer.files[f] && answer.files[f].length > 0, `file ${f}`);
        if (c.pinned) assert.ok(c.pinned(answer.result), 'the pinned counts');
      }
      ++passed;
      console.log(`ok ${c.name}`);
    } catch (e) {
      failed.push(c.name);
      console.log(`FAILED ${c.name}: ${e.message}`);
    }
  }
  // The cards' sequence: `cards solve 4`.
  try {
    const solve = run_cli(args.cli, ['cards', 'solve', '4']);
    assert.strictEqual(call({ verb: 'cards', args: { cards: '4' } }).result.sequence, solve.stdout.trim());
    ++passed;
    console.log('ok cards solve 4');
  } catch (e) {
    failed.push('cards solve 4');
    console.log(`FAILED cards solve 4: ${e.message}`);
  }
  // The whole site (issue 33: under 3 MB): every file make web put in build/web.
  try {
    const size = (dir) => fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => {
      const p = require('path').join(dir, e.name);
      return sum + (e.isDirectory() ? size(p) : fs.statSync(p).size);
    }, 0);
    const bytes = size(args.site);
    console.log(`  the site: ${bytes} bytes`);
    assert.ok(bytes < 3 * 1024 * 1024, `${bytes} bytes`);
    ++passed;
    console.log('ok the site is under 3 MB');
  } catch (e) {
    failed.push('site size');
    console.log(`FAILED site size: ${e.message}`);
  }
  console.log(`${passed} passed, ${failed.length} failed${failed.length ? `: ${failed.join(', ')}` : ''}`);
  process.exit(failed.length ? 1 : 0);
})().catch((e) => {
  console.log(`FAILED: ${e.stack || e}`);
  process.exit(1);
});

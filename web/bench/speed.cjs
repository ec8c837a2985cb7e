// The WebAssembly engine against the native one, call for call: the same requests through the
// same bridge (web/bridge/), native (manyworlds_web_native: g++, GMP) and WebAssembly (the
// one-thread build under node), one thread each, alternating on the same machine, each call
// REPEAT times after one untimed call; the median CPU time of the call in each process (the machine is shared: wall
// time says more about the neighbours). Prints a Markdown table; exit 1 when an answer differs.
//   node web/bench/speed.cjs --site build/web --native build/release/manyworlds_web_native [--repeat 5]
// The cases: every reference case of tests/data/tetris/cases.tsv that needs no file, and each
// puzzle's headline workload (bench/workloads/).
'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');
const { spawn } = require('child_process');
const { load_engine, strip, maskText } = require('../test/common.cjs');

const argv = process.argv.slice(2);
const option = (name, fallback) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : fallback; };
const root = path.join(__dirname, '..', '..');
const site = option('--site', path.join(root, 'build', 'web'));
const native = option('--native', path.join(root, 'build', 'release', 'manyworlds_web_native'));
const repeat = Number(option('--repeat', '5'));

function percentCases(table) {
  const spec = (name) => table.find((s) => s.short === name.replace(/^-+/, '') || s.long === name.replace(/^-+/, ''));
  const lines = fs.readFileSync(path.join(root, 'tests', 'data', 'tetris', 'cases.tsv'), 'utf8').trim().split('\n');
  const header = lines[0].split('\t');
  const out = [];
  for (const line of lines.slice(1)) {
    const row = Object.fromEntries(line.split('\t').map((v, i) => [header[i], v]));
    const words = row.sfinder_args.split(' ');
    const options = {};
    let needsFile = false;
    for (let i = 0; i < words.length; i += 2) {
      const s = spec(words[i]);
      if (!s || ['patterns-path', 'field-path'].includes(s.long)) needsFile = true;
      else options[s.long] = words[i + 1];
    }
    if (!needsFile) out.push({ name: `percent ${row.id}`, request: { verb: 'tetris.percent', args: { options } } });
  }
  return out;
}

const PCO = 'v115@9gE8DeG8CeH8BeG8CeA8JeAgH';
const WORKLOADS = [
  { name: 'path PCO *p4', request: { verb: 'tetris.path', args: { options: { tetfu: PCO, patterns: '*p4' } } } },
  { name: 'cover sfinder doc *p7', request: { verb: 'tetris.cover', args: { options: { tetfu: ['v115@vhFRQJUGJKJJvMJTNJGBJ', 'v115@vhFRQJPGJKJJGMJTNJ0BJ'], patterns: '*p7' } } } },
  { name: 'saves PCO *p4 T|I', request: { verb: 'tetris.saves', args: { options: { tetfu: PCO, patterns: '*p4' }, wanted: ['T|I'] } } },
  { name: 'dice 4,8', request: { verb: 'dice', args: { p1: 4, p2: 8 } } },
  { name: 'dice 4,8 part 2 target 1000', request: { verb: 'dice', args: { p1: 4, p2: 8, part: 2, 'part2-target': 1000, force: true } } },
  { name: 'lock -n 128', request: { verb: 'lock', args: { 'max-length': 128 } } },
  { name: 'escape flip 8x8', request: { verb: 'escape', args: { cells: '1011010101101101100010011001011000011000101011111001100110101010', key: 'c4' } } },
  { name: 'cards count 5', request: { verb: 'cards', args: { cards: 5 } } },
];

const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
// An answer without what differs from run to run (times), as text.
const same_form = (answer) => JSON.stringify([answer.ok, strip(answer.result), maskText(answer.text || ''),
  Object.entries(answer.files || {}).map(([name, text]) => [name, maskText(text)]), answer.error]);

(async () => {
  const wasm = await load_engine(site);
  const child = spawn(path.resolve(native), [], { stdio: ['pipe', 'pipe', 'inherit'], cwd: fs.mkdtempSync(path.join(require('os').tmpdir(), 'mw-speed-')) });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const callNative = async (request) => {
    child.stdin.write(`${JSON.stringify(request)}\n`);
    return JSON.parse((await lines.next()).value);
  };
  const callWasm = (request) => {
    const before = process.cpuUsage();
    const start = performance.now();
    const answer = wasm(request);
    const cpu = process.cpuUsage(before);
    return { cpu_ms: (cpu.user + cpu.system) / 1000, wall_ms: performance.now() - start, answer };
  };
  const table = wasm({ verb: 'meta' }).result.tables.percent;
  const cases = [...percentCases(table), ...WORKLOADS];
  console.log(`| case | native CPU ms | wasm CPU ms | wasm / native |`);
  console.log(`|---|---:|---:|---:|`);
  let differ = 0;
  const ratios = [];
  for (const c of cases) {
    const request = Object.assign({ threads: 1 }, c.request);
    const n = [], w = [];
    let same = true;
    // One call each first, not timed: WebAssembly's code is compiled lazily and optimized once
    // warm (the first answer of a fresh page is timed by the browser test instead).
    await callNative(request);
    callWasm(request);
    for (let i = 0; i < repeat; ++i) {
      const a = await callNative(request);
      const b = callWasm(request);
      n.push(a.cpu_ms);
      w.push(b.cpu_ms);
      same = same && a.answer.ok && b.answer.ok && same_form(a.answer) === same_form(b.answer);
    }
    if (!same) ++differ;
    const ratio = median(w) / Math.max(median(n), 1e-3);
    ratios.push(ratio);
    console.log(`| ${c.name} | ${median(n).toFixed(2)} | ${median(w).toFixed(2)} | ${ratio.toFixed(2)}${same ? '' : ' (answers differ!)'} |`);
  }
  child.stdin.end();
  const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
  console.log(`\n${cases.length} cases, ${repeat} calls each; geometric mean of wasm / native: ${geo.toFixed(2)}${differ ? `; ${differ} answers differ` : '; every answer identical'}`);
  process.exit(differ ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(2); });

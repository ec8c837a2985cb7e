// The WebAssembly engine against the native one, call for call: the same requests through the
// same bridge (web/bridge/), native (manyworlds_web_native: g++, GMP) and WebAssembly (the
// one-thread build under node), one thread each, alternating on the same machine. Both sides
// time the same span: mw_call from request text to answer text. Each case is first called
// untimed until warm (V8 compiles WebAssembly with a baseline compiler and optimizes hot
// functions later), then REPEAT times alternating; the table gives the median time of a call
// (wall time of the calling thread: node's CPU time also counts its garbage collector's
// threads, which a batch of small calls keeps busy). Prints a Markdown table; exit 1 when an
// answer differs.
//   node web/bench/speed.cjs --site build/web --native build/release/manyworlds_web_native [--repeat 5] [--warm-ms 500]
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
const WARM = 3;
const BATCH_MS = 5;  // a timed sample lasts at least this long on the WebAssembly side
const WARM_MS = Number(option('--warm-ms', '500'));

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
  // BATCH calls in a row, timed together (process.cpuUsage counts microseconds: a call of
  // 50 us needs a batch to be measured); the mean per call.
  const callWasm = (request, batch = 1) => {
    const text = JSON.stringify(request);
    let reply;
    const before = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < batch; ++i) reply = wasm.raw(text);
    const cpu = process.cpuUsage(before);
    return { cpu_ms: (cpu.user + cpu.system) / 1000 / batch, wall_ms: (performance.now() - start) / batch, answer: JSON.parse(reply) };
  };
  const callNativeBatch = async (request, batch = 1) => {
    let cpu = 0, wall = 0, last;
    for (let i = 0; i < batch; ++i) {
      last = await callNative(request);
      cpu += last.cpu_ms;
      wall += last.wall_ms;
    }
    return { cpu_ms: cpu / batch, wall_ms: wall / batch, answer: last.answer };
  };
  const table = wasm({ verb: 'meta' }).result.tables.percent;
  const cases = [...percentCases(table), ...WORKLOADS];
  console.log(`| case | calls a sample | native ms | wasm ms | wasm / native |`);
  console.log(`|---|---:|---:|---:|---:|`);
  let differ = 0;
  const ratios = [];
  for (const c of cases) {
    const request = Object.assign({ threads: 1 }, c.request);
    const n = [], w = [];
    let same = true;
    // Untimed calls first, on both sides, until WebAssembly's hot code is optimized: at least
    // WARM calls or WARM_MS of WebAssembly time (the first answer of a fresh page is timed by
    // the browser test instead).
    let batch = 1;
    for (let i = 0, spent = 0; i < WARM || spent < WARM_MS; ++i) {
      await callNative(request);
      const ms = callWasm(request).wall_ms;
      spent += ms;
      batch = Math.max(1, Math.ceil(BATCH_MS / Math.max(ms, 1e-3)));
      if (i >= 200) break;
    }
    for (let i = 0; i < repeat; ++i) {
      const a = await callNativeBatch(request, batch);
      const b = callWasm(request, batch);
      n.push(a.wall_ms);
      w.push(b.wall_ms);
      same = same && a.answer.ok && b.answer.ok && same_form(a.answer) === same_form(b.answer);
    }
    if (!same) ++differ;
    const ratio = median(w) / Math.max(median(n), 1e-3);
    ratios.push(ratio);
    console.log(`| ${c.name} | ${batch} | ${median(n).toFixed(3)} | ${median(w).toFixed(3)} | ${ratio.toFixed(2)}${same ? '' : ' (answers differ!)'} |`);
  }
  child.stdin.end();
  const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
  console.log(`\n${cases.length} cases, ${repeat} calls each; geometric mean of wasm / native: ${geo.toFixed(2)}${differ ? `; ${differ} answers differ` : '; every answer identical'}`);
  process.exit(differ ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(2); });

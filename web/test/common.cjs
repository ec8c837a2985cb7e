// What the web tests share: the tools they need (failing under CI, skipping elsewhere), the
// command line run for comparison, and the engine loaded under node.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync, spawnSync } = require('child_process');

// CTest's SKIP_RETURN_CODE for these tests.
const SKIP = 77;

// A tool a test needs is missing: under CI (CI=true, set by .ci/run) the test fails, elsewhere
// it is skipped, saying how to install it (tests/testing/required.hpp does the same in C++).
function require_tool(found, message) {
  if (found) return;
  if (process.env.CI === 'true') {
    console.error(`FAILED: ${message}`);
    process.exit(1);
  }
  console.error(`skipped: ${message} (CI=true makes this a failure)`);
  process.exit(SKIP);
}

// Options: --site DIR --cli BIN --shots DIR and flags, as {site, cli, shots, flags: Set}.
function parse_args(argv) {
  const out = { flags: new Set() };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    if (['--site', '--cli', '--shots'].includes(a)) out[a.slice(2)] = argv[++i];
    else out.flags.add(a);
  }
  return out;
}

function check_site(site) {
  require_tool(site && fs.existsSync(path.join(site, 'st', 'mw.wasm')),
    `the site is not built (${site}): run \`make web\` (emscripten: scripts/install-deps.sh --web)`);
}

// The CLI's answer to `args` in a fresh working folder: {status, json, stdout, stderr}.
function run_cli(cli, args) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-web-cli-'));
  try {
    const r = spawnSync(path.resolve(cli), args, { cwd: folder, encoding: 'utf8', maxBuffer: 1 << 28 });
    let json = null;
    if (r.status === 0 && args.includes('--json')) json = JSON.parse(r.stdout);
    const error = (r.stderr.match(/manyworlds: error: (.*)/) || [])[1] || null;
    return { status: r.status, json, stdout: r.stdout, stderr: r.stderr, error };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

// The one-thread engine under node. Emscripten 3.1.6's loader, built for web and worker,
// mistakes node's fetch for a browser's, so the .wasm bytes are handed to it.
async function load_engine(site, build = 'st') {
  const dir = path.resolve(site, build);
  const create = require(path.join(dir, 'mw.js'));
  const Module = await create({ wasmBinary: fs.readFileSync(path.join(dir, 'mw.wasm')), print() {}, printErr() {} });
  const call = Module.cwrap('mw_call', 'string', ['string']);
  return (request) => JSON.parse(call(JSON.stringify(request)));
}

// Times and what only says where a run happened.
const VOLATILE = new Set(['seconds', 'ms', 'elapsed_ms']);
function strip(value) {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !VOLATILE.has(k)).map(([k, v]) => [k, strip(v)]));
  }
  return value;
}
// Reports: stopwatch figures and the thread count differ from run to run.
const maskText = (t) => t.replace(/avg\.time = \d+ ms/g, 'avg.time = <t> ms').replace(/Threads = \d+/g, 'Threads = <n>');

function chromium_path() {
  for (const p of [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (p && fs.existsSync(p)) return p;
  }
  return null;
}

function has_module(name) {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}

module.exports = { SKIP, require_tool, parse_args, check_site, run_cli, load_engine, strip, maskText, chromium_path, has_module, execFileSync };

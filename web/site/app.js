// manyworlds in the browser: the forms, the URL and the results. Every answer comes from the
// engine (the library compiled to WebAssembly, web/bridge/) through engine.js: the page only
// reads inputs, writes the URL and draws what the engine returns.
//
// The URL holds the inputs, named as the command line names its options (sfinder's short
// names where it has them: t, p, c, H, d, K, fc, td; else the long ones): opening a link fills
// the form and runs it, and every edit rewrites the address.
'use strict';

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return node;
}

function debounce(fn, ms) {
  let timer = null;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}

function download(name, text, type = 'text/plain') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = h('a', { href: url, download: name });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const fmtInt = (n) => (typeof n === 'string' ? n : Number(n).toLocaleString('en-US')).replace(/,/g, '\u2009');
const fmtPercent = (p) => `${Number(p).toFixed(2)}%`;
const fumenLinks = (fumen, text) => [
  h('a', { href: `https://fumen.zui.jp/?${fumen}`, target: '_blank', rel: 'noopener', class: 'fumen-link', text: text || 'fumen' }),
  ' ',
  h('a', { href: `https://knewjade.github.io/fumen-for-mobile/#?d=${fumen}`, target: '_blank', rel: 'noopener', class: 'fumen-mobile', text: 'mobile' }),
];
const reportDetails = (text, summary = 'Report, as the command line prints it') =>
  text ? h('details', { class: 'report' }, h('summary', { text: summary }), h('pre', { text })) : null;

// ---------------------------------------------------------------------------------------------
// Engines: `run` answers the verbs (with threads when the page is cross-origin isolated),
// `quick` the editor's small questions (fumen, patterns), so those stay instant during a run.

const engines = { run: new Engine({ threads: true }), quick: new Engine({ threads: false }) };

// ---------------------------------------------------------------------------------------------
// A puzzle's form: inputs marked data-opt="<the CLI's long option name>".

class Puzzle {
  constructor(name) {
    this.name = name;
    this.section = $(`#${name}`);
    this.form = $('form', this.section);
    this.result = $('.result', this.section);
    const run = $('.run', this.form);
    run.replaceChildren(
      h('button', { type: 'submit', id: run.dataset.runId, text: 'Run' }),
      h('button', { type: 'button', class: 'cancel', disabled: true, text: 'Cancel' }),
      h('progress', { max: 1, value: 0, hidden: true }),
      h('span', { class: 'progress-label muted', 'aria-live': 'polite' }));
    run.after(h('p', { class: 'error run-error', role: 'alert' }));
    this.runButton = $('button[type=submit]', this.form);
    this.cancelButton = $('.cancel', this.form);
    this.progress = $('progress', this.form);
    this.progressLabel = $('.progress-label', this.form);
    this.runError = $('.run-error', this.form);
    this.extra = {};  // options the URL gave that have no input here: passed on as they are
    this.form.addEventListener('submit', (e) => { e.preventDefault(); this.run(); });
    this.cancelButton.addEventListener('click', () => engines.run.cancel());
    this.form.addEventListener('input', () => this.changed());
    this.form.addEventListener('change', () => this.changed());
  }

  inputs() {
    return $$('[data-opt]', this.section);
  }

  input(name) {
    return $(`[data-opt="${name}"]`, this.section);
  }

  // The URL's name for an option and back (the puzzles other than tetris use the CLI's long
  // names, and the short ones where the command line has them).
  paramName(long) { return { 'max-length': 'n' }[long] || long; }
  optionName(param) { return { n: this.name === 'lock' ? 'max-length' : 'n', cards: 'n' }[param] || param; }

  fromParams(params) {
    const given = [...params.keys()].some((k) => k !== 'puzzle' && k !== 'verb');
    for (const input of this.inputs()) input.value = given ? '' : (input.dataset.default || '');
    this.extra = {};
    for (const [key, value] of params) {
      if (key === 'puzzle' || key === 'verb') continue;
      const name = this.optionName(key);
      const input = this.input(name);
      if (input) input.value = value;
      else if (name) this.extra[name] = value;
    }
  }

  values() {
    const out = {};
    for (const input of this.inputs()) if (input.value !== '') out[input.dataset.opt] = input.value;
    return Object.assign({}, this.extra, out);
  }

  toParams() {
    const params = new URLSearchParams({ puzzle: this.name });
    for (const [k, v] of Object.entries(this.values())) params.append(this.paramName(k), v);
    return params;
  }

  changed() {
    writeUrl(this.toParams());
  }

  request() {
    return { verb: this.name, args: this.values() };
  }

  clearErrors() {
    for (const e of $$('.error', this.section)) e.textContent = '';
    for (const i of $$('[aria-invalid]', this.section)) i.removeAttribute('aria-invalid');
  }

  // An error beside the field it names: the CLI's messages name options as --NAME.
  showError(message) {
    const named = [...message.matchAll(/--([a-z0-9-]+)/g)].map((m) => m[1]);
    for (const name of named) {
      const target = this.errorTarget(name);
      if (target) {
        target.textContent = message;
        const input = this.input(name);
        if (input) input.setAttribute('aria-invalid', 'true');
        return;
      }
    }
    const guessed = this.guessTarget(message);
    (guessed || this.runError).textContent = message;
  }

  errorTarget(name) {
    return $$('[data-error-for]', this.section).find((e) => e.dataset.errorFor.split(' ').includes(name)) || null;
  }

  guessTarget() { return null; }

  setRunning(running) {
    this.runButton.disabled = running;
    this.cancelButton.disabled = !running;
    this.progress.hidden = !running;
    this.progressLabel.textContent = running ? 'working…' : '';
    this.section.setAttribute('aria-busy', running ? 'true' : 'false');
    if (running) this.progress.removeAttribute('value');
  }

  showProgress(label, done, total) {
    if (total > 0) {
      this.progress.max = total;
      this.progress.value = Math.min(done, total);
      this.progressLabel.textContent = `${label}: ${fmtInt(done)} / ${fmtInt(total)}`;
    } else {
      this.progressLabel.textContent = `${label}: ${fmtInt(done)}`;
    }
  }

  async run() {
    const engine = engines.run;
    this.clearErrors();
    this.setRunning(true);
    const started = performance.now();
    engine.onprogress = (m) => this.showProgress(m.label, m.done, m.total);
    let seen = 0;
    const poll = setInterval(() => {
      const p = engine.peekProgress();
      if (p && p.seq !== seen && p.seq > 0) { seen = p.seq; this.showProgress(this.name, p.done, p.total); }
    }, 100);
    const request = Object.assign({ threads: 0 }, this.request());
    const answer = await engine.call(request);
    clearInterval(poll);
    engine.onprogress = null;
    this.setRunning(false);
    const wall = performance.now() - started;
    document.body.dataset.lastRun = JSON.stringify({ verb: request.verb, ok: answer.ok, kind: answer.kind || null, wallMs: wall });
    if (!answer.ok) {
      if (answer.kind === 'cancelled') this.runError.textContent = `Cancelled (${answer.error}).`;
      else this.showError(answer.error);
      return null;
    }
    this.result.replaceChildren();
    this.render(answer);
    this.result.appendChild(h('p', { class: 'muted timing',
      text: `${answer.ms.toFixed(1)} ms in the engine (${answer.threads} thread${answer.threads === 1 ? '' : 's'}, ${engine.build === 'mt' ? 'threads build' : 'one-thread build'}); ${wall.toFixed(0)} ms in all.` }));
    return answer;
  }
}

// ---------------------------------------------------------------------------------------------
// Tetris

// The drop words each verb takes (sfinder's), the first the default.
const DROPS = {
  percent: ['softdrop', 'harddrop', '180', 'tsoftdrop'],
  path: ['softdrop', 'harddrop', '180', 't-softdrop', 'tsz', 'tsm', 'tss', 'tsd', 'tst'],
  saves: ['softdrop', 'harddrop', '180', 't-softdrop', 'tsz', 'tsm', 'tss', 'tsd', 'tst'],
  cover: ['softdrop', 'harddrop', '180', 't-softdrop', 'tsz', 'tsm', 'tss', 'tsd', 'tst'],
};
const VERB_HELP = {
  percent: 'The share of the sequences that perfect-clear, the success tree and the sequences that fail (sfinder percent).',
  path: 'Every perfect-clear solution, the unique and the minimal lists, each with its fumen (sfinder path).',
  cover: 'The share of the sequences that build each setup of the fumen (sfinder cover; pages as #1:5).',
  saves: 'The share of the sequences that perfect-clear keeping a piece in hold or next (manyworlds saves).',
};
// Our own options beside sfinder's, by the CLI's long names.
const OWN_OPTIONS = { percent: ['method', 'force'], path: ['force', 'minimal'], cover: ['method', 'force'], saves: ['wanted', 'force'] };
const LANDING = { t: 'v115@9gE8DeG8CeH8BeG8CeA8JeAgH', p: '*p4', c: '4' };

class Tetris extends Puzzle {
  constructor() {
    super('tetris');
    this.verb = 'percent';
    this.comment = '';
    this.commentOptions = null;
    this.fumenSeq = 0;
    this.patternSeq = 0;
    this.editor = new FieldEditor($('#field-editor'), { onchange: (rows) => this.fieldEdited(rows) });
    for (const b of $$('.palette button')) {
      b.addEventListener('click', () => {
        for (const o of $$('.palette button')) o.setAttribute('aria-pressed', String(o === b));
        this.editor.color = b.dataset.color;
      });
    }
    for (const tab of $$('[data-verb]', this.section)) tab.addEventListener('click', () => this.setVerb(tab.dataset.verb, true));
    $('#field-clear').addEventListener('click', () => this.editor.clear());
    $('#field-full-rows').addEventListener('click', () => this.editor.removeFullRows());
    $('#field-add-row').addEventListener('click', () => this.editor.addRow());
    $('#tetfu').addEventListener('input', debounce(() => this.readFumen(), 250));
    $('#patterns').addEventListener('input', debounce(() => this.countPatterns(), 200));
    this.input('clear-line').addEventListener('input', () => this.editor.set(this.editor.rows, this.clearLine()));
  }

  table(verb = this.verb) {
    return (engines.run.meta || engines.quick.meta || { tables: {} }).tables[verb] || [];
  }

  paramName(long) {
    const spec = this.table().find((s) => s.long === long);
    return spec && spec.short ? spec.short : long;
  }

  optionName(param) {
    const spec = this.table().find((s) => s.short === param) || this.table().find((s) => s.long === param);
    if (spec) return spec.long;
    if (OWN_OPTIONS[this.verb].includes(param)) return param;
    return { m: 'method', w: 'wanted' }[param] || param;
  }

  fromParams(params) {
    this.setVerb(DROPS[params.get('verb')] ? params.get('verb') : 'percent', false);
    const given = [...params.keys()].some((k) => k !== 'puzzle' && k !== 'verb');
    super.fromParams(given ? params : new URLSearchParams(LANDING));
    this.readFumen();
    this.countPatterns();
  }

  toParams() {
    const params = super.toParams();
    params.set('verb', this.verb);
    const ordered = new URLSearchParams({ puzzle: 'tetris', verb: this.verb });
    for (const [k, v] of params) if (k !== 'puzzle' && k !== 'verb') ordered.append(k, v);
    return ordered;
  }

  setVerb(verb, edited) {
    this.verb = verb;
    for (const tab of $$('[data-verb]', this.section)) tab.setAttribute('aria-selected', String(tab.dataset.verb === verb));
    for (const group of $$('[data-verbs]', this.section)) group.hidden = !group.dataset.verbs.split(' ').includes(verb);
    $('#verb-help').textContent = VERB_HELP[verb];
    const drop = $('#drop');
    const current = drop.value;
    drop.replaceChildren(...DROPS[verb].map((d, i) => h('option', { value: i === 0 ? '' : d, text: d })));
    if (DROPS[verb].includes(current)) drop.value = current;
    if (edited) {
      this.result.replaceChildren();
      this.changed();
    }
  }

  values() {
    const out = super.values();
    for (const input of $$('[data-verbs]', this.section)) {
      if (input.hidden) for (const i of $$('[data-opt]', input)) delete out[i.dataset.opt];
    }
    return out;
  }

  request() {
    const all = this.values();
    const own = OWN_OPTIONS[this.verb];
    const args = { options: {} };
    for (const [k, v] of Object.entries(all)) {
      if (own.includes(k)) args[k] = v;
      else if (this.table().some((s) => s.long === k)) args.options[k] = v;
    }
    if (args.wanted !== undefined) args.wanted = args.wanted.split(/\s+/).filter(Boolean);
    return { verb: `tetris.${this.verb}`, args };
  }

  clearLine() {
    const given = Number(this.input('clear-line').value);
    if (given > 0) return Math.min(given, FIELD_MAX_ROWS);
    const fromComment = this.commentOptions && this.commentOptions['clear-line'];
    return fromComment && Number(fromComment[0]) > 0 ? Math.min(Number(fromComment[0]), FIELD_MAX_ROWS) : 4;
  }

  errorTarget(name) {
    if (name === 'tetfu' || name === 'page' || name === 'field-path') return $('#tetfu-error');
    if (name === 'patterns' || name === 'patterns-path') return $('#patterns-error');
    return super.errorTarget(name);
  }

  guessTarget(message) {
    if (/^fumen|fumen comment/i.test(message)) return $('#tetfu-error');
    if (/pattern/i.test(message)) return $('#patterns-error');
    return null;
  }

  // The fumen box changed: the field and its comment as the CLI reads them (`tetris show`).
  async readFumen() {
    const seq = ++this.fumenSeq;
    const tetfu = $('#tetfu').value.trim();
    $('#tetfu-error').textContent = '';
    $('#tetfu').removeAttribute('aria-invalid');
    if (!tetfu) {
      this.comment = '';
      this.commentOptions = null;
      $('#tetfu-comment').textContent = 'Draw a field, or paste a fumen.';
      $('#tetfu-links').replaceChildren();
      return;
    }
    const args = { tetfu, verb: this.verb === 'cover' ? 'cover' : this.verb };
    if (this.extra.page) args.page = this.extra.page;
    if (this.verb === 'cover') args.tetfu = tetfu.split(/\s+/)[0].replace(/#.*$/, '');
    const answer = await engines.quick.call({ verb: 'tetris.show', args });
    if (seq !== this.fumenSeq) return;
    if (!answer.ok) {
      $('#tetfu-error').textContent = answer.error;
      $('#tetfu').setAttribute('aria-invalid', 'true');
      return;
    }
    const r = answer.result;
    this.comment = r.comment || '';
    this.commentOptions = r.comment_options;
    this.editor.set(r.rows, this.clearLine());
    const options = r.comment_options && Object.entries(r.comment_options)
      .map(([k, v]) => `--${k} ${v.join(' ')}`).join(', ');
    $('#tetfu-comment').textContent = !r.comment ? `Page ${r.page} of ${r.pages}, no comment.`
      : options ? `Page ${r.page} of ${r.pages}; its comment gives ${options} (used where the form leaves them empty).`
        : `Page ${r.page} of ${r.pages}; its comment is prose: “${r.comment}”.`;
    const data = tetfu.match(/[vdm]115@[A-Za-z0-9+/?]*/);
    $('#tetfu-links').replaceChildren(...(data ? ['Open in ', ...fumenLinks(data[0])] : []));
    $('#patterns').placeholder = r.comment_options && r.comment_options.patterns ? `${r.comment_options.patterns[0]} (comment)` : '';
    if (!$('#patterns').value) this.countPatterns();
  }

  // The editor changed: its field as a fumen page, the comment kept.
  async fieldEdited(rows) {
    const seq = ++this.fumenSeq;
    const answer = await engines.quick.call({ verb: 'tetris.encode', args: { rows, comment: this.comment } });
    if (seq !== this.fumenSeq || !answer.ok) return;
    $('#tetfu').value = answer.result.fumen;
    $('#tetfu-error').textContent = '';
    $('#tetfu-links').replaceChildren('Open in ', ...fumenLinks(answer.result.fumen));
    this.changed();
  }

  // The live count of the patterns' sequences (`tetris patterns`).
  async countPatterns() {
    const seq = ++this.patternSeq;
    const typed = $('#patterns').value.trim();
    const fromComment = this.commentOptions && this.commentOptions.patterns;
    const patterns = typed || (fromComment ? fromComment.join(';') : '');
    $('#patterns-error').textContent = '';
    $('#patterns').removeAttribute('aria-invalid');
    if (!patterns) {
      $('#patterns-count').textContent = 'Give the pieces: *p7, T,*p4, [SZ]!,I …';
      return;
    }
    const answer = await engines.quick.call({ verb: 'tetris.patterns', args: { patterns } });
    if (seq !== this.patternSeq) return;
    if (!answer.ok) {
      $('#patterns-count').textContent = '';
      $('#patterns-error').textContent = answer.error;
      $('#patterns').setAttribute('aria-invalid', 'true');
      return;
    }
    const r = answer.result;
    const distinct = r.distinct === null ? '' : `${fmtInt(r.distinct)} distinct, `;
    $('#patterns-count').textContent = `${distinct}${fmtInt(r.count)} sequences of ${r.length} pieces${typed ? '' : ' (from the fumen comment)'}`;
  }

  render(answer) {
    const r = answer.result;
    const render = { percent: renderPercent, path: renderPath, cover: renderCover, saves: renderSaves }[this.verb];
    render.call(this, r, answer);
    this.result.appendChild(reportDetails(answer.text));
  }
}

function renderPercent(r) {
  const tree = (nodes) => h('ul', {}, nodes.map((n) => h('li', {},
    h('span', { class: 'seq', text: n.prefix }), ` → ${fmtPercent(n.percent)} `,
    h('span', { class: 'muted', text: `(${n.success}/${n.total})` }),
    n.children && n.children.length ? tree(n.children) : null)));
  this.result.append(
    h('p', { class: 'headline' }, h('strong', { class: 'big', text: fmtPercent(r.percent) }),
      ' ', h('span', { class: 'count', text: `${r.success}/${r.total}` }), ' sequences perfect-clear'),
    h('p', { class: 'muted', text: `${fmtInt(r.with_duplicates)} sequences with repeats; ${r.necessary_pieces} pieces needed, ${r.pop_count} read; hold ${r.hold}, ${r.drop}, ${r.kicks}; method ${r.method}.` }),
    h('h3', { text: 'Success tree' }),
    h('div', { class: 'tree' }, h('p', {}, h('span', { class: 'seq', text: '*' }), ` → ${fmtPercent(r.percent)}`), tree(r.tree.children)),
    h('h3', { text: `Failing sequences (${r.total - r.success}${r.failed.length < r.total - r.success ? `; ${r.failed.length} listed` : ''})` }),
    r.failed.length ? h('p', { class: 'seqs' }, r.failed.map((s) => h('span', { class: 'seq', text: s }))) : h('p', { class: 'muted', text: 'none listed' }));
}

function solutionCard(s, i) {
  const rows = s.rows || [];
  return h('figure', { class: 'solution' },
    fieldSvg(rows, { size: 12, label: `solution ${i + 1}: ${s.states}` }),
    h('figcaption', {},
      h('span', { class: 'states', text: s.states }), h('br'),
      h('span', { class: 'muted', text: `${s.percent.toFixed(1)} % [${s.sequences}]${s.line_clear ? ' · clears a line first' : ''}` }), h('br'),
      ...fumenLinks(s.fumen)));
}

function renderPath(r, answer) {
  const minimal = r.minimal.map((i) => [r.unique[i], i]);
  const files = Object.keys(answer.files || {});
  const csvKey = h('select', { 'aria-label': 'CSV kind (-k)' }, ['none', 'solution', 'pattern', 'use'].map((k) => h('option', { text: k })));
  const csvButton = h('button', { type: 'button', text: 'CSV (-f csv)' });
  csvButton.addEventListener('click', async () => {
    csvButton.disabled = true;
    const request = tetris.request();
    Object.assign(request.args.options, { format: 'csv', key: csvKey.value });
    const csv = await engines.run.call(Object.assign({ threads: 0 }, request));
    csvButton.disabled = false;
    if (!csv.ok) { tetris.showError(csv.error); return; }
    for (const [name, text] of Object.entries(csv.files)) download(name, text, 'text/csv');
  });
  this.result.append(
    h('p', { class: 'headline' },
      h('strong', { class: 'big', id: 'path-unique', text: String(r.unique.length) }), ' unique solutions, ',
      h('strong', { class: 'big', id: 'path-minimal', text: String(r.minimal.length) }), ' minimal',
      h('span', { class: 'muted', text: ` over ${r.input_sequences} input sequences (${r.need} pieces, hold ${r.hold}, ${r.drop})` })),
    h('p', { class: 'downloads' }, 'Download: ',
      files.map((f) => [h('button', { type: 'button', class: 'linklike', text: f, onclick: () => download(f, answer.files[f], 'text/html') }), ' ']),
      csvKey, ' ', csvButton),
    h('h3', { text: `Minimal (${minimal.length})` }),
    h('div', { class: 'solutions', id: 'path-minimal-list' }, minimal.map(([s, i]) => solutionCard(s, i))),
    h('h3', { text: `Unique (${r.unique.length})` }),
    h('div', { class: 'solutions', id: 'path-unique-list' }, r.unique.map((s, i) => solutionCard(s, i))));
}

function renderCover(r, answer) {
  const csv = answer.files && Object.entries(answer.files)[0];
  this.result.append(
    h('p', { class: 'headline' }, h('strong', { class: 'big', text: fmtPercent(r.or.percent) }),
      ` of ${fmtInt(r.total)} sequences build at least one setup (${r.or.success}); all of them: ${fmtPercent(r.and.percent)} (${r.and.success})`),
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', { text: 'setup' }), h('th', { text: 'pieces' }), h('th', { text: 'sequences' }), h('th', { text: 'share' }))),
      h('tbody', {}, r.setups.map((s) => h('tr', {},
        h('td', {}, s.label, ' ', ...fumenLinks(s.url.replace(/^https?:\/\/fumen\.zui\.jp\/\?/, '').replace(/ \(mirror\)$/, ''), 'fumen')),
        h('td', { class: 'seq', text: s.pieces }), h('td', { text: String(s.success) }), h('td', { text: fmtPercent(s.percent) }))))),
    csv ? h('p', {}, h('button', { type: 'button', class: 'linklike', text: `Download ${csv[0]}`, onclick: () => download(csv[0], csv[1], 'text/csv') })) : null);
}

function renderSaves(r) {
  const row = (name, count, percent) => h('tr', {}, h('td', { class: 'seq', text: name }), h('td', { text: String(count) }), h('td', { text: fmtPercent(percent) }));
  this.result.append(
    h('p', { class: 'headline' }, h('strong', { class: 'big', text: fmtPercent(100 * r.perfect_clear / Math.max(1, r.sequences)) }),
      ` ${r.perfect_clear}/${r.sequences} sequences of ${r.need + 1} pieces perfect-clear`),
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', { text: 'kept' }), h('th', { text: 'sequences' }), h('th', { text: 'share' }))),
      h('tbody', {}, Object.entries(r.pieces).map(([p, v]) => row(p, v.count, v.percent)),
        r.expressions.map((e) => row(e.expression, e.count, e.percent)))));
}

// ---------------------------------------------------------------------------------------------
// Dice, lock, escape, cards

class Dice extends Puzzle {
  constructor() { super('dice'); }
  render(answer) {
    const r = answer.result;
    const p1 = r.part1, p2 = r.part2;
    this.result.append(
      h('p', { class: 'headline' }, 'Part 1: ', h('strong', { class: 'big', id: 'dice-part1', text: String(p1.answer) }),
        h('span', { class: 'muted', text: ` (losing score ${p1.losing_score} × ${p1.rolls} rolls; player ${p1.winner} wins)` })),
      h('p', { class: 'headline' }, 'Part 2: ', h('strong', { class: 'big', id: 'dice-part2', text: String(p2.answer) }),
        h('span', { class: 'muted', text: ` universes (player ${p2.winner} wins in more)` })),
      h('ul', {}, p2.wins.map((w, i) => h('li', { text: `player ${i + 1} wins in ${fmtInt(w)} universes` }))),
      reportDetails(answer.text));
  }
}

class Lock extends Puzzle {
  constructor() { super('lock'); }
  request() { return { verb: 'lock', args: this.values() }; }
  render(answer) {
    const r = answer.result;
    const all = r.lengths.flatMap((l) => l.solutions || []);
    const shown = all.slice(0, 200);
    this.result.append(
      h('p', { class: 'headline' }, h('strong', { class: 'big', id: 'lock-total', text: fmtInt(r.total) }),
        ` combinations of length ${r.min_length} to ${r.max_length} open the lock`),
      h('table', {}, h('thead', {}, h('tr', {}, h('th', { text: 'length' }), h('th', { text: 'combinations' }))),
        h('tbody', {}, r.lengths.map((l) => h('tr', {}, h('td', { text: String(l.length) }), h('td', { text: fmtInt(l.count) }))))),
      h('p', { class: 'seqs' }, shown.map((s) => h('span', { class: 'seq', text: s }))),
      all.length > shown.length ? h('p', {}, `The first ${shown.length} of ${all.length}. `,
        h('button', { type: 'button', class: 'linklike', text: 'Download them all', onclick: () => download('lock.txt', `${all.join('\n')}\n`) })) : null);
  }
}

class Escape extends Puzzle {
  constructor() {
    super('escape');
    this.board = $('#escape-board');
    this.cursor = null;
    this.after = null;  // the last answer, drawn on the board
    $('#escape-size').addEventListener('change', () => {
      this.setCells('0'.repeat(Number($('#escape-size').value)));
      this.input('key').value = 'a1';
      this.changed();
    });
    this.board.addEventListener('click', (e) => {
      const cell = e.target.closest('[data-cell]');
      if (cell) this.clickCell(Number(cell.dataset.cell));
    });
    this.board.addEventListener('keydown', (e) => this.key(e));
    this.input('key').addEventListener('input', () => this.draw());
  }
  side() { return Math.round(Math.sqrt(this.cells().length)); }
  cells() { return this.input('cells').value; }
  setCells(cells) { this.input('cells').value = cells; this.after = null; this.draw(); }
  square(cell) {
    const side = this.side();
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const name = `${letters[cell % side]}${side - Math.floor(cell / side)}`;
    return side === 4 ? name.toUpperCase() : name;
  }
  keyCell() {
    const key = this.input('key').value.trim().toLowerCase();
    for (let c = 0; c < this.cells().length; ++c) if (this.square(c).toLowerCase() === key || String(c) === key) return c;
    return -1;
  }
  fromParams(params) {
    super.fromParams(params);
    // The tour's example board (bench/workloads/escape.cpp), key c4.
    if (!this.cells()) this.input('cells').value = '1011010101101101100010011001011000011000101011111001100110101010';
    const size = this.cells().length;
    if ([4, 16, 64].includes(size)) $('#escape-size').value = String(size);
    this.draw();
  }
  clickCell(cell) {
    if ($('input[name=escape-click]:checked').value === 'key') {
      this.input('key').value = this.square(cell);
    } else {
      const c = this.cells();
      this.input('cells').value = c.slice(0, cell) + (c[cell] === '1' ? '0' : '1') + c.slice(cell + 1);
    }
    this.after = null;
    this.draw();
    this.changed();
  }
  key(e) {
    const side = this.side();
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -side, ArrowDown: side };
    if (this.cursor === null) this.cursor = 0;
    if (moves[e.key] !== undefined) {
      const next = this.cursor + moves[e.key];
      if (next >= 0 && next < side * side) this.cursor = next;
    } else if (e.key === ' ' || e.key === 'Enter') {
      this.clickCell(this.cursor);
    } else {
      return;
    }
    e.preventDefault();
    this.draw();
  }
  draw() {
    const cells = this.cells();
    const side = this.side();
    if (!side) return;
    const size = Math.max(22, Math.min(44, Math.floor(320 / side)));
    const svg = svgNode('svg', { viewBox: `0 0 ${side * size} ${side * size}`, width: side * size, height: side * size, role: 'img', class: 'board' });
    const title = svgNode('title', {});
    title.textContent = `board of ${cells.length} coins`;
    svg.appendChild(title);
    const key = this.keyCell();
    for (let c = 0; c < cells.length; ++c) {
      const x = (c % side) * size, y = Math.floor(c / side) * size;
      const g = svgNode('g', { 'data-cell': c, class: 'square' });
      const dark = ((c % side) + Math.floor(c / side)) % 2 === 1;
      g.appendChild(svgNode('rect', { x, y, width: size, height: size, class: dark ? 'dark' : 'light' }));
      const flipped = this.after && this.after.move && this.after.move.cell === c;
      g.appendChild(svgNode('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.34, class: `coin ${cells[c] === '1' ? 'heads' : 'tails'}${flipped ? ' flipped' : ''}` }));
      const label = svgNode('text', { x: x + size / 2, y: y + size / 2 + 4, class: 'coin-label' });
      label.textContent = cells[c] === '1' ? 'H' : 'T';
      g.appendChild(label);
      if (c === key) g.appendChild(svgNode('rect', { x: x + 2, y: y + 2, width: size - 4, height: size - 4, class: 'key' }));
      if (this.cursor === c && document.activeElement === this.board) {
        g.appendChild(svgNode('rect', { x: x + 1, y: y + 1, width: size - 2, height: size - 2, class: 'cursor' }));
      }
      const t = svgNode('title', {});
      t.textContent = `${this.square(c)}: ${cells[c] === '1' ? 'heads' : 'tails'}${c === key ? ', key' : ''}`;
      g.appendChild(t);
      svg.appendChild(g);
    }
    this.board.replaceChildren(svg);
  }
  render(answer) {
    const r = answer.result;
    this.after = r;
    this.draw();
    const move = r.move ? (r.move.square || r.move.cell) : null;
    this.result.append(
      h('p', { class: 'headline' }, 'Prisoner 1 flips ', h('strong', { class: 'big', id: 'escape-flip', text: move || 'nothing' }),
        '; prisoner 2 finds the key at ', h('strong', { class: 'big', id: 'escape-answer', text: r.answer.square || String(r.answer.cell) })),
      h('p', { class: 'muted', text: `strategy ${r.strategy}: the board's parity was ${r.syndrome}; after the flip it names the key's square.` }));
  }
}

class Cards extends Puzzle {
  constructor() { super('cards'); }
  request() { return { verb: 'cards', args: { cards: this.input('n').value } }; }
  errorTarget(name) { return super.errorTarget(name === 'cards' ? 'n' : name); }
  render(answer) {
    const r = answer.result;
    this.result.append(
      h('p', { class: 'headline' }, h('strong', { class: 'big', id: 'cards-count', text: fmtInt(r.sequences) }),
        ` minimal flip sequences for ${r.cards} card${r.cards === 1 ? '' : 's'} (${r.length} instructions each; ${fmtInt(r.classes)} up to renaming the cards)`),
      h('p', {}, 'One of them (card numbers, from 0): ', h('span', { class: 'seq', id: 'cards-sequence', text: r.sequence })));
  }
}

// ---------------------------------------------------------------------------------------------
// The page: one puzzle shown, the URL kept in step.

const tetris = new Tetris();
const puzzles = { tetris, dice: new Dice(), lock: new Lock(), escape: new Escape(), cards: new Cards() };
let current = null;

function writeUrl(params) {
  const url = `${location.pathname}?${params.toString().replace(/%40/g, '@').replace(/%2A/g, '*').replace(/%2C/g, ',')}`;
  if (url !== `${location.pathname}${location.search}`) history.replaceState(null, '', url);
}

function show(name, params) {
  current = puzzles[name];
  for (const p of Object.values(puzzles)) p.section.hidden = p !== current;
  for (const a of $$('nav a')) a.setAttribute('aria-current', a.dataset.puzzle === name ? 'page' : 'false');
  current.fromParams(params);
  current.run();
}

for (const a of $$('nav a')) {
  a.addEventListener('click', (e) => {
    e.preventDefault();
    const params = new URLSearchParams({ puzzle: a.dataset.puzzle });
    history.pushState(null, '', `${location.pathname}?${params}`);
    show(a.dataset.puzzle, params);
  });
}
window.addEventListener('popstate', () => start());

async function start() {
  const params = new URLSearchParams(location.search);
  const name = puzzles[params.get('puzzle')] ? params.get('puzzle') : 'tetris';
  try {
    await engines.run.ready;
  } catch (e) {
    $('#engine-status').textContent = `The engine could not start: ${e.message}`;
    return;
  }
  const m = engines.run.meta;
  $('#engine-status').textContent = `Engine ${m.version} ready in ${engines.run.startMs.toFixed(0)} ms: ${engines.run.build === 'mt' ? `${m.threads} threads` : 'one thread (served without COOP/COEP)'}.`;
  show(name, params);
}

start();

// Tetris fields drawn as SVG, and the field editor. A field is a list of rows, top row first,
// each 10 characters: '_' or '.' empty, I L O Z T J S a piece's colour (lower case: the page's
// piece, as `tetris show` writes it), X gray.
'use strict';

const FIELD_WIDTH = 10;
const FIELD_MAX_ROWS = 23;
// The command line's picture colours (src/manyworlds/tetris/draw/theme.cpp, the default theme).
const CELL_COLORS = {
  I: '#00b3b3', L: '#b37724', O: '#b3b300', Z: '#bf0000', T: '#b300b3', J: '#0077b3', S: '#00b300', X: '#b3b3b3',
};
const EMPTY_COLOR = '#1c1c24';
const SVG_NS = 'http://www.w3.org/2000/svg';

function cellColor(ch) {
  return CELL_COLORS[ch.toUpperCase()] || null;
}

function svgNode(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

// An SVG picture of `rows`; `clearLine` (rows from the bottom) draws the line above which the
// rows do not count, `cursor` {x, y} (y from the bottom) a focus square.
function fieldSvg(rows, { size = 16, clearLine = 0, cursor = null, label = '' } = {}) {
  const height = rows.length;
  const svg = svgNode('svg', {
    viewBox: `0 0 ${FIELD_WIDTH * size} ${height * size}`,
    width: FIELD_WIDTH * size, height: height * size, role: 'img', class: 'field',
  });
  const title = svgNode('title', {});
  title.textContent = label || `field of ${height} rows`;
  svg.appendChild(title);
  svg.appendChild(svgNode('rect', { x: 0, y: 0, width: FIELD_WIDTH * size, height: height * size, fill: EMPTY_COLOR }));
  rows.forEach((row, i) => {
    for (let x = 0; x < FIELD_WIDTH; ++x) {
      const color = cellColor(row[x] || '_');
      if (!color) continue;
      const piece = row[x] !== row[x].toUpperCase();
      svg.appendChild(svgNode('rect', {
        x: x * size + 0.5, y: i * size + 0.5, width: size - 1, height: size - 1, fill: color,
        'fill-opacity': piece ? 0.75 : 1,
      }));
    }
  });
  for (let x = 1; x < FIELD_WIDTH; ++x) {
    svg.appendChild(svgNode('line', { x1: x * size, y1: 0, x2: x * size, y2: height * size, class: 'grid' }));
  }
  if (clearLine > 0 && clearLine < height) {
    const y = (height - clearLine) * size;
    svg.appendChild(svgNode('rect', { x: 0, y: 0, width: FIELD_WIDTH * size, height: y, class: 'above-clear' }));
    svg.appendChild(svgNode('line', { x1: 0, y1: y, x2: FIELD_WIDTH * size, y2: y, class: 'clear-line' }));
  }
  if (cursor) {
    svg.appendChild(svgNode('rect', {
      x: cursor.x * size + 1, y: (height - 1 - cursor.y) * size + 1, width: size - 2, height: size - 2, class: 'cursor',
    }));
  }
  return svg;
}

// The editor: click or drag to paint with the chosen colour (a press on a cell of that colour
// erases instead), arrow keys and space for the keyboard. `onchange(rows)` after each stroke.
class FieldEditor {
  constructor(host, { onchange }) {
    this.host = host;
    this.onchange = onchange;
    this.rows = Array(6).fill('_'.repeat(FIELD_WIDTH));  // top row first
    this.clearLine = 4;
    this.color = 'X';
    this.cursor = null;
    this.stroke = null;
    host.addEventListener('pointerdown', (e) => this.press(e));
    host.addEventListener('pointermove', (e) => this.drag(e));
    host.addEventListener('pointerup', () => this.release());
    host.addEventListener('pointercancel', () => this.release());
    host.addEventListener('keydown', (e) => this.key(e));
    host.addEventListener('blur', () => { this.cursor = null; this.draw(); });
    this.draw();
  }

  // Shows `rows` (top first), at least `clearLine` + 2 rows.
  set(rows, clearLine = this.clearLine) {
    this.clearLine = clearLine;
    const rest = rows.map((r) => r.replace(/\./g, '_'));
    while (rest.length > 0 && rest.length > clearLine + 2 && /^_+$/.test(rest[0])) rest.shift();
    while (rest.length < Math.min(FIELD_MAX_ROWS, Math.max(clearLine + 2, 4))) rest.unshift('_'.repeat(FIELD_WIDTH));
    this.rows = rest;
    this.draw();
  }

  cellSize() {
    return Math.max(16, Math.min(28, Math.floor((this.host.clientWidth || 280) / FIELD_WIDTH)));
  }

  draw() {
    this.host.replaceChildren(fieldSvg(this.rows, {
      size: this.cellSize(), clearLine: this.clearLine, cursor: this.cursor,
      label: 'Field editor', // the grid itself is described by the host's label
    }));
  }

  cellAt(event) {
    const svg = this.host.querySelector('svg');
    const box = svg.getBoundingClientRect();
    const x = Math.floor((event.clientX - box.left) / box.width * FIELD_WIDTH);
    const row = Math.floor((event.clientY - box.top) / box.height * this.rows.length);
    if (x < 0 || x >= FIELD_WIDTH || row < 0 || row >= this.rows.length) return null;
    return { x, row };
  }

  paint(x, row, value) {
    const r = this.rows[row];
    if (r[x] === value) return false;
    this.rows[row] = r.slice(0, x) + value + r.slice(x + 1);
    return true;
  }

  press(event) {
    const cell = this.cellAt(event);
    if (!cell) return;
    event.preventDefault();
    this.host.setPointerCapture(event.pointerId);
    const current = this.rows[cell.row][cell.x].toUpperCase();
    this.stroke = { value: current === this.color ? '_' : this.color, changed: false };
    this.stroke.changed = this.paint(cell.x, cell.row, this.stroke.value);
    this.draw();
  }

  drag(event) {
    if (!this.stroke) return;
    const cell = this.cellAt(event);
    if (cell && this.paint(cell.x, cell.row, this.stroke.value)) {
      this.stroke.changed = true;
      this.draw();
    }
  }

  release() {
    if (!this.stroke) return;
    const changed = this.stroke.changed;
    this.stroke = null;
    if (changed) this.onchange(this.rows);
  }

  key(event) {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (!this.cursor) this.cursor = { x: 0, y: 0 };
    if (moves[event.key]) {
      const [dx, dy] = moves[event.key];
      this.cursor.x = Math.min(FIELD_WIDTH - 1, Math.max(0, this.cursor.x + dx));
      this.cursor.y = Math.min(this.rows.length - 1, Math.max(0, this.cursor.y + dy));
    } else if (event.key === ' ' || event.key === 'Enter') {
      const row = this.rows.length - 1 - this.cursor.y;
      const current = this.rows[row][this.cursor.x].toUpperCase();
      this.paint(this.cursor.x, row, current === this.color ? '_' : this.color);
      this.onchange(this.rows);
    } else {
      return;
    }
    event.preventDefault();
    this.draw();
  }

  clear() {
    this.rows = this.rows.map(() => '_'.repeat(FIELD_WIDTH));
    this.draw();
    this.onchange(this.rows);
  }

  removeFullRows() {
    const kept = this.rows.filter((r) => /_/.test(r));
    this.set(kept);
    this.onchange(this.rows);
  }

  addRow() {
    if (this.rows.length >= FIELD_MAX_ROWS) return;
    this.rows.unshift('_'.repeat(FIELD_WIDTH));
    this.draw();
  }
}

self.fieldSvg = fieldSvg;
self.FieldEditor = FieldEditor;

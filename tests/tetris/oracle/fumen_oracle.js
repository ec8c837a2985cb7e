// The fumen oracle: tetris-fumen's own decoder and encoder, driven line by line.
//   node fumen_oracle.js decode < lines of fumen text
//     -> one JSON line each: {"ok":true,"pages":[PAGE...]} or {"ok":false,"error":"..."}
//   node fumen_oracle.js encode < lines of JSON arrays of PAGE
//     -> one JSON line each: {"ok":true,"fumen":"v115@..."} or {"ok":false,"error":"..."}
// PAGE = {"field": 240 letters (rows 22..0 then the garbage row, each left to right, one of
//         _ILOZTJSX), "op": null | {"type","rotation","x","y"}, "comment": string,
//         "flags": {"lock","mirror","colorize","rise","quiz"}}
'use strict';
const { decoder, encoder, Field } = require('tetris-fumen');
const readline = require('readline');

const mode = process.argv[2];
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });

function fieldText(field) {
  let s = '';
  for (let y = 22; y >= -1; y -= 1) {
    for (let x = 0; x < 10; x += 1) s += field.at(x, y);
  }
  return s;
}

function pageJson(page) {
  const op = page.operation;
  return {
    field: fieldText(page.field),
    op: op === undefined ? null : { type: op.type, rotation: op.rotation, x: op.x, y: op.y },
    comment: page.comment === undefined ? '' : page.comment,
    flags: {
      lock: !!page.flags.lock,
      mirror: !!page.flags.mirror,
      colorize: !!page.flags.colorize,
      rise: !!page.flags.rise,
      quiz: !!page.flags.quiz,
    },
  };
}

rl.on('line', (line) => {
  let out;
  try {
    if (mode === 'decode') {
      out = { ok: true, pages: decoder.decode(line).map(pageJson) };
    } else {
      const pages = JSON.parse(line).map((p) => ({
        field: Field.create(p.field.substring(0, 230), p.field.substring(230)),
        operation: p.op === null ? undefined : p.op,
        comment: p.comment,
        flags: p.flags,
      }));
      out = { ok: true, fumen: encoder.encode(pages) };
    }
  } catch (e) {
    out = { ok: false, error: String(e && e.message ? e.message : e) };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
});

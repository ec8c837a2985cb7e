// A tiny static server for the site (build/web), with the headers that allow threads:
//   node web/serve.cjs [--port 8000] [--plain] [DIR]
// Every answer carries Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy:
// require-corp, so the page is cross-origin isolated and runs the threads build of the engine;
// --plain leaves them out (as any static host does: the page then runs on one thread). Only
// files under DIR are served, on localhost only.
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml',
};

function serve({ root, isolated = true, port = 0, host = '127.0.0.1' }) {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    const headers = { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
    if (isolated) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    let file;
    try {
      file = path.join(base, decodeURIComponent(new URL(req.url, 'http://localhost').pathname));
    } catch {
      res.writeHead(400, headers);
      return res.end('bad request');
    }
    if (file !== base && !file.startsWith(base + path.sep)) {
      res.writeHead(403, headers);
      return res.end('forbidden');
    }
    fs.stat(file, (err, stat) => {
      if (!err && stat.isDirectory()) file = path.join(file, 'index.html');
      fs.readFile(file, (error, data) => {
        if (error) {
          res.writeHead(404, headers);
          return res.end('not found');
        }
        headers['Content-Type'] = TYPES[path.extname(file)] || 'application/octet-stream';
        res.writeHead(200, headers);
        res.end(data);
      });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

module.exports = { serve };

if (require.main === module) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--port');
  const port = at >= 0 ? Number(args[at + 1]) : 8000;
  const root = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--port')[0]
    || path.join(__dirname, '..', 'build', 'web');
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`serve: ${root}/index.html not found: run \`make web\` first`);
    process.exit(1);
  }
  const isolated = !args.includes('--plain');
  serve({ root, isolated, port }).then((server) => {
    const { port: p } = server.address();
    console.log(`manyworlds: http://localhost:${p}/ (${isolated ? 'COOP/COEP: threads' : 'plain: one thread'}; Ctrl-C stops)`);
  }, (e) => {
    console.error(`serve: ${e.message}`);
    process.exit(1);
  });
}

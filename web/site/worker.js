// The engine's worker: loads one build of the engine (st: one thread; mt: threads, only when
// the page is cross-origin isolated) and runs the page's requests on it, one at a time.
//   in:  {type: 'init', build}            out: {type: 'ready', build, meta, shared?, ms}
//        {type: 'call', id, request}      out: {type: 'result', id, response}
//                                         out: {type: 'progress', label, done, total, final}
// A long call blocks this worker, never the page; progress still leaves through postMessage
// while the call runs. With threads the page also gets the shared memory: it sets the cancel
// flag and reads progress there itself.
'use strict';
let call = null;

function startEngine(build) {
  const base = new URL(`${build}/`, self.location.href).href;
  importScripts(`${base}mw.js`);
  let lastPost = 0;
  return self.createManyworlds({
    locateFile: (file) => base + file,
    // Threads import the script again from their own workers; inside a worker emscripten
    // cannot find its URL by itself.
    mainScriptUrlOrBlob: `${base}mw.js`,
    onProgress: (label, done, total, final) => {
      const now = performance.now();
      if (!final && now - lastPost < 50) return;
      lastPost = now;
      postMessage({ type: 'progress', label, done, total, final });
    },
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
  });
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === 'init') {
    const start = performance.now();
    try {
      const Module = await startEngine(message.build);
      const mwCall = Module.cwrap('mw_call', 'string', ['string']);
      call = (request) => JSON.parse(mwCall(JSON.stringify(request)));
      const meta = call({ verb: 'meta' });
      const ready = { type: 'ready', build: message.build, meta: meta.result, ms: performance.now() - start };
      if (typeof SharedArrayBuffer !== 'undefined' && Module.HEAPU8.buffer instanceof SharedArrayBuffer) {
        ready.shared = { buffer: Module.HEAPU8.buffer, cancel: Module._mw_cancel_flag(), progress: Module._mw_progress_block() };
      }
      postMessage(ready);
    } catch (e) {
      postMessage({ type: 'failed', error: `the engine did not start: ${e && e.message || e}` });
    }
  } else if (message.type === 'call') {
    let response;
    try {
      response = call(message.request);
    } catch (e) {
      // An abort (out of memory, a bug) leaves the module unusable: the page starts a new one.
      response = { ok: false, kind: 'internal', error: `the engine stopped: ${e && e.message || e}`, dead: true };
    }
    postMessage({ type: 'result', id: message.id, response });
  }
};

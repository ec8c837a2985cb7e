// The page's side of an engine: one worker running one build (worker.js), calls as promises,
// one at a time, progress, and cancel. With threads (the page is cross-origin isolated, so the
// `mt` build runs) cancel sets the library's flag in the shared memory and the call ends at its
// next check; without them it ends the worker and starts a new one.
'use strict';

class Engine {
  // `threads`: whether this engine may use the threads build when the page allows it.
  constructor({ threads = true } = {}) {
    this.build = threads && self.crossOriginIsolated && typeof SharedArrayBuffer !== 'undefined' ? 'mt' : 'st';
    this.onprogress = null;
    this.pending = new Map();
    this.nextId = 1;
    this.start();
  }

  start() {
    this.shared = null;
    this.worker = new Worker('worker.js');
    this.ready = new Promise((resolve, reject) => {
      this.worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message || 'the engine could not be loaded'));
      };
      this.worker.onmessage = (event) => {
        const m = event.data;
        if (m.type === 'ready') {
          this.shared = m.shared || null;
          this.meta = m.meta;
          this.startMs = m.ms;
          resolve(m);
        } else if (m.type === 'failed') {
          reject(new Error(m.error));
        } else if (m.type === 'progress') {
          if (this.onprogress) this.onprogress(m);
        } else if (m.type === 'result') {
          const p = this.pending.get(m.id);
          this.pending.delete(m.id);
          if (m.response.dead) this.restart();
          if (p) p.resolve(m.response);
        }
      };
    });
    this.ready.catch(() => {});  // callers see the failure through call()
    this.worker.postMessage({ type: 'init', build: this.build });
    return this.ready;
  }

  restart() {
    this.worker.terminate();
    for (const p of this.pending.values()) p.resolve({ ok: false, kind: 'cancelled', error: 'cancelled' });
    this.pending.clear();
    return this.start();
  }

  // request: {verb, args, threads}. Resolves to the engine's answer (bridge.hpp), never rejects.
  async call(request) {
    try {
      await this.ready;
    } catch (e) {
      return { ok: false, kind: 'internal', error: e.message };
    }
    if (this.shared) Atomics.store(new Uint8Array(this.shared.buffer), this.shared.cancel, 0);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.worker.postMessage({ type: 'call', id, request });
    });
  }

  busy() {
    return this.pending.size > 0;
  }

  // Progress from the shared memory (threads build): {seq, final, done, total}, or null.
  peekProgress() {
    if (!this.shared) return null;
    const { buffer, progress } = this.shared;
    const words = new Uint32Array(buffer, progress, 2);
    const numbers = new Float64Array(buffer, progress + 8, 2);
    return { seq: Atomics.load(words, 0), final: Atomics.load(words, 1), done: numbers[0], total: numbers[1] };
  }

  // Stops the running call: it resolves to {ok: false, kind: 'cancelled'}.
  cancel() {
    if (!this.busy()) return;
    if (this.shared) {
      Atomics.store(new Uint8Array(this.shared.buffer), this.shared.cancel, 1);
      // A loop between two checks of the flag may take a while: end the worker after 300 ms.
      const ids = [...this.pending.keys()];
      setTimeout(() => { if (ids.some((id) => this.pending.has(id))) this.restart(); }, 300);
      return;
    }
    this.restart();
  }
}

self.Engine = Engine;

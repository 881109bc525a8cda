// The static site's Python: a small pool of Web Workers, each running
// pencilbox in Pyodide (pyworker.js), that answers the page's calls as the
// server's warm worker processes do, with the same rules:
//  - at most `size` calls run at once, one per worker; a long call (solve,
//    grade, generate, verdict) never takes the last worker, so a hint never
//    waits behind a generation;
//  - but a browser's memory and cores are the player's: the second worker
//    starts only when the first is busy with a long call or a call has to
//    wait (it then takes the seconds a warm start takes), never up front;
//  - a call that passes its job's time budget is stopped: its worker is
//    terminated (Python cannot be interrupted in place), a fresh one started,
//    and the call fails with the server's own one-line message;
//  - so is a call whose AbortSignal fires (a newer edit, Cancel): it fails
//    as an aborted fetch does;
//  - a worker whose job crashed is replaced, as it may hold broken state.
// Calls made before any worker is ready wait for one; the page shows the
// loading state from `onStatus`.

const SIZE = 2;

function abortError() {
  return new DOMException("The call was cancelled", "AbortError");
}

class Runner {
  constructor(pool) {
    this.pool = pool;
    this.ready = false;
    this.job = null; // the call it is answering
    this.worker = new Worker(new URL("pyworker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => this.received(event.data);
    this.worker.onerror = (event) => this.died(event.message || "the worker failed to start");
    const { base, config } = pool;
    this.worker.postMessage({
      type: "init",
      pyodide: new URL(config.pyodide, base).href,
      wheels: config.wheels.map((wheel) => new URL(wheel, base).href),
    });
  }

  received(message) {
    if (message.type === "progress") {
      if (message.python) this.pool.settled();
      this.pool.progress(message.text);
    }
    else if (message.type === "ready") {
      this.ready = true;
      this.pool.arrived();
    } else if (message.type === "failed") this.died(message.message);
    else if (message.type === "started" && this.job) this.job.started(message);
    else if (message.type === "answer" && this.job) {
      const job = this.job;
      this.job = null;
      const reply = JSON.parse(message.reply);
      job.finish(reply);
      this.pool.done(this, reply.restart);
    }
  }

  died(text) {
    const job = this.job;
    this.job = null;
    this.pool.lost(this, text);
    if (job) job.fail(new Error(`the solver stopped: ${text}`));
  }

  stop() {
    this.worker.terminate();
  }
}

class Job {
  constructor(method, target, body, signal, long, resolve, reject) {
    this.method = method;
    this.target = target;
    this.body = body;
    this.signal = signal;
    this.long = long;
    this.resolve = resolve;
    this.reject = reject;
    this.timer = 0;
    this.runner = null;
    this.ended = false;
  }

  started({ budget, message }) {
    // The budget runs from the job's start, as on the server (parsing is not counted).
    this.timer = setTimeout(() => this.runner && this.runner.pool.overran(this, message), budget * 1000);
  }

  finish(reply) {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    this.resolve({ status: reply.status, body: reply.body });
  }

  fail(error) {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    this.reject(error);
  }
}

export class WorkerPool {
  constructor(config, base, onStatus) {
    this.config = config;
    this.base = base;
    this.onStatus = onStatus;
    this.longRoutes = new Set(config.long_routes || []);
    this.runners = [];
    this.waiting = [];
    this.everReady = false;
    this.failures = 0;
    this.started = false;
    // Settles once a worker has Pyodide running (or the solver cannot start).
    /** @type {Promise<void>} */
    this.running = new Promise((resolve) => (this.settled = resolve));
  }

  // Start the first worker. The page calls this once its board is drawn, so
  // Python's start does not compete with the first draw; a call made before
  // starts it too. The second starts when it is needed (see `next`).
  start() {
    if (this.started) return;
    this.started = true;
    this.spawn();
  }

  spawn() {
    this.runners.push(new Runner(this));
  }

  progress(text) {
    this.loadingText = text;
    this.tellWaiting();
  }

  // While Python loads, the state says how many calls wait for it.
  tellWaiting() {
    if (this.everReady) return;
    const text = this.loadingText || "Loading the solver…";
    this.onStatus({ state: "loading", text, waiting: this.waiting.length });
  }

  arrived() {
    if (!this.everReady) {
      this.everReady = true;
      this.settled();
      this.onStatus({ state: "ready", text: "Solver ready" });
    }
    this.next();
  }

  idle() {
    return this.runners.filter((r) => r.ready && !r.job);
  }

  runningLong() {
    return this.runners.filter((r) => r.job && r.job.long).length;
  }

  allowed(job) {
    return !job.long || this.runningLong() < Math.max(1, SIZE - 1);
  }

  next() {
    for (;;) {
      const free = this.idle();
      if (!free.length) {
        if (this.waiting.length) this.grow(); // a call waits: a second worker would take it
        return;
      }
      const index = this.waiting.findIndex((job) => this.allowed(job));
      if (index < 0) return;
      const [job] = this.waiting.splice(index, 1);
      if (this.waiting.length === 0) this.tellWaiting();
      const runner = free[0];
      runner.job = job;
      job.runner = runner;
      runner.worker.postMessage({ type: "call", method: job.method, target: job.target, body: job.body });
      if (job.long) this.grow(); // the next hint must not wait behind this one
    }
  }

  // Start another worker, while the pool is smaller than its size, once the
  // first has been ready (before that, calls wait for the first).
  grow() {
    if (this.everReady && this.runners.length < SIZE) this.spawn();
  }

  call(method, target, body, signal) {
    return new Promise((resolve, reject) => {
      if (signal && signal.aborted) {
        reject(abortError());
        return;
      }
      const path = target.split("?")[0];
      const job = new Job(method, target, body, signal, this.longRoutes.has(path), resolve, reject);
      if (signal) signal.addEventListener("abort", () => this.cancel(job), { once: true });
      this.waiting.push(job);
      this.start();
      this.next();
      this.tellWaiting();
    });
  }

  // Stop a job: still waiting, it leaves the queue; running, its worker is replaced.
  cancel(job) {
    if (job.ended) return;
    const queued = this.waiting.indexOf(job);
    if (queued >= 0) this.waiting.splice(queued, 1);
    else if (job.runner) this.replace(job.runner);
    job.fail(abortError());
  }

  overran(job, message) {
    if (job.ended) return;
    this.replace(job.runner);
    job.fail(Object.assign(new Error(message), { status: 504 }));
  }

  replace(runner) {
    runner.job = null;
    runner.stop();
    this.runners = this.runners.filter((r) => r !== runner);
    this.spawn();
  }

  done(runner, restart) {
    if (restart) this.replace(runner);
    this.next();
  }

  lost(runner, text) {
    runner.stop();
    this.runners = this.runners.filter((r) => r !== runner);
    this.failures += 1;
    if (!this.everReady && this.failures >= 2) {
      // Two workers failed before any was ready: this browser cannot run the solver.
      this.onStatus({ state: "failed", text: `The solver cannot start here: ${text}` });
      this.settled();
      for (const job of this.waiting.splice(0)) job.fail(new Error(`the solver cannot start: ${text}`));
      return;
    }
    this.spawn();
  }
}

'use strict';
// The traffic op of the Node worker (protocol.md "traffic"; the JVM's is storebench.trial.child.TrafficOp and
// TrafficLoop, its requests TenantRequests): stores made as copies of one created store and synced, requests from the
// parent's schedules through a cache of K open stores, a closed step that measures what the engine serves back to back
// (and leaves the cache warm), the open loop at a share of that rate, every store's count checked after it. Required on
// the first traffic request (worker.js), with its helpers: a worker of any other phase runs without this code in its
// heap.

const fs = require('node:fs');
const v8 = require('node:v8');
const { buildNotes, workloadOf, noteText, noteTs } = require('../workloads');
const { requireString, requireWorkload, StoreError, send } = require('../protocol');
const { settle, counters, countersSince } = require('../measure');
const { storeCopy } = require('../store-copy');
const { StoreCache } = require('../store-cache');
const { monitorEventLoopDelay, PerformanceObserver, performance } = require('node:perf_hooks');
const {
  KIND, systemClock, openLoop, closedLoop, reachedPerS, utilization, trafficSamples, encode, markPauses,
} = require('../traffic-loop');

/**
 * A schedule as the parent sends it (storebench.trial.traffic.TrafficDraws.encode): per request one little-endian
 * int32, the tenant shifted left by one, its lowest bit set where the request writes; base64.
 */
function decodeSchedule(req, field) {
  const b64 = req[field];
  if (typeof b64 !== 'string') throw new Error(`traffic needs a schedule "${field}" (base64), not ${JSON.stringify(b64)}`);
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0 || bytes.length % 4 !== 0) throw new Error(`traffic's "${field}" of ${bytes.length} bytes is not whole requests (4 bytes each)`);
  const n = bytes.length / 4;
  const tenants = new Int32Array(n);
  const writes = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const v = bytes.readInt32LE(4 * k);
    if (v < 0) throw new Error(`request ${k} of traffic's "${field}" names a negative tenant`);
    tenants[k] = v >>> 1;
    writes[k] = v & 1;
  }
  return { tenants, writes };
}

/**
 * A run's requests over the pool (TenantRequests' twin): a read is the count, checked after its span against W plus
 * the writes its store received; a write is one new note (note W + w of its store) in a transaction of its own, built
 * in prepare. Where the binding releases a closed store only once its statements are collected (libsql), a request
 * that evicted a store is followed by settle() (a minor GC and an event-loop turn), as an app's event loop would give;
 * it counts in the latency of the requests it delays.
 */
class TenantRequests {
  constructor(loops, ops, root, workload, stores, open, settleAfterClose) {
    this.loops = loops;
    this.ops = ops;
    this.workload = workload;
    this.notesPerStore = workloadOf(workload).notesPerStore;
    this.files = new Array(stores);
    for (let i = 0; i < stores; i++) this.files[i] = loops.storeFile(root, i);
    this.written = new Int32Array(stores);
    this.cache = new StoreCache(stores, open, (i) => ops.open(this.files[i]), (i, db) => ops.close(db));
    this.settleAfterClose = settleAfterClose;
    this.draws = null;
    this.pending = null;
    this.answer = 0;
  }

  /** Whether the cache is as full as the open loop will find it: K stores open, or from the start where K >= N. */
  filled() {
    return this.cache.capacity >= this.files.length || this.cache.size >= this.cache.capacity;
  }

  use(draws) {
    for (const tenant of draws.tenants) {
      if (tenant < 0 || tenant >= this.files.length) throw new Error(`a request goes to store ${tenant}, outside the pool of ${this.files.length}`);
    }
    this.draws = draws;
  }

  prepare(k) {
    if (this.draws.writes[k]) {
      const store = this.draws.tenants[k];
      const j = this.notesPerStore + this.written[store];
      this.pending = { text: noteText(this.workload, store, j), ts: BigInt(noteTs(j)) };
    }
  }

  serve(k) {
    const db = this.cache.visit(this.draws.tenants[k]);
    if (this.draws.writes[k]) {
      this.ops.write(db, this.pending.text, this.pending.ts);
      return this.cache.lastHit ? KIND.WRITE_HIT : KIND.WRITE_MISS;
    }
    this.answer = this.ops.count(db);
    return this.cache.lastHit ? KIND.READ_HIT : KIND.READ_MISS;
  }

  check(k) {
    const store = this.draws.tenants[k];
    if (this.draws.writes[k]) {
      this.written[store]++;
      this.pending = null;
    } else {
      this.loops.checkCount(store, this.files[store], this.notesPerStore + this.written[store], this.answer);
    }
  }

  async after() {
    if (this.settleAfterClose && this.cache.lastEvicted !== -1) await settle();
  }

  /** After the run: closes the cache's stores, then counts every store (untimed) against W plus its writes. */
  async checkAll() {
    this.cache.closeAll();
    for (let i = 0; i < this.files.length; i++) {
      const db = this.ops.open(this.files[i]);
      let n;
      try {
        n = this.ops.count(db);
      } finally {
        this.ops.close(db);
      }
      const expected = this.notesPerStore + this.written[i];
      if (n !== expected) {
        throw new StoreError(`count mismatch: engine ${this.loops.engineId}, store ${i} (${this.files[i]}): after the traffic runs, expected ${expected} (W plus ${this.written[i]} writes), got ${n}`, i);
      }
      if (this.settleAfterClose) await settle();
    }
  }
}

/**
 * What the closed step served per second in the second half of what it served once its cache was full, over that
 * half's wall time (each request's whole turn: serve, check, and the settle after an eviction where the binding needs
 * one, which the open loop's requests wait behind too): the open loop after it finds the cache full
 * (TrafficLoop.secondHalfPerS).
 */
function secondHalfPerS(closed) {
  const filled = Math.max(0, closed.filledAt ?? 0);
  const from = filled + Math.floor((closed.served - filled) / 2);
  if (closed.served - from < 1) return reachedPerS(closed);
  const ns = closed.endNs[closed.served - 1] - (from > 0 ? closed.endNs[from - 1] : 0);
  return ns <= 0 ? reachedPerS(closed) : ((closed.served - from) * 1e9) / ns;
}

function requireNumber(req, field, ok) {
  const v = req[field];
  if (typeof v !== 'number' || !ok(v)) throw new Error(`traffic needs a valid "${field}", not ${JSON.stringify(v)}`);
  return v;
}

/** One traffic run (protocol.md "traffic") over the parent's schedules: its open loop as histograms by request kind. */
async function traffic(loops, req) {
  const ops = loops.requireEngine();
  const root = requireString(req, 'root');
  const workload = requireWorkload(req);
  const stores = requireNumber(req, 'stores', (v) => Number.isSafeInteger(v) && v >= 1);
  const open = requireNumber(req, 'open', (v) => Number.isSafeInteger(v) && v >= 1);
  const closedMs = requireNumber(req, 'closedMs', (v) => Number.isSafeInteger(v) && v >= 1);
  const load = requireNumber(req, 'load', (v) => v > 0);
  const seconds = requireNumber(req, 'seconds', (v) => v > 0);
  const leastRequests = requireNumber(req, 'leastRequests', (v) => Number.isSafeInteger(v) && v >= 0);
  const closedDraws = decodeSchedule(req, 'closedSchedule');
  const openDraws = decodeSchedule(req, 'schedule');
  const check = req.check !== false;
  const wallStart = process.hrtime.bigint();
  await makeTrafficStores(loops, root, workload, stores);
  send({ type: 'progress', op: 'traffic', done: 1, total: 3 });
  const requests = new TenantRequests(loops, ops, root, workload, stores, open, loops.settleAfterClose === true);
  try {
    requests.use(closedDraws);
    const closed = await closedLoop(systemClock, requests, closedDraws.tenants.length, BigInt(closedMs) * 1_000_000n);
    send({ type: 'progress', op: 'traffic', done: 2, total: 3 });
    const closedPerS = secondHalfPerS(closed);
    const rate = load * closedPerS;
    const n = Math.max(1, Math.min(openDraws.tenants.length, Math.max(leastRequests, Math.round(rate * seconds))));
    requests.use(openDraws);
    const { hits, misses, evictions } = requests.cache;
    const writtenBefore = Int32Array.from(requests.written);
    const runtime = watchRuntime();
    const before = counters(); // the process' counters (process.resourceUsage), outside any span
    const kept = trafficSamples(n); // each request's kind and latency, set against the pauses after the loop
    runtime.loopStarts();
    const s = await openLoop(systemClock, requests, n, rate, kept);
    const machine = countersSince(before);
    const work = await runtime.stop();
    const marked = markPauses(s, rate, work.pauseList);
    work.pauses = { startMs: work.pauseList.map((p) => p.startMs), durationMs: work.pauseList.map((p) => p.durationMs) };
    work.touched = marked.touched;
    delete work.pauseList;
    let writes = 0;
    for (let i = 0; i < stores; i++) writes += requests.written[i] - writtenBefore[i];
    const answer = {
      startMs: s.startMs, loopWallNs: s.wallNs, busyNs: s.busyNs, askedPerS: s.askedPerS, reachedPerS: reachedPerS(s),
      utilization: utilization(s), requests: s.served,
      hits: requests.cache.hits - hits, misses: requests.cache.misses - misses,
      evictions: requests.cache.evictions - evictions, writes, checked: check,
      closed: { served: closed.served, wallNs: closed.wallNs, perS: closedPerS },
      histograms: {
        latency: s.latency.map(encode), service: s.service.map(encode), wakeLateness: encode(s.wakeLateness),
        untouched: marked.untouched.map(encode), clearOfWrites: marked.clearOfWrites.map(encode),
      },
      runtime: work,
      counters: machine,
    };
    if (check) await requests.checkAll();
    answer.wallNs = Number(process.hrtime.bigint() - wallStart);
    return answer;
  } finally {
    requests.cache.closeAll();
  }
}

/**
 * The runtime's own work during the open loop: V8's garbage collections (every pause, its start after the loop's start
 * and its length, from the gc performance entries: each is work on the worker's one thread, which serves nothing
 * meanwhile) and the event loop's delay (perf_hooks' histogram, 1 ms resolution: how long a timer waited behind the loop's spin
 * and the engine's synchronous calls), where the loop yielded to the event loop at all.
 */
function watchRuntime() {
  let gcMs = 0;
  let gcCount = 0;
  let loopStart = performance.now();
  const pauses = [];
  const take = (entries) => {
    for (const entry of entries) {
      gcMs += entry.duration;
      gcCount++;
      pauses.push({ startMs: entry.startTime - loopStart, durationMs: entry.duration });
    }
  };
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  return {
    /** The open loop starts now: the pauses' starts are counted from here. */
    loopStarts() {
      loopStart = performance.now();
    },
    async stop() {
      delay.disable();
      // a gc entry is made on an event-loop turn after its collection and handed to the observer on the next
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
      take(observer.takeRecords());
      observer.disconnect();
      pauses.sort((a, b) => a.startMs - b.startMs);
      // a loop that never yields (every due time spun to) leaves the histogram without a sample: no figure then
      const samples = delay.count;
      const work = { gcMs, gcCount, loopDelaySamples: samples, collector: `V8 ${process.versions.v8}`, pauseList: pauses,
        heapMaxMb: Math.round(v8.getHeapStatistics().heap_size_limit / 1048576) };
      if (samples > 0) {
        work.loopDelayP99Ms = delay.percentile(99) / 1e6;
        work.loopDelayMaxMs = delay.max / 1e6;
      }
      return work;
    },
  };
}

/** Store 0 created through the engine with the workload's notes, stores 1..N-1 copies of its files. */
async function makeTrafficStores(loops, root, workload, stores) {
  const ops = loops.requireEngine();
  fs.mkdirSync(root, { recursive: true });
  ops.create(loops.storeDir(root, 0), loops.storeFile(root, 0), buildNotes(workload, 0));
  await settle(); // libsql's connection is released only once its statements are collected
  // synced: a tenant's store is on disk before its first request, so no commit of the loops writes back a copy
  const template = storeCopy(loops.storeDir(root, 0));
  for (let i = 1; i < stores; i++) template.writeSyncedTo(loops.storeDir(root, i));
}

module.exports = traffic;

'use strict';
// What the process measures about itself between and around the visits (the JVM's are in storebench.measure and
// storebench.trial): the settling between stores, its background threads, its heap, the timer's cost, its memory
// (protocol.md "A memory snapshot"), what it holds and the limits it runs under (protocol.md "capacity"), what it read.

const fs = require('node:fs');
const v8 = require('node:v8');

const hrtime = process.hrtime.bigint;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Between stores (never inside a timed region): a minor GC and one event-loop turn, as an app's event loop would
 * give. libsql's close() keeps the connection (file, page cache) alive until its statements are finalized, which
 * happens only after a GC, on the event loop: without this a synchronous loop holds every store it visited open.
 */
async function settle() {
  global.gc({ type: 'minor' });
  await nextTurn();
}

/**
 * The time the worker's threads other than its main thread have run (ns; /proc/self/task/TID/schedstat): V8's
 * compiler and GC helpers. A measured run starts once they have been idle IDLE_NS (settleThreads), as the JVM's does
 * for its compiler threads (storebench.trial.child.JitThreads: a thread busy on the other core slows the visits beside it).
 */
const IDLE_NS = 50_000_000n;
const SETTLE_MOST_NS = 3_000_000_000n;

function backgroundNs() {
  let sum = 0n;
  let tasks;
  try {
    tasks = fs.readdirSync('/proc/self/task');
  } catch {
    return 0n; // no /proc: nothing to wait for
  }
  for (const tid of tasks) {
    if (Number(tid) === process.pid) continue;
    try {
      const schedstat = fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'latin1');
      sum += BigInt(schedstat.slice(0, schedstat.indexOf(' ')));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return sum;
}

/** Waits until no background thread has run for IDLE_NS, SETTLE_MOST_NS at most: { settleMs, settled }. */
async function settleThreads() {
  const start = hrtime();
  let last = backgroundNs();
  let quietSince = start;
  for (;;) {
    const now = hrtime();
    if (now - quietSince >= IDLE_NS) return { settleMs: Number(now - start) / 1e6, settled: true };
    if (now - start >= SETTLE_MOST_NS) return { settleMs: Number(now - start) / 1e6, settled: false };
    await new Promise((resolve) => setTimeout(resolve, 5));
    const ns = backgroundNs();
    if (ns !== last) {
      last = ns;
      quietSince = hrtime();
    }
  }
}

/**
 * The JS heap in use, for a memory reading: the least of eight full collections, each followed by an event-loop turn
 * so that finalizers run and the objects they free go in the next one. One collection leaves tens of KB of such
 * objects behind, more than the JS objects of a hundred stores; bytecode is never flushed (the worker runs with
 * --no-flush-bytecode), so that cannot shrink the heap between the readings either. (A pause between the collections
 * instead of a turn made the readings noisier: background work lands in some of them.)
 */
async function collectAll() {
  let least = Infinity;
  for (let k = 0; k < 8; k++) {
    global.gc();
    await nextTurn();
    least = Math.min(least, process.memoryUsage().heapUsed);
  }
  return least;
}

/** Median, minimum and p99 of the difference of back-to-back process.hrtime.bigint() calls (the timer's own cost). */
function timerOverhead(samples) {
  const d = new BigInt64Array(samples);
  for (let round = 0; round < 2; round++) { // the first round warms the JIT
    for (let k = 0; k < samples; k++) {
      const t0 = hrtime();
      const t1 = hrtime();
      d[k] = t1 - t0;
    }
  }
  d.sort();
  return {
    source: 'process.hrtime.bigint',
    backToBackMedianNs: Number(d[Math.floor(samples / 2)]),
    backToBackMinNs: Number(d[0]),
    backToBackP99Ns: Number(d[Math.floor(samples * 0.99)]),
  };
}

function requireGc() {
  if (typeof global.gc !== 'function') {
    throw new Error('global.gc() is missing: start the worker with `node --expose-gc worker.js`');
  }
}

function toNumbers(samples) {
  const out = new Array(samples.length);
  for (let k = 0; k < samples.length; k++) out[k] = Number(samples[k]);
  return out;
}

/**
 * read_bytes of this process (/proc/self/io): what it caused to be read from the device, page faults of mapped files
 * included; -1 where /proc does not tell (the JVM's is PhaseLoops.deviceReadBytes).
 */
function deviceReadBytes() {
  try {
    const m = /^read_bytes:\s+(\d+)\s*$/m.exec(fs.readFileSync('/proc/self/io', 'utf8'));
    return m === null ? -1 : Number(m[1]);
  } catch (e) {
    return -1;
  }
}

/**
 * What the process has asked of the machine so far (protocol.md "What a visit asks of the machine"; the JVM's is
 * storebench.measure.VisitCounters): read once before a run's visits and once after, never inside a timed region, the
 * difference divided by the visits. process.resourceUsage() is getrusage(RUSAGE_SELF): the whole process' (V8's
 * compiler and GC threads included; Node gives no thread's own), CPU times in microseconds, and fsRead/fsWrite in
 * blocks of 512 bytes (ru_inblock/ru_oublock: Linux's read_bytes and write_bytes shifted by 9), so bytes are x 512.
 */
function counters() {
  const u = process.resourceUsage();
  return {
    minflt: u.minorPageFault,
    majflt: u.majorPageFault,
    vcsw: u.voluntaryContextSwitches,
    ivcsw: u.involuntaryContextSwitches,
    userUs: u.userCPUTime,
    sysUs: u.systemCPUTime,
    readBytes: u.fsRead * 512,
    writeBytes: u.fsWrite * 512,
    scope: 'process',
  };
}

/** after - before, field by field: a stretch's counters. */
function countersSince(before) {
  const after = counters();
  const d = { scope: after.scope };
  for (const k of Object.keys(after)) {
    if (k !== 'scope') d[k] = after[k] - before[k];
  }
  return d;
}

/**
 * Where the worker reads the machine's memory: /proc/meminfo, or the file STOREBENCH_MEMINFO names (ProcResources.MEMINFO
 * in the JVM says why a test names one).
 */
const MEMINFO = process.env.STOREBENCH_MEMINFO || '/proc/meminfo';

function procKb(text, key) {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text);
  if (!m) throw new Error(`no ${key} line`);
  return Number(m[1]);
}

function memorySnapshot(heapUsed) {
  const rollup = fs.readFileSync('/proc/self/smaps_rollup', 'utf8');
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return {
    rssKb: procKb(rollup, 'Rss'),
    anonKb: procKb(rollup, 'Anonymous'),
    rssAnonKb: procKb(status, 'RssAnon'),
    rssFileKb: procKb(status, 'RssFile'),
    rssShmemKb: procKb(status, 'RssShmem'),
    heapUsedBytes: heapUsed,
  };
}

/** One point of the capacity curve: the memory snapshot, virtual size, descriptors, maps and threads. */
async function capacityPoint(stores) {
  const snapshot = memorySnapshot(await collectAll());
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const maps = fs.readFileSync('/proc/self/maps', 'utf8');
  return {
    stores,
    ...snapshot,
    vszKb: procKb(status, 'VmSize'),
    fds: fs.readdirSync('/proc/self/fd').length - 1, // less the descriptor that lists the directory
    maps: maps.length === 0 ? 0 : maps.trimEnd().split('\n').length,
    threads: Number(/^Threads:\s+(\d+)/m.exec(status)[1]),
  };
}

/** A /proc/self/limits row's soft and hard value ("Max open files  1024  4096  files"); -1 for unlimited. */
function limitRow(text, name) {
  const line = text.split('\n').find((l) => l.startsWith(name));
  if (!line) throw new Error(`no '${name}' row in /proc/self/limits`);
  const [soft, hard] = line.slice(name.length).trim().split(/\s+/);
  const value = (v) => (v === 'unlimited' ? -1 : Number(v));
  return [value(soft), value(hard)];
}

function sysNumber(file) {
  return Number(fs.readFileSync(file, 'utf8').trim());
}

/** The limits the process runs under, after Node raised its own soft NOFILE limit at start (libuv does). */
function limits() {
  const text = fs.readFileSync('/proc/self/limits', 'utf8');
  const meminfo = fs.readFileSync(MEMINFO, 'utf8');
  const [nofileSoft, nofileHard] = limitRow(text, 'Max open files');
  const as = limitRow(text, 'Max address space')[0];
  return {
    nofileSoft,
    nofileHard,
    asSoftKb: as === -1 ? -1 : Math.floor(as / 1024),
    nprocSoft: limitRow(text, 'Max processes')[0],
    maxMapCount: sysNumber('/proc/sys/vm/max_map_count'),
    overcommit: sysNumber('/proc/sys/vm/overcommit_memory'),
    threadsMax: sysNumber('/proc/sys/kernel/threads-max'),
    pidMax: sysNumber('/proc/sys/kernel/pid_max'),
    memTotalKb: procKb(meminfo, 'MemTotal'),
    memAvailableKb: procKb(meminfo, 'MemAvailable'),
    heapMaxBytes: v8.getHeapStatistics().heap_size_limit, // the JS heap's own limit
  };
}

/**
 * A memory snapshot once the worker's memory has settled: two snapshots SETTLE_STEP_MS apart whose resident memory and
 * heap agree within SETTLE_SHARE (at most SETTLE_MAX_MS), as the JVM's ProcMemory.settledSnapshot: stores just opened
 * may still be allocating in their own threads. Records settleMs and settled (1, or 0 where the ceiling ended it).
 */
const SETTLE_STEP_MS = 500;
const SETTLE_MAX_MS = 10_000;
const SETTLE_SHARE = 0.01;

async function settledSnapshot() {
  const start = Date.now();
  const agree = (a, b) => Math.abs(a - b) <= SETTLE_SHARE * Math.max(a, b);
  let last = memorySnapshot(await collectAll());
  let settled = false;
  while (!settled && Date.now() - start < SETTLE_MAX_MS) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS));
    const now = memorySnapshot(await collectAll());
    settled = agree(last.rssKb, now.rssKb) && agree(last.heapUsedBytes, now.heapUsedBytes);
    last = now;
  }
  return { ...last, settleMs: Date.now() - start, settled: settled ? 1 : 0 };
}

module.exports = {
  settle, settleThreads, collectAll, timerOverhead, requireGc, toNumbers, deviceReadBytes, procKb, memorySnapshot,
  settledSnapshot, capacityPoint, limits, counters, countersSince, MEMINFO,
};

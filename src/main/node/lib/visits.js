'use strict';
// The one visit loop of the Node worker and the ops that visit stores with it (visits, concurrent): methods of
// PhaseLoops (phase-loops.js), kept here with the queries a visit asks.

const { workloadOf, expectedSums } = require('./workloads');
const { StoreError, progressTicker, requireString, requireWorkload, requireIndexes } = require('./protocol');
const { settle, settleThreads, toNumbers, deviceReadBytes, counters, countersSince } = require('./measure');
const { YARD_BLOCK, yardBlock } = require('./yardstick');

const hrtime = process.hrtime.bigint;

/** The visit loop's sample arrays, one element per store visited. */
function visitSamples(n) {
  return {
    open: new BigInt64Array(n), asked: new BigInt64Array(n), close: new BigInt64Array(n), total: new BigInt64Array(n),
    closefin: new BigInt64Array(n),
  };
}

/**
 * What a visit asks of a store between its open and its close, by its name in a request: its samples' name, the whole
 * visit's (open to close), and how its answer is checked after the visit's spans (the answer kept between the two).
 */
const QUERIES = {
  count: {
    id: 'count',
    total: 'oqc',
    asking(loops, workload) {
      const expected = workloadOf(workload).notesPerStore;
      const ops = loops.ops;
      let answer = 0;
      return {
        ask(db) { answer = ops.count(db); },
        check(k, i, file) { loops.checkCount(i, file, expected, answer); },
      };
    },
  },
  read: {
    id: 'read',
    total: 'orc',
    asking(loops, workload, order) {
      const expected = loops.expectations(workload, order);
      const ops = loops.ops;
      let answer = null;
      return {
        ask(db) { answer = ops.readAll(db); },
        check(k, i, file) {
          loops.checkNotes(i, file, expected[k], answer);
          answer = null;
        },
      };
    },
  },
};

function queryOf(id) {
  if (!Object.prototype.hasOwnProperty.call(QUERIES, id)) {
    throw new Error(`unknown query ${JSON.stringify(id)}; valid queries: ${Object.keys(QUERIES).join(', ')}`);
  }
  return QUERIES[id];
}

const visitMethods = {
  /**
   * One worker of a concurrent run (protocol.md "concurrent"): a Node database call is synchronous, so a Node worker is
   * a process and takes one share. It spins until the wall clock reaches startAtMs, so that the workers (processes)
   * start together, then times open, count, close as one span per store, the count checked after the span.
   */
  async concurrent(req) {
    this.requireEngine();
    const root = requireString(req, 'root');
    const workload = requireWorkload(req);
    if (!Array.isArray(req.shares) || req.shares.length !== 1) {
      throw new Error('concurrent needs "shares": exactly one array of stores (a Node worker process is one worker)');
    }
    const share = requireIndexes({ op: req.op, share: req.shares[0] }, 'share');
    const startAtMs = Number(req.startAtMs || 0);
    const files = this.storeFiles(root, share, true);
    const s = visitSamples(share.length);
    const asking = queryOf('count').asking(this, workload, share);
    const progress = progressTicker('concurrent', share.length);
    const epochUs = () => Math.round((performance.timeOrigin + performance.now()) * 1000);
    while (Date.now() < startAtMs) {
      // spin: a timer's wake-up would add milliseconds of skew between the workers
    }
    const startUs = epochUs();
    const counters0 = counters(); // after the spin (its CPU time is no visit's) and the start, as the JVM's
    await this.loop(files, share, asking, s, progress);
    const used = countersSince(counters0);
    const endUs = epochUs();
    return { workers: [{ oqc: toNumbers(s.total), startUs, endUs, counters: used }], wallNs: (endUs - startUs) * 1000 };
  },

  /**
   * The one visit loop of the Node worker (the JVM's is PhaseLoops.visits, protocol.md "visits"): the warm-up, the
   * open runs, the read runs and a concurrent run's worker visit stores with it. For each store of the order: t0 open
   * t1 the query (count, or read every note) t2 close t3; then a minor GC and one event-loop turn, t4 (settle(): what
   * closing really costs where a binding releases the connection only when its statements are finalized, libsql, as its
   * own span closefin = t4 - t2, never in the others); the answer is checked after. Between two stores nothing but the
   * loop. With "yard", a block of yardsticks right before the first store and right after the last.
   */
  async visits(req) {
    this.requireEngine();
    const root = requireString(req, 'root');
    const workload = requireWorkload(req);
    const order = requireIndexes(req, 'order');
    const query = queryOf(req.query === undefined ? 'count' : req.query);
    const files = this.storeFiles(root, order, true);
    const s = visitSamples(order.length);
    const yard = req.yard === true ? new BigInt64Array(2 * YARD_BLOCK) : null;
    if (yard !== null) yardBlock(yard, 0);
    const settled = req.settle === true ? await settleThreads() : {}; // after the yardstick's block: it sets off work too
    const read0 = deviceReadBytes();
    const counters0 = counters();
    const startMs = Date.now();
    const wallStart = hrtime();
    await this.loop(files, order, query.asking(this, workload, order), s, progressTicker('visits', order.length));
    const wallNs = Number(hrtime() - wallStart);
    const used = countersSince(counters0);
    const read1 = deviceReadBytes();
    if (yard !== null) yardBlock(yard, YARD_BLOCK);
    const samples = {
      open: toNumbers(s.open), [query.id]: toNumbers(s.asked), close: toNumbers(s.close), [query.total]: toNumbers(s.total),
      closefin: toNumbers(s.closefin),
    };
    if (yard !== null) samples.yard = toNumbers(yard);
    const readBytes = read0 < 0 || read1 < 0 ? -1 : read1 - read0;
    return { run: req.run, samples, startMs, wallNs, readBytes, counters: used, ...settled };
  },

  async loop(files, order, asking, s, progress) {
    const ops = this.ops;
    for (let k = 0; k < order.length; k++) {
      let t0;
      let t1;
      let t2;
      let t3;
      try {
        t0 = hrtime();
        const db = ops.openForReading(files[k]);
        t1 = hrtime();
        asking.ask(db);
        t2 = hrtime();
        ops.close(db);
        t3 = hrtime();
      } catch (e) {
        throw new StoreError(`store ${order[k]} (${files[k]}): ${e.message}`, order[k]);
      }
      await settle();
      const t4 = hrtime();
      asking.check(k, order[k], files[k]);
      s.open[k] = t1 - t0;
      s.asked[k] = t2 - t1;
      s.close[k] = t3 - t2;
      s.total[k] = t3 - t0;
      s.closefin[k] = t4 - t2;
      progress(k + 1);
    }
  },

  /** A read must have touched every note: its count, and the sums of text lengths and of ts, as the workload's. */
  checkNotes(i, file, expected, rows) {
    let lengths = 0;
    let ts = 0;
    for (let k = 0; k < rows.length; k++) {
      lengths += rows[k].text.length;
      ts += Number(rows[k].ts);
    }
    this.checkCount(i, file, expected.count, rows.length);
    if (lengths !== expected.lengths || ts !== expected.ts) {
      throw new StoreError(`count mismatch: engine ${this.engineId}, store ${i} (${file}): the notes read back differ from`
        + ` the workload's: text lengths sum to ${lengths} (expected ${expected.lengths}), ts to ${ts} (expected ${expected.ts})`, i);
    }
  },

  /** Expected sums per visit of the order, worked out before a loop so the loop does nothing more. */
  expectations(workload, order) {
    const byStore = new Map();
    const count = workloadOf(workload).notesPerStore;
    return order.map((i) => {
      if (!byStore.has(i)) byStore.set(i, { count, ...expectedSums(workload, i) });
      return byStore.get(i);
    });
  },
};

module.exports = { visitMethods, queryOf };

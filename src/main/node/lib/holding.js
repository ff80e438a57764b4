'use strict';
// The loops that keep stores open: hold (the memory phase) and capacity. Methods of PhaseLoops (phase-loops.js).

const fs = require('node:fs');
const { workloadOf, buildNotes } = require('./workloads');
const { StoreError, progressTicker, requireString, requireWorkload, requireIndexes } = require('./protocol');
const { settle, settledSnapshot, requireGc, procKb, capacityPoint, limits } = require('./measure');
const { storeCopy } = require('./store-copy');

const hrtime = process.hrtime.bigint;

function closeQuietly(ops, db) {
  try {
    ops.close(db);
  } catch (e) {
    console.error(`capacity: closing a store failed: ${e.message}`);
  }
}

/** Descriptors held open on /dev/null, closed all at once to give a /proc reading room. */
class Spare {
  constructor() {
    this.fds = [];
    this.open();
  }

  open() {
    while (this.fds.length < SPARE_KEPT) this.fds.push(fs.openSync('/dev/null', 'r'));
  }

  close() {
    for (const fd of this.fds.splice(0)) fs.closeSync(fd);
  }
}

const SPARE_KEPT = 8;

const holdingMethods = {
  async hold(req) {
    const ops = this.requireEngine();
    requireGc();
    const root = requireString(req, 'root');
    const expected = workloadOf(requireWorkload(req)).notesPerStore;
    const stores = requireIndexes(req, 'stores');
    if (stores.length === 0) throw new Error('hold needs at least one store');
    const files = this.storeFiles(root, stores, true);
    const dbs = new Array(stores.length).fill(null);
    const wallStart = hrtime();
    // The engine's one-off costs (loading, JIT, the first query's work) must not land in (after - before) / M: the
    // memory phase warms the process up (the visits of its warm-up) before it asks for the hold.
    const progress = progressTicker('hold', stores.length);
    try {
      // both readings once the worker's memory has settled: stores just opened may still allocate in their threads
      const before = await settledSnapshot();
      for (let k = 0; k < stores.length; k++) {
        try {
          dbs[k] = ops.openForReading(files[k]);
        } catch (e) {
          throw new StoreError(`store ${stores[k]} (${files[k]}): ${e.message}`, stores[k]);
        }
        let n;
        try {
          n = ops.count(dbs[k]);
        } catch (e) {
          throw new StoreError(`store ${stores[k]} (${files[k]}): ${e.message}`, stores[k]);
        }
        this.checkCount(stores[k], files[k], expected, n);
        progress(k + 1);
        await settle();
      }
      const after = await settledSnapshot();
      return { opened: stores.length, before, after, wallNs: Number(hrtime() - wallStart) };
    } finally {
      for (let k = 0; k < dbs.length; k++) {
        if (dbs[k] !== null) {
          try {
            ops.close(dbs[k]);
          } catch (e) {
            console.error(`closing store ${stores[k]}: ${e.message}`);
          }
        }
      }
    }
  },

  /**
   * Creates store 0, then stores 1, 2, ... as copies of its files (storeCopy: read once the engine has closed it), and
   * keeps every one open (one count each, checked against W) until "max" are open, the machine's available memory
   * falls below memoryMarginKb, the root's free space below diskMarginBytes, or a store fails to be copied, opened or
   * counted (protocol.md "capacity"; the JVM's loop is PhaseLoops.capacity).
   */
  async capacity(req) {
    const ops = this.requireEngine();
    requireGc();
    const root = requireString(req, 'root');
    const workload = requireWorkload(req);
    const expected = workloadOf(workload).notesPerStore;
    const max = req.max;
    if (!Number.isSafeInteger(max) || max < 1) throw new Error('capacity needs "max": the most stores to hold open, >= 1');
    const every = Number.isSafeInteger(req.every) && req.every > 0 ? req.every : 1000;
    const warmOpens = Number.isSafeInteger(req.warmOpens) ? req.warmOpens : 0;
    const memoryMarginKb = Number(req.memoryMarginKb || 0);
    const diskMarginBytes = Number(req.diskMarginBytes || 0);
    const progress = progressTicker('capacity', max);
    const open = [];
    const points = [];
    const result = { opened: 0, stop: null };
    // descriptors kept back for the points: a store may fail because none is left, and reading /proc takes one.
    // They are closed while a point is read, so that no point counts them. Eight, as the JVM's loop keeps
    // (PhaseLoops.Spare): with fewer, the point at the stop sometimes found none free there
    const spare = new Spare();
    const point = async (stores) => {
      spare.close();
      try {
        return await capacityPoint(stores);
      } finally {
        spare.open();
      }
    };
    const wallStart = hrtime();
    try {
      ops.create(this.storeDir(root, 0), this.storeFile(root, 0), buildNotes(workload, 0));
      await settle(); // libsql's connection is released only once its statements are collected
      const template = storeCopy(this.storeDir(root, 0));
      for (let k = 0; k < warmOpens; k++) {
        const db = ops.openForReading(this.storeFile(root, 0));
        const n = ops.count(db);
        ops.close(db);
        this.checkCount(0, this.storeFile(root, 0), expected, n);
        await settle();
      }
      points.push(await point(0));
      for (let i = 0; i < max; i++) {
        if (i % 10 === 0 && procKb(fs.readFileSync('/proc/meminfo', 'utf8'), 'MemAvailable') < memoryMarginKb) {
          result.stop = 'memory';
          break;
        }
        if (i % 100 === 0) {
          const disk = fs.statfsSync(root);
          if (disk.bavail * disk.bsize < diskMarginBytes) {
            result.stop = 'disk';
            break;
          }
        }
        const file = this.storeFile(root, i);
        let during = 'copy';
        let db = null;
        try {
          if (i > 0) template.writeTo(this.storeDir(root, i));
          during = 'open';
          db = ops.openForReading(file);
          during = 'count';
          const n = ops.count(db);
          if (n !== expected) throw new Error(`count mismatch: engine ${this.engineId}, store ${i} (${file}): expected ${expected}, got ${n}`);
          open.push(db);
          db = null; // held: closed with the others
          during = 'hold'; // the harness' own step with it open: a full heap fails wherever the next allocation is
          progress(open.length);
          if (open.length % every === 0 && open.length < max) points.push(await point(open.length));
        } catch (e) {
          if (db !== null) closeQuietly(ops, db);
          Object.assign(result, { stop: 'error', during, store: i, message: e && e.message ? e.message : String(e) });
          break;
        }
      }
      if (result.stop === null) result.stop = 'cap';
      result.opened = open.length;
      result.wallNs = Number(hrtime() - wallStart);
      spare.close();
      if (points[points.length - 1].stores !== open.length) points.push(await capacityPoint(open.length));
      return { ...result, points, limits: limits() };
    } finally {
      spare.close();
      for (const db of open) closeQuietly(ops, db);
    }
  },
};

module.exports = { holdingMethods };

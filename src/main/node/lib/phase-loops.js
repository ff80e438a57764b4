'use strict';
// The trial process' side of the phases (the JVM's is storebench.trial.child.PhaseLoops): one engine for the process'
// life, its loops written once for all engines, each op's file in ops/ calling the method of its name. The visit loop
// and its ops are in visits.js, the loops that hold stores open in holding.js; an op with code of its own (traffic)
// has it in its file in ops/, loaded on its first request.

const fs = require('node:fs');
const path = require('node:path');
const { buildNotes, workloadOf } = require('./workloads');
const { STORE_FILE, sqlStoreOps, ENGINES, describe } = require('./engines');
const { StoreError, progressTicker, requireString, requireWorkload, requireIndexes } = require('./protocol');
const { settle, timerOverhead, requireGc, toNumbers, limits } = require('./measure');
const { visitMethods } = require('./visits');
const { holdingMethods } = require('./holding');

const hrtime = process.hrtime.bigint;

class PhaseLoops {
  constructor() {
    this.engineId = null;
    this.ops = null;
    this.settleAfterClose = false;
  }

  async hello(req) {
    const engine = ENGINES[req.engine];
    if (!engine) {
      throw new Error(`unknown engine ${JSON.stringify(req.engine)}; valid engines: ${Object.keys(ENGINES).join(', ')}`);
    }
    if (this.engineId !== null && this.engineId !== req.engine) {
      throw new Error(`this trial process serves engine ${this.engineId}, not ${req.engine}`);
    }
    requireGc();
    let Database;
    try {
      Database = await engine.load();
    } catch (e) {
      // a binding whose native part cannot load here: the trial is skipped with the loader's reason
      const error = new Error(`the engine cannot load on this machine: ${e.message}`);
      error.unavailable = true;
      throw error;
    }
    const info = describe(engine, Database);
    // the tuned setting: read-only opens where a phase only reads, for a binding that has them
    const readonly = req.setting === 'tuned' && engine.readonlyOpen === true;
    if (req.setting === 'tuned') {
      info.setting = readonly ? 'tuned: { readonly: true } where a phase only reads'
        : 'tuned: nothing to tune (the binding opens no store read-only)';
    }
    this.engineId = req.engine;
    this.ops = sqlStoreOps(Database, { readonly });
    this.settleAfterClose = engine.settleAfterClose === true;
    return {
      engine: req.engine, pid: process.pid, runtime: `Node.js ${process.version}`, info, timer: timerOverhead(1000000),
      limits: limits(),
    };
  }

  requireEngine() {
    if (this.ops === null) throw new Error('no engine loaded: send hello first');
    return this.ops;
  }

  storeDir(root, i) {
    return path.join(root, `store-${i}`);
  }

  storeFile(root, i) {
    return path.join(root, `store-${i}`, STORE_FILE);
  }

  /** Paths of the stores, built before a loop; stores that must exist are checked here, untimed. */
  storeFiles(root, list, mustExist) {
    const files = new Array(list.length);
    for (let k = 0; k < list.length; k++) {
      files[k] = this.storeFile(root, list[k]);
      if (mustExist && !fs.existsSync(files[k])) throw new StoreError(`store ${list[k]} does not exist: ${files[k]}`, list[k]);
    }
    return files;
  }

  checkCount(i, file, expected, got) {
    if (got !== expected) {
      throw new StoreError(`count mismatch: engine ${this.engineId}, store ${i} (${file}): expected ${expected}, got ${got}`, i);
    }
  }

  async create(req) {
    const ops = this.requireEngine();
    const root = requireString(req, 'root');
    const workload = requireWorkload(req);
    const stores = requireIndexes(req, 'stores');
    const samples = new BigInt64Array(stores.length);
    const progress = progressTicker('create', stores.length);
    const startMs = Date.now();
    const wallStart = hrtime();
    for (let k = 0; k < stores.length; k++) {
      const i = stores[k];
      const notes = buildNotes(workload, i);
      const dir = this.storeDir(root, i);
      const file = this.storeFile(root, i);
      let t0;
      let t1;
      try {
        t0 = hrtime();
        ops.create(dir, file, notes);
        t1 = hrtime();
      } catch (e) {
        throw new StoreError(`create store ${i} (${file}): ${e.message}`, i);
      }
      samples[k] = t1 - t0;
      progress(k + 1);
      await settle();
    }
    const wallNs = Number(hrtime() - wallStart);
    return { samples: { create: toNumbers(samples) }, startMs, wallNs };
  }

  /** Like create, with each step timed on its own: t0 createOpen t1 buildNotes t2 put t3 close t4. */
  async createprofile(req) {
    const ops = this.requireEngine();
    const root = requireString(req, 'root');
    const workload = requireWorkload(req);
    const stores = requireIndexes(req, 'stores');
    const n = stores.length;
    const open = new BigInt64Array(n);
    const build = new BigInt64Array(n);
    const put = new BigInt64Array(n);
    const close = new BigInt64Array(n);
    const total = new BigInt64Array(n);
    const progress = progressTicker('createprofile', n);
    const wallStart = hrtime();
    for (let k = 0; k < n; k++) {
      const i = stores[k];
      const dir = this.storeDir(root, i);
      const file = this.storeFile(root, i);
      let t0;
      let t1;
      let t2;
      let t3;
      let t4;
      try {
        t0 = hrtime();
        const db = ops.createOpen(dir, file);
        t1 = hrtime();
        const notes = buildNotes(workload, i);
        t2 = hrtime();
        ops.put(db, notes);
        t3 = hrtime();
        ops.close(db);
        t4 = hrtime();
      } catch (e) {
        throw new StoreError(`create store ${i} (${file}): ${e.message}`, i);
      }
      open[k] = t1 - t0;
      build[k] = t2 - t1;
      put[k] = t3 - t2;
      close[k] = t4 - t3;
      total[k] = t4 - t0;
      progress(k + 1);
      await settle();
    }
    const wallNs = Number(hrtime() - wallStart);
    return {
      samples: { open: toNumbers(open), build: toNumbers(build), put: toNumbers(put), close: toNumbers(close), total: toNumbers(total) },
      wallNs,
    };
  }

  /** How one store lies on disk, as the engine tells it (page counts, ts's storage class): the report's caveats. */
  async layout(req) {
    const ops = this.requireEngine();
    const root = requireString(req, 'root');
    const i = requireIndexes({ op: req.op, stores: [req.store] }, 'stores')[0];
    const file = this.storeFiles(root, [i], true)[0];
    const db = ops.open(file);
    try {
      return { store: i, layout: ops.layout(db) };
    } finally {
      ops.close(db);
    }
  }

  /** Notes j of one store as the engine reads them back (id, text, ts): tests compare them with the fixture. */
  async notes(req) {
    const ops = this.requireEngine();
    const root = requireString(req, 'root');
    const i = requireIndexes({ op: req.op, stores: [req.store] }, 'stores')[0];
    const js = requireIndexes(req, 'js');
    const file = this.storeFiles(root, [i], true)[0];
    const db = ops.open(file);
    try {
      const all = ops.readAll(db);
      return { store: i, notes: js.map((j) => ({ j, id: Number(all[j].id), text: all[j].text, ts: Number(all[j].ts) })) };
    } finally {
      ops.close(db);
    }
  }

  async check(req) {
    const ops = this.requireEngine();
    const root = requireString(req, 'root');
    const expected = workloadOf(requireWorkload(req)).notesPerStore;
    const stores = requireIndexes(req, 'stores');
    const files = this.storeFiles(root, stores, false);
    const progress = progressTicker('check', stores.length);
    const valid = [];
    for (let k = 0; k < stores.length; k++) {
      if (fs.existsSync(files[k])) {
        try {
          const db = ops.open(files[k]);
          try {
            if (ops.count(db) === expected) valid.push(stores[k]);
          } finally {
            ops.close(db);
          }
        } catch (e) {
          console.error(`check: store ${stores[k]} (${files[k]}) is not valid: ${e.message}`);
        }
      }
      progress(k + 1);
      await settle();
    }
    return { valid };
  }
}

Object.assign(PhaseLoops.prototype, visitMethods, holdingMethods);

module.exports = { PhaseLoops };

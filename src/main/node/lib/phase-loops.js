'use strict';
// The trial process' state across its ops (the JVM's is storebench.trial.child.PhaseLoops): one engine for the
// process' life (hello loads it), where a store lives, and the checks of what a store answered. Each op's code is its
// file in ops/, loaded on its first request; the one visit loop is in visits.js.

const fs = require('node:fs');
const path = require('node:path');
const { workloadOf, expectedSums } = require('./workloads');
const { STORE_FILE, sqlStoreOps, ENGINES, describe } = require('./engines');
const { StoreError } = require('./protocol');
const { timerOverhead, requireGc, limits } = require('./measure');

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
  }

  /** Expected sums per visit of the order, worked out before a loop so the loop does nothing more. */
  expectations(workload, order) {
    const byStore = new Map();
    const count = workloadOf(workload).notesPerStore;
    return order.map((i) => {
      if (!byStore.has(i)) byStore.set(i, { count, ...expectedSums(workload, i) });
      return byStore.get(i);
    });
  }
}

module.exports = { PhaseLoops };

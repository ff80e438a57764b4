'use strict';
// The hold op (docs/protocol.md "hold"; the memory phase): the stores of the request opened and counted one by one and
// held open, the worker's memory read, settled, before the first and after the last.

const { workloadOf } = require('../workloads');
const { StoreError, progressTicker, requireString, requireWorkload, requireIndexes } = require('../protocol');
const { settle, settledSnapshot, requireGc } = require('../measure');

const hrtime = process.hrtime.bigint;

async function hold(loops, req) {
  const ops = loops.requireEngine();
  requireGc();
  const root = requireString(req, 'root');
  const expected = workloadOf(requireWorkload(req)).notesPerStore;
  const stores = requireIndexes(req, 'stores');
  if (stores.length === 0) throw new Error('hold needs at least one store');
  const files = loops.storeFiles(root, stores, true);
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
      loops.checkCount(stores[k], files[k], expected, n);
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
}

module.exports = hold;

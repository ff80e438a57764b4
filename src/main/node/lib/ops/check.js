'use strict';
// The check op (docs/protocol.md "check"): which kept stores still open and count W (bench.reuse).

const fs = require('node:fs');
const { workloadOf } = require('../workloads');
const { progressTicker, requireString, requireWorkload, requireIndexes } = require('../protocol');
const { settle } = require('../measure');

/** The stores of the request that exist, open and count the workload's notes; the others are said on stderr. */
async function check(loops, req) {
  const ops = loops.requireEngine();
  const root = requireString(req, 'root');
  const expected = workloadOf(requireWorkload(req)).notesPerStore;
  const stores = requireIndexes(req, 'stores');
  const files = loops.storeFiles(root, stores, false);
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

module.exports = check;

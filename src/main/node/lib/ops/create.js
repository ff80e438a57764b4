'use strict';
// The create op (docs/protocol.md "create"; the JVM's is storebench.trial.child.ChildOps.create): each store of the
// request created, filled with its notes in one transaction and closed, timed as one span.

const { buildNotes } = require('../workloads');
const { StoreError, progressTicker, requireString, requireWorkload, requireIndexes } = require('../protocol');
const { settle, toNumbers } = require('../measure');

const hrtime = process.hrtime.bigint;

async function create(loops, req) {
  const ops = loops.requireEngine();
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
    const dir = loops.storeDir(root, i);
    const file = loops.storeFile(root, i);
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

module.exports = create;

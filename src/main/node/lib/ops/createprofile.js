'use strict';
// The createprofile op (docs/protocol.md "createprofile"): create, each of its steps timed on its own.

const { buildNotes } = require('../workloads');
const { StoreError, progressTicker, requireString, requireWorkload, requireIndexes } = require('../protocol');
const { settle, toNumbers } = require('../measure');

const hrtime = process.hrtime.bigint;

/** Like create, with each step timed on its own: t0 createOpen t1 buildNotes t2 put t3 close t4. */
async function createprofile(loops, req) {
  const ops = loops.requireEngine();
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
    const dir = loops.storeDir(root, i);
    const file = loops.storeFile(root, i);
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

module.exports = createprofile;

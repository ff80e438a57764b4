'use strict';
// The one visit loop of the Node worker, with the queries a visit asks: the ops visits and concurrent (lib/ops) and
// the warm-ups visit stores with it.

const { workloadOf } = require('./workloads');
const { StoreError } = require('./protocol');
const { settle } = require('./measure');

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

/**
 * The one visit loop of the Node worker (the JVM's is PhaseLoops.visits, protocol.md "visits"): the warm-up, the
 * open runs, the read runs and a concurrent run's worker visit stores with it. For each store of the order: t0 open
 * t1 the query (count, or read every note) t2 close t3; then a minor GC and one event-loop turn, t4 (settle(): what
 * closing really costs where a binding releases the connection only when its statements are finalized, libsql, as its
 * own span closefin = t4 - t2, never in the others); the answer is checked after. Between two stores nothing but the
 * loop.
 */
async function visitLoop(loops, files, order, asking, s, progress) {
  const ops = loops.ops;
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
}

module.exports = { visitSamples, queryOf, visitLoop };

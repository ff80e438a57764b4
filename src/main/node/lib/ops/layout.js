'use strict';
// The layout op (docs/protocol.md "layout").

const { requireString, requireIndexes } = require('../protocol');

/** How one store lies on disk, as the engine tells it (page counts, ts's storage class): the report's caveats. */
async function layout(loops, req) {
  const ops = loops.requireEngine();
  const root = requireString(req, 'root');
  const i = requireIndexes({ op: req.op, stores: [req.store] }, 'stores')[0];
  const file = loops.storeFiles(root, [i], true)[0];
  const db = ops.open(file);
  try {
    return { store: i, layout: ops.layout(db) };
  } finally {
    ops.close(db);
  }
}

module.exports = layout;

'use strict';
// The notes op (docs/protocol.md "notes").

const { requireString, requireIndexes } = require('../protocol');

/** Notes j of one store as the engine reads them back (id, text, ts): tests compare them with the fixture. */
async function notes(loops, req) {
  const ops = loops.requireEngine();
  const root = requireString(req, 'root');
  const i = requireIndexes({ op: req.op, stores: [req.store] }, 'stores')[0];
  const js = requireIndexes(req, 'js');
  const file = loops.storeFiles(root, [i], true)[0];
  const db = ops.open(file);
  try {
    const all = ops.readAll(db);
    return { store: i, notes: js.map((j) => ({ j, id: Number(all[j].id), text: all[j].text, ts: Number(all[j].ts) })) };
  } finally {
    ops.close(db);
  }
}

module.exports = notes;

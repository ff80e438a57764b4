'use strict';
// storebench trial process for the Node engines (turso, libsql, sqlite-node).
// Speaks the line protocol of docs/protocol.md on stdin/stdout; start it with `node --expose-gc worker.js`.
// Its modules (lib/) follow the JVM side's packages: workloads, engines, protocol, measure, yardstick, the visit loop
// (visits), store-copy, and phase-loops, which answers hello and holds the engine; every other op is a file of lib/ops
// named after it, with its code, found there (no list to register it in).

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { LOREM, BASE_TS, WORKLOADS, noteText, noteTs, buildNotes } = require('./lib/workloads');
const { ENGINES } = require('./lib/engines');
const { send, StoreError } = require('./lib/protocol');
const { limits, capacityPoint } = require('./lib/measure');
const { YARD_BLOCK } = require('./lib/yardstick');
const { storeCopy } = require('./lib/store-copy');
const { PhaseLoops } = require('./lib/phase-loops');

const OPS_DIR = path.join(__dirname, 'lib', 'ops');
/** The ops: the protocol's own (hello, exit) around lib/ops' files, each exporting its handler (loops, req) => answer. */
const OPS = ['hello', ...fs.readdirSync(OPS_DIR).filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3)).sort(), 'exit'];
const handlers = new Map();

/**
 * An op's handler, its module required on the op's first request: a worker never holds the code of an op it was not
 * sent (traffic's) in its heap, so the memory phase's baseline does not grow with the ops other phases send.
 */
function handlerOf(op) {
  let handler = handlers.get(op);
  if (handler === undefined) {
    handler = require(path.join(OPS_DIR, `${op}.js`));
    handlers.set(op, handler);
  }
  return handler;
}

async function handle(loops, line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    send({ type: 'error', op: null, message: `request is not JSON: ${e.message}` });
    return true;
  }
  if (req === null || typeof req !== 'object' || Array.isArray(req)) {
    send({ type: 'error', op: null, message: 'request is not a JSON object' });
    return true;
  }
  const op = req.op;
  if (!OPS.includes(op)) {
    send({ type: 'error', op: op === undefined ? null : op, message: `unknown op ${JSON.stringify(op)}; valid ops: ${OPS.join(', ')}` });
    return true;
  }
  if (op === 'exit') {
    send({ type: 'result', op });
    return false;
  }
  try {
    const result = op === 'hello' ? await loops.hello(req) : await handlerOf(op)(loops, req);
    send({ type: 'result', op, ...result });
  } catch (e) {
    const error = { type: 'error', op, message: e && e.message ? e.message : String(e) };
    if (e instanceof StoreError && e.store !== undefined) error.store = e.store;
    if (e && e.unavailable) error.unavailable = true;
    send(error);
  }
  return true;
}

/**
 * A trial process must not outlive the suite: once the parent is gone (re-parented), exit. The check runs on the
 * event loop, which the phase loops give a turn between stores.
 */
function exitWhenOrphaned() {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) {
      console.error('trial process: the suite (parent process) is gone; exiting');
      process.exit(3);
    }
  }, 1000).unref();
}

async function main() {
  exitWhenOrphaned();
  const loops = new PhaseLoops();
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    if (!(await handle(loops, line))) break;
  }
  lines.close();
  process.exit(0);
}

module.exports = { LOREM, BASE_TS, WORKLOADS, noteText, noteTs, buildNotes, ENGINES, limits, capacityPoint, storeCopy, PhaseLoops, YARD_BLOCK, OPS, handlerOf };

if (require.main === module) {
  main().catch((e) => {
    console.error(e && e.stack ? e.stack : e);
    process.exit(1);
  });
}

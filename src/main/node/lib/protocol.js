'use strict';
// The protocol's lines (docs/protocol.md; the JVM's side is storebench.trial.Protocol). Only protocol lines go to
// stdout; console output of any library goes to stderr.

const { workloadOf } = require('./workloads');

const hrtime = process.hrtime.bigint;

const protocolOut = process.stdout;
console.log = console.error;
console.info = console.error;
console.debug = console.error;

function send(obj) {
  protocolOut.write(JSON.stringify(obj) + '\n');
}

class StoreError extends Error {
  constructor(message, store) {
    super(message);
    this.store = store;
  }
}

const PROGRESS_EVERY_NS = 2000000000n;

/** Sends a progress line at most every 2 s; called only between stores. */
function progressTicker(op, total) {
  let last = hrtime();
  return (done) => {
    const now = hrtime();
    if (now - last >= PROGRESS_EVERY_NS) {
      last = now;
      send({ type: 'progress', op, done, total });
    }
  };
}

function requireString(req, field) {
  if (typeof req[field] !== 'string' || req[field] === '') throw new Error(`${req.op} needs a string "${field}"`);
  return req[field];
}

function requireWorkload(req) {
  workloadOf(req.workload);
  return req.workload;
}

function requireIndexes(req, field) {
  const list = req[field];
  if (!Array.isArray(list) || !list.every((i) => Number.isSafeInteger(i) && i >= 0)) {
    throw new Error(`${req.op} needs "${field}": an array of store indexes (integers >= 0)`);
  }
  return list;
}

module.exports = { send, StoreError, progressTicker, requireString, requireWorkload, requireIndexes };

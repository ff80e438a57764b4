'use strict';
// The capacity op (docs/protocol.md "capacity"; the JVM's loop is storebench.trial.child.CapacityLoop): how many stores
// one worker holds open at once, and what each costs the process on the way.

const fs = require('node:fs');
const { workloadOf, buildNotes } = require('../workloads');
const { progressTicker, requireString, requireWorkload } = require('../protocol');
const { settle, requireGc, procKb, capacityPoint, limits, MEMINFO } = require('../measure');
const { storeCopy } = require('../store-copy');

const hrtime = process.hrtime.bigint;

/** Descriptors kept back for the points, as the JVM's loop keeps (CapacityLoop's spare): eight. */
const SPARE_KEPT = 8;

/**
 * Descriptors held open on /dev/null, closed all at once to give a /proc reading room: a store may fail because none
 * is left, and reading /proc takes one. With fewer than eight, the point at the stop sometimes found none free there.
 */
class Spare {
  constructor() {
    this.fds = [];
    this.open();
  }

  open() {
    while (this.fds.length < SPARE_KEPT) this.fds.push(fs.openSync('/dev/null', 'r'));
  }

  close() {
    for (const fd of this.fds.splice(0)) fs.closeSync(fd);
  }
}

function closeQuietly(ops, db) {
  try {
    ops.close(db);
  } catch (e) {
    console.error(`capacity: closing a store failed: ${e.message}`);
  }
}

/** The request's bounds: the most stores, a point every so many, warm opens, the memory and disk margins. */
function boundsOf(req) {
  const max = req.max;
  if (!Number.isSafeInteger(max) || max < 1) throw new Error('capacity needs "max": the most stores to hold open, >= 1');
  return {
    max,
    every: Number.isSafeInteger(req.every) && req.every > 0 ? req.every : 1000,
    warmOpens: Number.isSafeInteger(req.warmOpens) ? req.warmOpens : 0,
    memoryMarginKb: Number(req.memoryMarginKb || 0),
    diskMarginBytes: Number(req.diskMarginBytes || 0),
  };
}

/** Creates store 0, reads its files once the engine has closed it, and opens and counts it warmOpens times. */
async function template(loops, ops, root, workload, expected, warmOpens) {
  ops.create(loops.storeDir(root, 0), loops.storeFile(root, 0), buildNotes(workload, 0));
  await settle(); // libsql's connection is released only once its statements are collected
  const copy = storeCopy(loops.storeDir(root, 0));
  for (let k = 0; k < warmOpens; k++) {
    const db = ops.openForReading(loops.storeFile(root, 0));
    const n = ops.count(db);
    ops.close(db);
    loops.checkCount(0, loops.storeFile(root, 0), expected, n);
    await settle();
  }
  return copy;
}

/** What of the machine stops the loop before store i ('memory', 'disk'), or null: memory every 10, disk every 100. */
function machineStop(i, root, bounds) {
  if (i % 10 === 0 && procKb(fs.readFileSync(MEMINFO, 'utf8'), 'MemAvailable') < bounds.memoryMarginKb) {
    return 'memory';
  }
  if (i % 100 === 0) {
    const disk = fs.statfsSync(root);
    if (disk.bavail * disk.bsize < bounds.diskMarginBytes) return 'disk';
  }
  return null;
}

/**
 * Store i as a copy of the template (store 0 is the template's own), opened and counted: the open store; a failure
 * carries the step it struck in (copy, open, count).
 */
function openCopy(loops, ops, copy, root, i, expected, step) {
  const file = loops.storeFile(root, i);
  let db = null;
  try {
    step.during = 'copy';
    if (i > 0) copy.writeTo(loops.storeDir(root, i));
    step.during = 'open';
    db = ops.openForReading(file);
    step.during = 'count';
    const n = ops.count(db);
    if (n !== expected) throw new Error(`count mismatch: engine ${loops.engineId}, store ${i} (${file}): expected ${expected}, got ${n}`);
    return db;
  } catch (e) {
    if (db !== null) closeQuietly(ops, db);
    throw e;
  }
}

/**
 * Creates store 0, then stores 1, 2, ... as copies of its files (storeCopy: read once the engine has closed it), and
 * keeps every one open (one count each, checked against W) until "max" are open, the machine's available memory
 * falls below memoryMarginKb, the root's free space below diskMarginBytes, or a store fails to be copied, opened or
 * counted (protocol.md "capacity"; the JVM's loop is CapacityLoop).
 */
async function capacity(loops, req) {
  const ops = loops.requireEngine();
  requireGc();
  const root = requireString(req, 'root');
  const workload = requireWorkload(req);
  const expected = workloadOf(workload).notesPerStore;
  const bounds = boundsOf(req);
  const progress = progressTicker('capacity', bounds.max);
  const open = [];
  const points = [];
  const result = { opened: 0, stop: null };
  // the spare descriptors are closed while a point is read, so that no point counts them
  const spare = new Spare();
  const point = async (stores) => {
    spare.close();
    try {
      return await capacityPoint(stores);
    } finally {
      spare.open();
    }
  };
  const wallStart = hrtime();
  try {
    const copy = await template(loops, ops, root, workload, expected, bounds.warmOpens);
    points.push(await point(0));
    for (let i = 0; i < bounds.max; i++) {
      result.stop = machineStop(i, root, bounds);
      if (result.stop !== null) break;
      const step = { during: 'copy' };
      try {
        open.push(openCopy(loops, ops, copy, root, i, expected, step)); // held: closed with the others
        step.during = 'hold'; // the harness' own step with it open: a full heap fails wherever the next allocation is
        progress(open.length);
        if (open.length % bounds.every === 0 && open.length < bounds.max) points.push(await point(open.length));
      } catch (e) {
        Object.assign(result, { stop: 'error', during: step.during, store: i, message: e && e.message ? e.message : String(e) });
        break;
      }
    }
    if (result.stop === null) result.stop = 'cap';
    result.opened = open.length;
    result.wallNs = Number(hrtime() - wallStart);
    spare.close();
    if (points[points.length - 1].stores !== open.length) points.push(await capacityPoint(open.length));
    return { ...result, points, limits: limits() };
  } finally {
    spare.close();
    for (const db of open) closeQuietly(ops, db);
  }
}

module.exports = capacity;

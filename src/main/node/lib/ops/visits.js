'use strict';
// The visits op (docs/protocol.md "visits"): the warm-up, the open runs, the read and cold runs send it.

const { requireString, requireWorkload, requireIndexes, progressTicker } = require('../protocol');
const { settleThreads, toNumbers, deviceReadBytes, counters, countersSince } = require('../measure');
const { YARD_BLOCK, yardBlock } = require('../yardstick');
const { visitSamples, queryOf, visitLoop } = require('../visits');

const hrtime = process.hrtime.bigint;

/**
 * One run of visits over the request's order (protocol.md "visits"; the JVM's is PhaseLoops.visits) through the one
 * visit loop (lib/visits.js), the machine's counters and the device's read bytes around it. With "yard", a block of
 * yardsticks right before the first store and right after the last.
 */
async function visits(loops, req) {
  loops.requireEngine();
  const root = requireString(req, 'root');
  const workload = requireWorkload(req);
  const order = requireIndexes(req, 'order');
  const query = queryOf(req.query === undefined ? 'count' : req.query);
  const files = loops.storeFiles(root, order, true);
  const s = visitSamples(order.length);
  const yard = req.yard === true ? new BigInt64Array(2 * YARD_BLOCK) : null;
  if (yard !== null) yardBlock(yard, 0);
  const settled = req.settle === true ? await settleThreads() : {}; // after the yardstick's block: it sets off work too
  const read0 = deviceReadBytes();
  const counters0 = counters();
  const startMs = Date.now();
  const wallStart = hrtime();
  await visitLoop(loops, files, order, query.asking(loops, workload, order), s, progressTicker('visits', order.length));
  const wallNs = Number(hrtime() - wallStart);
  const used = countersSince(counters0);
  const read1 = deviceReadBytes();
  if (yard !== null) yardBlock(yard, YARD_BLOCK);
  const samples = {
    open: toNumbers(s.open), [query.id]: toNumbers(s.asked), close: toNumbers(s.close), [query.total]: toNumbers(s.total),
    closefin: toNumbers(s.closefin),
  };
  if (yard !== null) samples.yard = toNumbers(yard);
  const readBytes = read0 < 0 || read1 < 0 ? -1 : read1 - read0;
  return { run: req.run, samples, startMs, wallNs, readBytes, counters: used, ...settled };
}

module.exports = visits;

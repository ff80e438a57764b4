'use strict';
// The concurrent op (docs/protocol.md "concurrent"): one worker process of a concurrent run.

const { requireString, requireWorkload, requireIndexes, progressTicker } = require('../protocol');
const { toNumbers, counters, countersSince } = require('../measure');
const { visitSamples, queryOf, visitLoop } = require('../visits');

/**
 * One worker of a concurrent run (protocol.md "concurrent"): a Node database call is synchronous, so a Node worker is
 * a process and takes one share. It spins until the wall clock reaches startAtMs, so that the workers (processes)
 * start together, then times open, count, close as one span per store, the count checked after the span.
 */
async function concurrent(loops, req) {
  loops.requireEngine();
  const root = requireString(req, 'root');
  const workload = requireWorkload(req);
  if (!Array.isArray(req.shares) || req.shares.length !== 1) {
    throw new Error('concurrent needs "shares": exactly one array of stores (a Node worker process is one worker)');
  }
  const share = requireIndexes({ op: req.op, share: req.shares[0] }, 'share');
  const startAtMs = Number(req.startAtMs || 0);
  const files = loops.storeFiles(root, share, true);
  const s = visitSamples(share.length);
  const asking = queryOf('count').asking(loops, workload, share);
  const progress = progressTicker('concurrent', share.length);
  const epochUs = () => Math.round((performance.timeOrigin + performance.now()) * 1000);
  while (Date.now() < startAtMs) {
    // spin: a timer's wake-up would add milliseconds of skew between the workers
  }
  const startUs = epochUs();
  const counters0 = counters(); // after the spin (its CPU time is no visit's) and the start, as the JVM's
  await visitLoop(loops, files, share, asking, s, progress);
  const used = countersSince(counters0);
  const endUs = epochUs();
  return { workers: [{ oqc: toNumbers(s.total), startUs, endUs, counters: used }], wallNs: (endUs - startUs) * 1000 };
}

module.exports = concurrent;

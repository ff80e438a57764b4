'use strict';
// The traffic loops of the Node worker (the JVM's are storebench.trial.child.traffic.OpenLoop): the open loop serves
// request k at start + k / rate whether or not request k - 1 is done and measures it from that due time (wrk2's and
// YCSB's intended start time), so a stall counts in every request it delayed; the closed loop serves requests back to
// back, to measure what the engine can serve.

const hdr = require('hdr-histogram-js');

const hrtime = process.hrtime.bigint;

/** What a request met, as both trial processes report it (storebench.measure.TrafficHistograms' codes). */
const KIND = { READ_HIT: 0, READ_MISS: 1, WRITE_HIT: 2, WRITE_MISS: 3 };

/** A timer wakes a millisecond late or more: the last SPIN_NS before a due time are spun. */
const SPIN_NS = 2_000_000n;

/** process.hrtime.bigint; waits on a timer while the due time is far, spinning for the last SPIN_NS. */
const systemClock = {
  now: hrtime,
  async waitUntil(deadline) {
    for (let gap = deadline - hrtime(); gap > 0n; gap = deadline - hrtime()) {
      if (gap > SPIN_NS) await new Promise((resolve) => setTimeout(resolve, Number((gap - SPIN_NS) / 1_000_000n)));
    }
  },
};

/** When request k is due, in ns after the loop's start, at ratePerS requests per second (as OpenLoop.dueOffsetNs). */
function dueOffsetNs(k, ratePerS) {
  return BigInt(Math.round((k * 1e9) / ratePerS));
}

/** An HdrHistogram of nanoseconds at 3 significant digits (storebench.measure.Latency's), resizing as values come. */
function histogram() {
  return hdr.build({ bitBucketSize: 64, numberOfSignificantValueDigits: 3, autoResize: true, useWebAssembly: false });
}

/**
 * What a loop measured (storebench.trial.child.traffic.TrafficSamples' twin): per request kind a histogram of its
 * latency and one of its service time, so their size does not grow with the requests; how late the loop woke for the
 * requests it waited for; the time the worker was busy with requests (their service times, plus the after step where a
 * binding needs one: the worker serves nothing else meanwhile). With keepEach (the closed step, whose rate is taken over
 * its second half, and the tests) each request's figures are also kept in request order, with when its turn ended.
 */
function trafficSamples(keepEach = 0) {
  return {
    latency: [histogram(), histogram(), histogram(), histogram()],
    service: [histogram(), histogram(), histogram(), histogram()],
    wakeLateness: histogram(),
    kinds: new Uint8Array(keepEach),
    latencyNs: new Float64Array(keepEach),
    serviceNs: new Float64Array(keepEach),
    endNs: new Float64Array(keepEach),
    served: 0,
    busyNs: 0,
    afterNs: 0,
    askedPerS: NaN,
    startMs: Date.now(),
    wallNs: 0,
  };
}

/** Request k's figures, after its timed span. */
function record(s, k, kind, latency, service) {
  if (!(kind >= 0 && kind < 4)) throw new Error(`unknown request kind ${kind}`);
  s.latency[kind].recordValue(latency);
  s.service[kind].recordValue(service);
  s.busyNs += service;
  if (k < s.kinds.length) {
    s.kinds[k] = kind;
    s.latencyNs[k] = latency;
    s.serviceNs[k] = service;
  }
  s.served = k + 1;
}

/** Request k's after step (what the worker does between requests), timed into the loop's busy time. */
async function after(clock, s, request, k) {
  const t0 = clock.now();
  await request.after(k);
  const ns = Number(clock.now() - t0);
  s.afterNs += ns;
  s.busyNs += ns;
}

/**
 * Serves `requests` requests at ratePerS per second, each measured from its due time. A request is
 * { prepare(k)?, serve(k) -> KIND code, check(k)?, after(k)? }: prepare before its due time (what to write is built
 * there), serve timed, check after its end, and after (async, optional) last: what the worker does between requests
 * (settle() where a binding needs a GC to really close a store), counted in the latency of the requests it delays.
 */
async function openLoop(clock, request, requests, ratePerS, s = trafficSamples(), progress = () => {}) {
  if (!(ratePerS > 0) || !Number.isFinite(ratePerS)) {
    throw new Error(`an open loop needs a positive, finite rate, not ${ratePerS}`);
  }
  s.askedPerS = ratePerS;
  s.startMs = Date.now();
  const start = clock.now();
  for (let k = 0; k < requests; k++) {
    if (request.prepare) request.prepare(k);
    const due = start + dueOffsetNs(k, ratePerS);
    const waits = clock.now() < due;
    if (waits) await clock.waitUntil(due);
    const t0 = clock.now();
    const kind = request.serve(k);
    const t1 = clock.now();
    if (waits) s.wakeLateness.recordValue(Number(t0 - due));
    record(s, k, kind, Number(t1 - due), Number(t1 - t0));
    if (request.check) request.check(k);
    if (request.after) await after(clock, s, request, k);
    progress(k + 1);
  }
  s.wallNs = Number(clock.now() - start);
  return s;
}

/**
 * Serves up to `requests` requests back to back until budgetNs (a BigInt) has passed since request.filled() first held
 * (from the start where the request has no filled()), or, where it never does, UNFILLED_BUDGETS budgets; latency =
 * service time (OpenLoop.closed). Keeps each request's figures and when its turn (after step included) ended, and in
 * filledAt the requests served before filled() held (0: from the start, -1: never): the second half of what it served
 * after that is the open loop's base.
 */
async function closedLoop(clock, request, requests, budgetNs, progress = () => {}) {
  const filled = () => !request.filled || request.filled();
  const s = trafficSamples(requests);
  const start = clock.now();
  let t1 = start;
  let from = filled() ? start : -1n;
  s.filledAt = from === start ? 0 : -1;
  for (let k = 0; k < requests && (s.filledAt >= 0 ? t1 - from < budgetNs : t1 - start < UNFILLED_BUDGETS * budgetNs);
    k++) {
    if (request.prepare) request.prepare(k);
    const t0 = clock.now();
    const kind = request.serve(k);
    t1 = clock.now();
    record(s, k, kind, Number(t1 - t0), Number(t1 - t0));
    if (request.check) request.check(k);
    if (request.after) await after(clock, s, request, k);
    t1 = clock.now();
    s.endNs[k] = Number(t1 - start);
    if (s.filledAt < 0 && filled()) {
      from = t1;
      s.filledAt = k + 1;
    }
    progress(k + 1);
  }
  s.wallNs = Number(t1 - start);
  return s;
}

/** A closed step whose cache never fills ends after this many budgets (OpenLoop.UNFILLED_BUDGETS). */
const UNFILLED_BUDGETS = 10n;

/** The requests served per second of a loop's wall time. */
function reachedPerS(s) {
  return s.wallNs <= 0 ? NaN : (s.served * 1e9) / s.wallNs;
}

/** The utilization a loop ran at: its busy time (service times, after steps) over its wall time. */
function utilization(s) {
  return s.wallNs <= 0 ? NaN : s.busyNs / s.wallNs;
}

/** A pause's start and length are set against the requests with a millisecond's slack each side (PauseMarks.SLACK_NS). */
const PAUSE_SLACK_NS = 1_000_000;

/**
 * An open loop's requests (s kept each one's kind and latency) at ratePerS set against the runtime's pauses ({ startMs,
 * durationMs } after the loop's start, in order): a request whose wait, due time to end, overlapped a pause (widened by
 * PAUSE_SLACK_NS) is counted as touched; the others' latencies make histograms by kind (storebench's PauseMarks).
 */
function markPauses(s, ratePerS, pauses) {
  // apart from the pauses: the requests no write held back (none served since the loop was last idle: PauseMarks)
  const clearOfWrites = [histogram(), histogram(), histogram(), histogram()];
  let lastEnd = -Infinity;
  let writeInStretch = false;
  if (s.served > s.latencyNs.length) throw new Error(`the loop kept ${s.latencyNs.length} requests' latencies of ${s.served}`);
  const from = pauses.map((p) => p.startMs * 1e6 - PAUSE_SLACK_NS);
  const to = pauses.map((p) => (p.startMs + p.durationMs) * 1e6 + PAUSE_SLACK_NS);
  const untouched = [histogram(), histogram(), histogram(), histogram()];
  let touched = 0;
  let first = 0;
  for (let k = 0; k < s.served; k++) {
    const due = Number(dueOffsetNs(k, ratePerS));
    const end = due + s.latencyNs[k];
    while (first < pauses.length && to[first] < due) first++;
    let hit = false;
    for (let j = first; j < pauses.length && from[j] <= end; j++) {
      if (to[j] >= due) { hit = true; break; }
    }
    if (hit) touched++;
    else untouched[s.kinds[k]].recordValue(s.latencyNs[k]);
    if (lastEnd <= due) writeInStretch = false;
    if (!writeInStretch) clearOfWrites[s.kinds[k]].recordValue(s.latencyNs[k]);
    if (s.kinds[k] === KIND.WRITE_HIT || s.kinds[k] === KIND.WRITE_MISS) writeInStretch = true;
    lastEnd = end;
  }
  return { untouched, touched, clearOfWrites };
}

/** A histogram in HdrHistogram's compressed encoding, base64: what the JVM's TrafficHistograms.decode reads. */
function encode(h) {
  return hdr.encodeIntoCompressedBase64(h);
}

module.exports = {
  KIND, SPIN_NS, systemClock, dueOffsetNs, openLoop, closedLoop, reachedPerS, utilization, trafficSamples, encode,
  markPauses,
};

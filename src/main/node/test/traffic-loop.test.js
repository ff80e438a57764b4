'use strict';
// The Node worker's traffic loops: the open loop measures from the due time, so one stall shows in every request it
// delayed, where a closed-loop timer sees one. On a fake clock the figures are exact (no flakiness on a loaded
// machine); one run on the system clock checks what a load can only make larger.

const test = require('node:test');
const assert = require('node:assert/strict');
const {
  KIND, openLoop, closedLoop, systemClock, dueOffsetNs, reachedPerS, utilization, trafficSamples, markPauses,
} = require('../lib/traffic-loop');

const MS = 1_000_000n;
const US = 1_000n;

/** Time passes only when the engine works or the loop waits. */
function fakeClock() {
  const clock = {
    t: 5000n * MS,
    now: () => clock.t,
    waitUntil(deadline) {
      if (deadline > clock.t) clock.t = deadline;
    },
  };
  return clock;
}

/** Serves each request in 50 us but stalls once, at request `stalled`, for 100 ms. */
function stallingOnce(clock, stalled) {
  return { serve(k) { clock.t += k === stalled ? 100n * MS : 50n * US; return KIND.READ_HIT; } };
}

function count(s, p) {
  let n = 0;
  for (let k = 0; k < s.served; k++) if (p(k)) n++;
  return n;
}

function percentile(values, p) {
  const sorted = Array.from(values).sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1];
}

test('a stall of 100 ms at 1,000 requests/s delays about 100 requests; a closed-loop timer sees one', async () => {
  const clock = fakeClock();
  const s = await openLoop(clock, stallingOnce(clock, 500), 2000, 1000, trafficSamples(2000));
  const delayed = count(s, (k) => s.latencyNs[k] > s.serviceNs[k]);
  assert.ok(delayed >= 100 && delayed <= 110, `delayed: ${delayed}`);
  assert.ok(percentile(s.latencyNs, 99.9) >= 50e6, `p99.9 ${percentile(s.latencyNs, 99.9)} ns`);
  assert.equal(count(s, (k) => s.serviceNs[k] >= 50e6), 1);
  assert.ok(Math.abs(reachedPerS(s) - 1000) < 1);

  const closedClock = fakeClock();
  const c = await closedLoop(closedClock, stallingOnce(closedClock, 500), 2000, 1n << 62n);
  assert.equal(count(c, (k) => c.latencyNs[k] > 50e3), 1);
  assert.equal(c.wallNs, 1999 * 50e3 + 100e6);
});

test('on the system clock a stall of 100 ms still delays at least 99 requests by a millisecond or more', async () => {
  const request = {
    serve(k) {
      if (k === 500) {
        const until = Date.now() + 100;
        while (Date.now() < until) { /* a synchronous stall, as a database call that blocks */ }
      }
      return KIND.READ_HIT;
    },
  };
  const s = await openLoop(systemClock, request, 2000, 1000, trafficSamples(2000));
  assert.ok(count(s, (k) => s.latencyNs[k] >= 1e6) >= 99);
  assert.ok(percentile(s.latencyNs, 99.9) >= 50e6);
  assert.ok(count(s, (k) => s.serviceNs[k] >= 99e6) >= 1);
  assert.ok(s.wallNs >= 1999e6);
  for (let k = 0; k < s.served; k++) assert.ok(s.latencyNs[k] >= s.serviceNs[k]);
});

test('loops prepare before the due time, check after, await after(); a closed loop stops at its budget', async () => {
  const clock = fakeClock();
  const start = clock.t;
  const order = [];
  const at = () => Number((clock.t - start) / MS);
  await openLoop(clock, {
    prepare(k) { order.push(`p${k}@${at()}`); },
    serve(k) { order.push(`s${k}@${at()}`); clock.t += 10n * US; return KIND.WRITE_MISS; },
    check(k) { order.push(`c${k}`); },
    async after(k) { order.push(`a${k}`); },
  }, 3, 100);
  assert.deepEqual(order, ['p0@0', 's0@0', 'c0', 'a0', 'p1@0', 's1@10', 'c1', 'a1', 'p2@10', 's2@20', 'c2', 'a2']);

  const c = await closedLoop(clock, { serve() { clock.t += MS; return KIND.READ_MISS; } }, 100, 10n * MS);
  assert.equal(c.served, 10);
  assert.equal(c.filledAt, 0);
  assert.equal(reachedPerS(c), 1000);
  assert.deepEqual(Array.from(c.kinds.slice(0, 2)), [KIND.READ_MISS, KIND.READ_MISS]);
});

test('a closed step serves its budget after its cache filled, and ten budgets where it never fills', async () => {
  const clock = fakeClock();
  const serve = { serve() { clock.t += MS; return KIND.READ_MISS; } };
  let served = 0;
  const counting = { serve() { served++; return serve.serve(); }, filled() { return served >= 25; } };
  const c = await closedLoop(clock, counting, 1000, 10n * MS);
  assert.equal(c.filledAt, 25);
  assert.equal(c.served, 35);
  const never = await closedLoop(clock, { ...serve, filled: () => false }, 1000, 10n * MS);
  assert.equal(never.filledAt, -1);
  assert.equal(never.served, 100);
});

test('an after step is busy time, and a closed loop keeps when each turn ended, after step included', async () => {
  const clock = fakeClock();
  const request = {
    serve() { clock.t += MS; return KIND.READ_MISS; },
    async after() { clock.t += 3n * MS; },
  };
  const c = await closedLoop(clock, request, 10, 1n << 62n);
  assert.equal(c.served, 10);
  assert.equal(c.endNs[0], 4e6);
  assert.equal(c.endNs[9], 40e6);
  assert.equal(c.busyNs, 40e6);
  assert.equal(c.afterNs, 30e6);
  const s = await openLoop(clock, request, 10, 100, trafficSamples());
  assert.equal(s.afterNs, 30e6);
  assert.ok(Math.abs(utilization(s) - 0.4) < 0.05, `utilization ${utilization(s)}`);
});

test('request k is due k / rate after the start, as the JVM computes it', async () => {
  assert.equal(dueOffsetNs(3, 1000), 3_000_000n);
  assert.equal(dueOffsetNs(1, 3), 333_333_333n);
  assert.equal(dueOffsetNs(2, 3), 666_666_667n);
  await assert.rejects(openLoop(fakeClock(), { serve: () => 0 }, 1, 0), /positive, finite rate/);
});

test('the utilization reached is the service times over the wall time: 200 us a request at 2,500/s is 0.5', async () => {
  const clock = fakeClock();
  const s = await openLoop(clock, { serve() { clock.t += 200n * US; return KIND.READ_HIT; } }, 5000, 2500);
  assert.ok(Math.abs(utilization(s) - 0.5) < 0.5 * 0.05, `utilization ${utilization(s)}`);
  assert.equal(s.latency[KIND.READ_HIT].totalCount, 5000);
  assert.equal(s.kinds.length, 0, 'an open loop keeps histograms only');
});

test('a request whose wait overlapped a collector pause is marked; the others make the untouched tail', async () => {
  const clock = fakeClock();
  // 1,000 requests a second, each served in 50 us, request 300 stalled 100 ms: its wait and those of the requests due
  // during it overlap a pause from 320 to 330 ms (PauseMarks' twin: 1 ms of slack each side)
  const s = await openLoop(clock, stallingOnce(clock, 300), 1000, 1000, trafficSamples(1000));
  const marked = markPauses(s, 1000, [{ startMs: 320, durationMs: 10 }]);
  // request 300 (300-400 ms) and 301-319 (due during the stall, ending after it) touch 319-331 ms: every request due
  // from 300 to 331 ms; after the stall the loop catches up, request 332 due after the pause
  assert.equal(marked.touched, 32);
  const untouched = marked.untouched[KIND.READ_HIT];
  assert.equal(untouched.totalCount, 1000 - 32);
  assert.ok(untouched.maxValue < 100_000_000, 'the 100 ms stall of request 300 is among the touched');
  assert.equal(marked.clearOfWrites[KIND.READ_HIT].totalCount, 1000, 'no write: every read clear of writes');
  const none = markPauses(s, 1000, []);
  assert.equal(none.touched, 0);
  assert.equal(none.untouched[KIND.READ_HIT].totalCount, 1000);
});

test('the requests a write held back are set apart from those no write did', async () => {
  const clock = fakeClock();
  // 1,000 requests a second; request 300 is a write served in 100 ms, the others reads of 50 us: the reads due while
  // it ran (301-399) waited behind it, and so did those due while the loop caught up on them (about 5 ms more)
  const serve = (k) => {
    clock.t += k === 300 ? 100n * MS : 50n * US;
    return k === 300 ? KIND.WRITE_HIT : KIND.READ_HIT;
  };
  const s = await openLoop(clock, { serve }, 1000, 1000, trafficSamples(1000));
  const marked = markPauses(s, 1000, []);
  const clear = marked.clearOfWrites[KIND.READ_HIT].totalCount;
  assert.ok(clear >= 999 - 110 && clear <= 999 - 104, `reads clear of writes ${clear}: all but those due in the write's stretch`);
  assert.ok(marked.clearOfWrites[KIND.READ_HIT].maxValue < 1_000_000, 'no read clear of writes waited 1 ms');
});

'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');

const WORKER = path.join(__dirname, '..', 'worker.js');
const { ENGINES } = require(WORKER);
const hdr = require('hdr-histogram-js');

/**
 * A schedule in the protocol's form (storebench.trial.traffic.TrafficDraws.encode): the parent draws the real ones;
 * any tenants serve here, so these are a plain sequence, every `writeEvery`-th request a write.
 */
function schedule(stores, requests, writeEvery) {
  const b = Buffer.alloc(4 * requests);
  const tenants = [];
  let writes = 0;
  for (let k = 0; k < requests; k++) {
    const tenant = (k * 7 + (k >> 3)) % stores;
    const write = writeEvery > 0 && k % writeEvery === 0 ? 1 : 0;
    tenants.push(tenant);
    writes += write;
    b.writeInt32LE((tenant << 1) | write, 4 * k);
  }
  return { encoded: b.toString('base64'), tenants, writes };
}

function count(b64) {
  return hdr.decodeFromCompressedBase64(b64, 64, false).totalCount;
}

/** Sends requests to a worker process one at a time; answers each one's result or error line. */
function worker() {
  const child = spawn(process.execPath, ['--expose-gc', WORKER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    async request(req) {
      child.stdin.write(JSON.stringify(req) + '\n');
      const progress = [];
      for (; ;) {
        const { value, done } = await lines.next();
        if (done) throw new Error(`worker closed stdout during ${req.op}`);
        const line = JSON.parse(value);
        if (line.type !== 'progress') return { ...line, progress };
        progress.push(line);
      }
    },
  };
}

for (const engine of Object.keys(ENGINES)) {
  test(`engine ${engine}: a traffic run serves its schedule through K open stores, writes one row a write and checks every count`, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `storebench-traffic-${engine}-`));
    const w = worker();
    try {
      const hello = await w.request({ op: 'hello', engine });
      assert.equal(hello.type, 'result', hello.message);
      const stores = 30;
      const open = schedule(stores, 100000, 2);
      const req = {
        op: 'traffic', root: path.join(root, 'run-1'), workload: 'small', stores, open: 5, closedMs: 200, load: 0.5,
        seconds: 0.5, leastRequests: 0, check: true, closedSchedule: schedule(stores, 20000, 2).encoded,
        schedule: open.encoded,
      };
      const a = await w.request(req);
      assert.equal(a.type, 'result', a.message);
      assert.equal(a.checked, true);
      assert.ok(a.wallNs > a.loopWallNs && a.loopWallNs > 0, `request ${a.wallNs} ns, its open loop ${a.loopWallNs} ns`);
      assert.ok(a.closed.served > 0 && a.closed.wallNs >= 200e6, JSON.stringify(a.closed));
      // the rate asked is a share of the closed step's second half's (the cache full), more than its whole run's
      assert.ok(Math.abs(a.askedPerS - 0.5 * a.closed.perS) < 1e-6 * a.closed.perS, `${a.askedPerS} against ${a.closed.perS}`);
      assert.ok(a.closed.perS > 0);
      assert.equal(a.requests, Math.max(1, Math.round(a.askedPerS * 0.5)));
      // the open loop ran the schedule's first requests: its writes are theirs
      assert.equal(a.writes, Math.ceil(a.requests / 2));
      const kinds = a.histograms.latency.map(count);
      assert.deepEqual(a.histograms.service.map(count), kinds);
      assert.equal(kinds.reduce((x, y) => x + y, 0), a.requests);
      assert.equal(kinds[2] + kinds[3], a.writes);
      assert.equal(a.hits + a.misses, a.requests);
      assert.equal(kinds[0] + kinds[2], a.hits);
      assert.ok(a.misses > 0, 'thirty tenants over five open stores miss');
      assert.ok(a.busyNs > 0 && a.busyNs <= a.loopWallNs, `busy ${a.busyNs} of ${a.loopWallNs} ns`);
      assert.ok(a.utilization > 0 && a.utilization <= 1);
      assert.ok(a.runtime.gcMs >= 0 && a.runtime.loopDelaySamples >= 0, JSON.stringify(a.runtime));
      if (a.runtime.loopDelaySamples === 0) assert.equal(a.runtime.loopDelayP99Ms, undefined, 'no figure without a sample');
      assert.ok(a.counters.minflt >= 0 && a.counters.userUs >= 0, JSON.stringify(a.counters));
      assert.equal(fs.readdirSync(req.root).filter((d) => d.startsWith('store-')).length, stores);
      // a store its writes went to holds them: W plus those of the closed step and of the run
      const again = await w.request({ ...req, root: path.join(root, 'run-2'), schedule: schedule(stores, 100000, 1).encoded });
      assert.equal(again.type, 'result', again.message);
      assert.equal(again.writes, again.requests);
      await w.request({ op: 'exit' });
    } finally {
      w.child.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}

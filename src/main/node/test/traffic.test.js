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
const { drawRequests } = require('../lib/traffic-draws');

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
  test(`engine ${engine}: a traffic run serves its draws through K open stores, appends its writes and checks every count`, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `storebench-traffic-${engine}-`));
    const w = worker();
    try {
      const hello = await w.request({ op: 'hello', engine });
      assert.equal(hello.type, 'result', hello.message);
      const stores = 30;
      const req = {
        op: 'traffic', root: path.join(root, 'run-1'), workload: 'small', stores, open: 5, readShare: 0.5, seed: 1,
        closedMs: 200, load: 0.5, seconds: 0.5, maxRequests: 100000, check: true,
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
      assert.equal(a.samples.kinds.length, a.requests);
      assert.equal(a.samples.latency.length, a.requests);
      assert.match(a.samples.kinds, /^[0-3]+$/);
      assert.ok(a.samples.latency.every((l) => Number.isFinite(l) && l >= 0));
      // the open loop's draws are run 1's: as many writes as drawRequests says
      const draws = drawRequests(stores, 0.5, 1, a.requests);
      const writes = draws.writes.reduce((s, x) => s + x, 0);
      assert.equal(a.writes, writes);
      const kinds = [...a.samples.kinds].map(Number);
      assert.equal(kinds.filter((k) => k >= 2).length, writes);
      assert.equal(a.hits + a.misses, a.requests);
      assert.equal(kinds.filter((k) => k === 0 || k === 2).length, a.hits);
      assert.ok(a.misses > 0, 'thirty tenants over five open stores miss');
      assert.equal(fs.readdirSync(req.root).filter((d) => d.startsWith('store-')).length, stores);
      // a store its writes went to holds them: W plus those of the closed step and of the run
      const again = await w.request({ ...req, root: path.join(root, 'run-2'), seed: 2, readShare: 0 });
      assert.equal(again.type, 'result', again.message);
      assert.equal(again.writes, again.requests);
      await w.request({ op: 'exit' });
    } finally {
      w.child.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}

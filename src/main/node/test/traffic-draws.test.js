'use strict';
// A traffic run's draws in the Node worker: the same as the JVM's (fixtures/traffic-draws.json) and YCSB's Zipfian's
// shape. No engine: nothing here needs node_modules.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const {
  Xoshiro128, ScrambledZipfian, zeta, scramble, splitmix64, drawRequests, DEFAULT_READ_SHARE,
} = require('../lib/traffic-draws');

function fixture() {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'fixtures', 'traffic-draws.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
    if (path.dirname(dir) === dir) throw new Error(`fixtures/traffic-draws.json not found above ${__dirname}`);
  }
}

test('xoshiro128** and splitmix64 give their known first outputs', () => {
  const x = new Xoshiro128(0, 0);
  [x.s0, x.s1, x.s2, x.s3] = [1, 2, 3, 4];
  assert.deepEqual([x.nextUint32(), x.nextUint32(), x.nextUint32()], [11520, 0, 5927040]);
  assert.equal(splitmix64(0x9E3779B97F4A7C15n), 0xE220A8397B1DCDAFn);
});

test('the draws equal the fixture, as the JVM draws them', () => {
  const f = fixture();
  const x = new Xoshiro128(f.seed, 0);
  assert.deepEqual(f.firstUint32.map(() => x.nextUint32()), f.firstUint32);
  const z = new ScrambledZipfian(f.stores, new Xoshiro128(f.seed, 0));
  assert.deepEqual(Array.from(z.tenantOfRank.slice(0, f.hottestTenants.length)), f.hottestTenants);
  const d = drawRequests(f.stores, f.readShare, f.seed, 100000);
  assert.deepEqual(Array.from(d.tenants.slice(0, 1000)), f.tenants);
  assert.equal(Array.from(d.writes.slice(0, 1000)).join(''), f.writes.join(''));
  let hash = 0;
  let tenantSum = 0;
  let writes = 0;
  for (let k = 0; k < d.tenants.length; k++) {
    hash = (Math.imul(hash, 31) + 2 * d.tenants[k] + d.writes[k]) | 0;
    tenantSum += d.tenants[k];
    writes += d.writes[k];
  }
  assert.deepEqual({ hash: hash >>> 0, tenantSum, writes }, f.first100000);
});

test('the hottest of 1,000 tenants gets 1 / zeta(1000, 0.99), about 13%, and ranks follow 1 / rank^0.99', () => {
  const n = 1000;
  const draws = 500000;
  const z = new ScrambledZipfian(n, new Xoshiro128(1, 0));
  const byRank = new Float64Array(n);
  for (let k = 0; k < draws; k++) byRank[z.nextRank()]++;
  const expected = 1 / zeta(n, 0.99);
  assert.ok(Math.abs(expected - 0.1294) < 0.0005, `1 / zeta = ${expected}`);
  const sigma = Math.sqrt((expected * (1 - expected)) / draws);
  assert.ok(Math.abs(byRank[0] / draws - expected) < 6 * sigma, `hottest: ${byRank[0] / draws}, expected ${expected}`);
  // the same bands and tolerances as the JVM's test (Gray's approximation is coarsest at ranks 3 to 10)
  const bands = [[1, 1, 0.01], [2, 2, 0.02], [3, 5, 0.14], [6, 10, 0.05], [11, 20, 0.04], [21, 50, 0.04],
    [51, 100, 0.04], [101, 200, 0.04], [201, 500, 0.04], [501, 1000, 0.04]];
  for (const [from, to, tolerance] of bands) {
    let ideal = 0;
    let drawn = 0;
    for (let r = from; r <= to; r++) {
      ideal += expected / Math.pow(r, 0.99);
      drawn += byRank[r - 1];
    }
    const ratio = drawn / (ideal * draws);
    assert.ok(Math.abs(ratio - 1) < tolerance, `ranks ${from}-${to}: drawn / ideal = ${ratio}`);
  }
});

test('the scramble is a permutation', () => {
  for (const n of [2, 1000, 10007]) {
    const sorted = Array.from(scramble(n)).sort((a, b) => a - b);
    assert.deepEqual(sorted, Array.from({ length: n }, (_, i) => i));
  }
});

test('the mix writes about 5% by default and does not change the tenants', () => {
  const b = drawRequests(1000, DEFAULT_READ_SHARE, 9, 100000);
  const a = drawRequests(1000, 0.5, 9, 100000);
  assert.deepEqual(a.tenants, b.tenants);
  const share = (d) => d.writes.reduce((s, w) => s + w, 0) / d.writes.length;
  assert.ok(Math.abs(share(b) - 0.05) < 6 * Math.sqrt(0.05 * 0.95 / 100000), `writes ${share(b)}`);
  assert.ok(Math.abs(share(a) - 0.5) < 6 * Math.sqrt(0.25 / 100000), `writes ${share(a)}`);
  assert.throws(() => drawRequests(10, 1.5, 1, 1), /must lie in \[0, 1\]/);
});

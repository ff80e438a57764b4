'use strict';
// The Node worker's cache of open stores (the JVM's StoreCacheTest pins the same order).

const test = require('node:test');
const assert = require('node:assert/strict');
const { StoreCache } = require('../lib/store-cache');

/** A cache over fake stores that records what it asked of the engine. */
function recordingCache(capacity, calls, failOpen = -1) {
  return new StoreCache(10, capacity, (store) => {
    calls.push(`open ${store}`);
    if (store === failOpen) throw new Error(`store ${store} does not open`);
    return { store };
  }, (store, db) => {
    assert.equal(db.store, store);
    calls.push(`close ${store}`);
  });
}

test('the cache: hits open nothing, a miss when full closes the least recently used before it opens', () => {
  const calls = [];
  const c = recordingCache(2, calls);
  for (const store of [0, 1, 0, 2, 1, 1, 3, 0]) c.visit(store);
  assert.deepEqual(calls, ['open 0', 'open 1', 'close 1', 'open 2', 'close 0', 'open 1', 'close 2', 'open 3',
    'close 1', 'open 0']);
  assert.deepEqual([c.hits, c.misses, c.evictions], [2, 6, 4]);
  assert.deepEqual(c.openLeastRecentFirst(), [3, 0]);
  assert.equal(c.lastHit, false);
  assert.equal(c.lastEvicted, 1);
  c.visit(0);
  assert.equal(c.lastHit, true);
  calls.length = 0;
  c.closeAll();
  assert.deepEqual(calls, ['close 3', 'close 0']);
  assert.equal(c.size, 0);
});

test('the cache stays consistent when a store fails to open', () => {
  const calls = [];
  const c = recordingCache(2, calls, 3);
  c.visit(1);
  c.visit(2);
  assert.throws(() => c.visit(3), /store 3 does not open/);
  assert.deepEqual(c.openLeastRecentFirst(), [2]);
  c.visit(1);
  assert.deepEqual(c.openLeastRecentFirst(), [2, 1]);
  assert.throws(() => recordingCache(0, []), /at least one open store/);
});

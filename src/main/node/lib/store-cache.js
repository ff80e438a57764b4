'use strict';
// The open stores of a traffic run, least recently used closed first (the JVM's is
// storebench.trial.child.traffic.StoreCache): a miss opens its store and, where `capacity` are open, closes the least
// recently used first, in the same visit, so that the close is part of the visit that caused it. The recency list is
// two Int32Arrays indexed by store: nothing is allocated per visit.

const NONE = -1;

class StoreCache {
  /** open(store) opens a store (a miss); close(store, db) closes one (evicted, or at the end). */
  constructor(stores, capacity, open, close) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new Error(`a store cache holds at least one open store, not ${capacity}`);
    }
    this.capacity = capacity;
    this.openStore = open;
    this.closeStore = close;
    this.open = new Array(stores).fill(null);
    this.older = new Int32Array(stores).fill(NONE);
    this.newer = new Int32Array(stores).fill(NONE);
    this.newest = NONE;
    this.oldest = NONE;
    this.size = 0;
    this.hits = 0;
    this.misses = 0;
    this.evictions = 0;
    this.lastHit = false;
    this.lastEvicted = NONE;
  }

  /**
   * Store `store`, open: the one already open (a hit) or opened now (a miss, after the least recently used was closed
   * where the cache was full); it is then the most recently used. A failed open or close throws and leaves the cache
   * consistent (the evicted store is gone either way; a store that failed to open is not in it).
   */
  visit(store) {
    const found = this.open[store];
    if (found !== null) {
      this.hits++;
      this.lastHit = true;
      this.lastEvicted = NONE;
      this.unlink(store);
      this.pushNewest(store);
      return found;
    }
    this.misses++;
    this.lastHit = false;
    this.lastEvicted = NONE;
    if (this.size === this.capacity) {
      const victim = this.oldest;
      const evicted = this.open[victim];
      this.unlink(victim);
      this.open[victim] = null;
      this.size--;
      this.evictions++;
      this.lastEvicted = victim;
      this.closeStore(victim, evicted);
    }
    const opened = this.openStore(store);
    if (opened === null || opened === undefined) throw new Error(`opening store ${store} gave no store`);
    this.open[store] = opened;
    this.size++;
    this.pushNewest(store);
    return opened;
  }

  /** The open stores, least recently used first. */
  openLeastRecentFirst() {
    const ids = [];
    for (let s = this.oldest; s !== NONE; s = this.newer[s]) ids.push(s);
    return ids;
  }

  /** Closes every open store, least recently used first; every one even where a close fails (the first is thrown). */
  closeAll() {
    let failed = null;
    while (this.oldest !== NONE) {
      const store = this.oldest;
      const db = this.open[store];
      this.unlink(store);
      this.open[store] = null;
      this.size--;
      try {
        this.closeStore(store, db);
      } catch (e) {
        if (failed === null) failed = e;
      }
    }
    if (failed !== null) throw failed;
  }

  unlink(store) {
    const o = this.older[store];
    const n = this.newer[store];
    if (o === NONE) this.oldest = n; else this.newer[o] = n;
    if (n === NONE) this.newest = o; else this.older[n] = o;
    this.older[store] = NONE;
    this.newer[store] = NONE;
  }

  pushNewest(store) {
    this.older[store] = this.newest;
    this.newer[store] = NONE;
    if (this.newest === NONE) this.oldest = store; else this.newer[this.newest] = store;
    this.newest = store;
  }
}

module.exports = { StoreCache };

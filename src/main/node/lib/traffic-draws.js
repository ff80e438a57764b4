'use strict';
// A traffic run's requests, drawn as the JVM's storebench.trial.child.traffic draws them (Xoshiro128,
// ScrambledZipfian, RequestMix, TrafficDraws): the same seed gives the same tenants and the same writes in both
// runtimes, so both are loaded alike; fixtures/traffic-draws.json pins the sequence for both.

const GAMMA = 0x9E3779B97F4A7C15n;

/** splitmix64's output for the state z (its state after the increment); BigInt, as the state is 64 bits. */
function splitmix64(z) {
  z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n);
  z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94D049BB133111EBn);
  return z ^ (z >> 31n);
}

function rotl(x, k) {
  return (x << k) | (x >>> (32 - k));
}

/**
 * xoshiro128** (Blackman and Vigna): 32-bit words, exact in JavaScript with Math.imul and >>>, so no BigInt per draw.
 * Stream s of a seed is seeded by splitmix64's outputs 2s and 2s + 1 from that seed (tenants: stream 0, the mix: 1).
 */
class Xoshiro128 {
  constructor(seed, stream) {
    if (!Number.isInteger(stream) || stream < 0) throw new Error(`stream ${stream} is not a non-negative integer`);
    let state = BigInt.asUintN(64, BigInt(seed) + 2n * BigInt(stream) * GAMMA + GAMMA);
    const a = splitmix64(state);
    state = BigInt.asUintN(64, state + GAMMA);
    const b = splitmix64(state);
    this.s0 = Number(a >> 32n) | 0;
    this.s1 = Number(a & 0xFFFFFFFFn) | 0;
    this.s2 = Number(b >> 32n) | 0;
    this.s3 = Number(b & 0xFFFFFFFFn) | 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1; // the one state xoshiro never leaves
  }

  /** The next 32 random bits, as an unsigned number (the JVM's nextInt is the same bits as a signed int). */
  nextUint32() {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9);
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result >>> 0;
  }

  /** A double in [0, 1) from 53 random bits (27 of one word, 26 of the next): exact, as the JVM's. */
  nextDouble() {
    const high = this.nextUint32() >>> 5;
    const low = this.nextUint32() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }
}

/** YCSB's Zipfian constant. */
const THETA = 0.99;

/** zeta(n, theta): the sum over i = 1..n of 1 / i^theta, in that order (the JVM sums alike, with fdlibm's pow). */
function zeta(n, theta) {
  let sum = 0;
  for (let i = 1; i <= n; i++) sum += 1 / Math.pow(i, theta);
  return sum;
}

/** FNV-1a, 32 bits, over the four bytes of id, least significant first; unsigned. */
function fnv1a(id) {
  let hash = 0x811C9DC5 | 0;
  for (let b = 0; b < 4; b++) {
    hash ^= (id >>> (8 * b)) & 0xFF;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Tenant ids ordered by their FNV-1a hash (ties by id): rank r is drawn as the r-th of them (a permutation). */
function scramble(items) {
  const ids = Array.from({ length: items }, (_, id) => id);
  const hashes = ids.map(fnv1a);
  ids.sort((x, y) => (hashes[x] - hashes[y]) || (x - y));
  return Int32Array.from(ids);
}

/**
 * Tenants as YCSB draws keys (see the JVM's ScrambledZipfian for why the ranks are permuted rather than hashed modulo
 * the count): Gray et al.'s Zipfian over `items` ranks, constant 0.99, then rank -> tenant by the FNV order.
 */
class ScrambledZipfian {
  constructor(items, random, theta = THETA) {
    if (!Number.isInteger(items) || items < 2) throw new Error(`a Zipfian needs at least 2 items, got ${items}`);
    if (!(theta > 0 && theta < 1)) throw new Error(`the Zipfian constant must lie in (0, 1), got ${theta}`);
    this.items = items;
    this.theta = theta;
    this.random = random;
    this.zetaN = zeta(items, theta);
    this.alpha = 1.0 / (1.0 - theta);
    const zeta2 = zeta(2, theta);
    this.eta = (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2 / this.zetaN);
    this.secondBound = 1 + Math.pow(0.5, theta);
    this.tenantOfRank = scramble(items);
  }

  /** The next rank, 0 the most frequent (YCSB's ZipfianGenerator.nextLong over 0..items-1). */
  nextRank() {
    const u = this.random.nextDouble();
    const uz = u * this.zetaN;
    if (uz < 1) return 0;
    if (uz < this.secondBound) return 1;
    return Math.floor(this.items * Math.pow(this.eta * u - this.eta + 1, this.alpha));
  }

  /** The next tenant, 0..items-1. */
  next() {
    return this.tenantOfRank[this.nextRank()];
  }

  /** 1 / zeta(items, theta): the share of draws of the hottest tenant. */
  hottestShare() {
    return 1 / this.zetaN;
  }
}

/** Which requests write: each with probability 1 - readShare (YCSB's workload B: 0.95 reads). */
class RequestMix {
  constructor(readShare, random) {
    if (!(readShare >= 0 && readShare <= 1)) throw new Error(`the share of reads must lie in [0, 1], got ${readShare}`);
    this.writeShare = 1 - readShare;
    this.random = random;
  }

  nextIsWrite() {
    return this.random.nextDouble() < this.writeShare;
  }
}

/** bench.trafficMix's default. */
const DEFAULT_READ_SHARE = 0.95;

/**
 * A run's requests, drawn before its loop: request k goes to tenants[k] and writes where writes[k] is 1 (the JVM's
 * TrafficDraws.draw): the tenants from stream 0 of the seed, the mix from stream 1.
 */
function drawRequests(stores, readShare, seed, requests) {
  if (!Number.isInteger(requests) || requests < 0) throw new Error(`requests ${requests} is not a count`);
  const tenants = new ScrambledZipfian(stores, new Xoshiro128(seed, 0));
  const mix = new RequestMix(readShare, new Xoshiro128(seed, 1));
  const drawn = new Int32Array(requests);
  const writes = new Uint8Array(requests);
  for (let k = 0; k < requests; k++) {
    drawn[k] = tenants.next();
    writes[k] = mix.nextIsWrite() ? 1 : 0;
  }
  return { tenants: drawn, writes };
}

module.exports = {
  Xoshiro128, ScrambledZipfian, RequestMix, THETA, DEFAULT_READ_SHARE, zeta, fnv1a, scramble, splitmix64, drawRequests,
};

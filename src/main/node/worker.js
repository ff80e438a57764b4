'use strict';
// storebench trial process for the Node engines (turso, libsql, sqlite-node).
// Speaks the line protocol of docs/protocol.md on stdin/stdout; start it with `node --expose-gc worker.js`.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const v8 = require('node:v8');

const hrtime = process.hrtime.bigint;

// ---------------------------------------------------------------------------------------------------------------
// Workloads (pinned by fixtures/workload-notes.json, as the JVM's are)

const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore'
  + ' et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex'
  + ' ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat'
  + ' nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim'
  + ' id est laborum.';
const BASE_TS = 1791676800000; // 2026-10-11T00:00:00Z in epoch ms
const LARGE_TEXT_CHARS = 300;

const WORKLOADS = {
  large: { notesPerStore: 1000, text: (i, j) => ('note ' + j + ' of agent ' + i + ': ' + LOREM).slice(0, LARGE_TEXT_CHARS) },
  small: { notesPerStore: 10, text: (i, j) => 'note ' + j + ' of agent ' + i },
};

function workloadOf(id) {
  const w = WORKLOADS[id];
  if (!w) throw new Error(`unknown workload ${JSON.stringify(id)}; valid workloads: ${Object.keys(WORKLOADS).join(', ')}`);
  return w;
}

/** The text of note j of agent i in the given workload. */
function noteText(workload, i, j) {
  return workloadOf(workload).text(i, j);
}

/** ts of note j (epoch ms). */
function noteTs(j) {
  return BASE_TS + j;
}

/** What agent i's note texts' lengths sum to, and their ts: what a read of every note must find. */
function expectedSums(workload, i) {
  const w = workloadOf(workload);
  let lengths = 0;
  for (let j = 0; j < w.notesPerStore; j++) lengths += w.text(i, j).length;
  const n = w.notesPerStore;
  return { lengths, ts: n * BASE_TS + (n * (n - 1)) / 2 };
}

/**
 * The W notes of agent i, built up front so that the timed create holds none of this work. ts is a BigInt, so every
 * binding binds it as a 64-bit integer (sqlite3_bind_int64), as the JVM engines do, not as a double.
 */
function buildNotes(workload, i) {
  const w = workloadOf(workload);
  const texts = new Array(w.notesPerStore);
  const ts = new Array(w.notesPerStore);
  for (let j = 0; j < w.notesPerStore; j++) {
    texts[j] = w.text(i, j);
    ts[j] = BigInt(noteTs(j));
  }
  return { texts, ts, count: w.notesPerStore };
}

// ---------------------------------------------------------------------------------------------------------------
// Engines. All three bindings speak the better-sqlite3 API, so one set of store operations serves them; each
// engine part says how its binding is loaded and which packages describe it.

const SCHEMA = 'CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL, ts INTEGER NOT NULL)';
const INSERT = 'INSERT INTO note (text, ts) VALUES (?, ?)';
const COUNT = 'SELECT count(*) FROM note';
const READ = 'SELECT id, text, ts FROM note ORDER BY id';
const STORE_FILE = 'store.db';

/** First column of the first row of a query as a number; null where the engine cannot answer it. */
function numberOf(db, sql) {
  try {
    const row = db.prepare(sql).get();
    return row === undefined ? null : Number(Object.values(row)[0]);
  } catch {
    return null;
  }
}

/** Store operations over a better-sqlite3-compatible Database class; engine defaults, no pragmas set. */
function sqlStoreOps(Database) {
  return {
    /** Creates the store's directory and database with the schema, puts the notes in one transaction, closes. */
    create(dir, file, notes) {
      fs.mkdirSync(dir);
      const db = new Database(file);
      db.exec(SCHEMA); // the schema commit
      const insert = db.prepare(INSERT);
      const texts = notes.texts;
      const ts = notes.ts;
      db.exec('BEGIN');
      for (let j = 0; j < notes.count; j++) insert.run(texts[j], ts[j]);
      db.exec('COMMIT');
      db.close();
    },
    open(file) {
      return new Database(file);
    },
    /** Create profile, step 1: creates the store's directory and database, commits the schema; the open store. */
    createOpen(dir, file) {
      fs.mkdirSync(dir);
      const db = new Database(file);
      db.exec(SCHEMA); // the schema commit
      return db;
    },
    /** Create profile, step 3: puts the notes in one transaction, commit included (statement prepared here). */
    put(db, notes) {
      const insert = db.prepare(INSERT);
      const texts = notes.texts;
      const ts = notes.ts;
      db.exec('BEGIN');
      for (let j = 0; j < notes.count; j++) insert.run(texts[j], ts[j]);
      db.exec('COMMIT');
    },

    /** Prepares and runs the count query on an open store (preparing is part of the query's cost). */
    count(db) {
      return db.prepare(COUNT).get()['count(*)'];
    },
    close(db) {
      db.close();
    },
    /** Every note of an open store, in id order, as the runtime's own values (ts a Number: 13 digits are exact). */
    readAll(db) {
      return db.prepare(READ).all();
    },
    /**
     * How one store lies on disk, as the engine itself tells it: its pages (PRAGMA), the b-tree pages of the note
     * table by type from the dbstat table where the engine has it (null where not), and ts's storage classes.
     */
    layout(db) {
      const layout = {
        pageSize: numberOf(db, 'PRAGMA page_size'),
        pageCount: numberOf(db, 'PRAGMA page_count'),
        freelistCount: numberOf(db, 'PRAGMA freelist_count'),
        leafPages: null,
        interiorPages: null,
        leafCells: null,
        leafPayloadBytes: null,
        tsTypes: {},
      };
      try {
        for (const r of db.prepare("SELECT pagetype, count(*) AS pages, sum(ncell) AS cells, sum(payload) AS payload"
          + " FROM dbstat WHERE name = 'note' GROUP BY pagetype").all()) {
          if (r.pagetype === 'leaf') {
            layout.leafPages = Number(r.pages);
            layout.leafCells = Number(r.cells);
            layout.leafPayloadBytes = Number(r.payload);
          } else if (r.pagetype === 'internal') {
            layout.interiorPages = Number(r.pages);
          }
        }
        if (layout.leafPages === null) layout.leafPages = 0;
        if (layout.interiorPages === null) layout.interiorPages = 0;
      } catch (e) {
        layout.dbstat = `unavailable (${e.message})`;
      }
      for (const r of db.prepare('SELECT typeof(ts) AS type, count(*) AS n FROM note GROUP BY 1').all()) {
        layout.tsTypes[r.type] = Number(r.n);
      }
      return layout;
    },
  };
}

const ENGINES = {
  turso: {
    what: 'Turso Database through @tursodatabase/database (sync compat API)',
    packages: ['@tursodatabase/database', '@tursodatabase/database-common', '@tursodatabase/database-linux-x64-gnu'],
    // ESM-only package: a dynamic import (at hello, never in a timed region) works on every Node >= 20
    load: async () => (await import('@tursodatabase/database/compat')).Database,
    versionQueries: { engineVersion: 'SELECT turso_version()', sqliteVersion: 'SELECT sqlite_version()' },
  },
  libsql: {
    what: 'libSQL through libsql',
    packages: ['libsql', '@libsql/linux-x64-gnu'],
    load: async () => require('libsql'),
    versionQueries: { engineVersion: 'SELECT sqlite_version()' },
  },
  'sqlite-node': {
    what: 'SQLite through better-sqlite3',
    packages: ['better-sqlite3'],
    load: async () => require('better-sqlite3'),
    versionQueries: { engineVersion: 'SELECT sqlite_version()' },
  },
};

const SYNCHRONOUS_NAMES = ['OFF', 'NORMAL', 'FULL', 'EXTRA'];

/** Version of an installed npm package, read from its own package.json. */
function packageVersion(name) {
  let dir;
  try {
    dir = path.dirname(require.resolve(name));
  } catch {
    // optional native packages have no main: look in node_modules directly
    dir = path.join(__dirname, 'node_modules', name);
  }
  for (; ;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (pkg.name === name) return pkg.version;
    }
    const up = path.dirname(dir);
    if (up === dir) return 'not installed';
    dir = up;
  }
}

/** First column of the first row of a query, as a string; what the engine says when it cannot answer. */
function scalar(db, sql) {
  try {
    const rows = db.prepare(sql).all();
    if (rows.length === 0) return 'unsupported (no rows)';
    return String(Object.values(rows[0])[0]);
  } catch (e) {
    return `unsupported (${e.message})`;
  }
}

/** Describes the engine: packages, engine versions, and its defaults as it reports them on a fresh database. */
function describe(engine, Database) {
  const info = { engine: engine.what };
  for (const name of engine.packages) info[`package ${name}`] = packageVersion(name);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storebench-hello-'));
  try {
    const db = new Database(path.join(dir, STORE_FILE));
    try {
      for (const [key, sql] of Object.entries(engine.versionQueries)) info[key] = scalar(db, sql);
      info.journalMode = scalar(db, 'PRAGMA journal_mode');
      const sync = scalar(db, 'PRAGMA synchronous');
      info.synchronous = SYNCHRONOUS_NAMES[Number(sync)] ? `${sync} (${SYNCHRONOUS_NAMES[Number(sync)]})` : sync;
      info.pageSize = scalar(db, 'PRAGMA page_size');
      info.cacheSize = scalar(db, 'PRAGMA cache_size');
      try {
        const options = db.prepare('PRAGMA compile_options').all().map((r) => String(Object.values(r)[0]));
        info.compileOptions = options.length ? options.join(' ') : 'none reported (PRAGMA compile_options is empty)';
      } catch (e) {
        info.compileOptions = `unsupported (${e.message})`;
      }
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return info;
}

// ---------------------------------------------------------------------------------------------------------------
// Protocol output. Only protocol lines go to stdout; console output of any library goes to stderr.

const protocolOut = process.stdout;
console.log = console.error;
console.info = console.error;
console.debug = console.error;

function send(obj) {
  protocolOut.write(JSON.stringify(obj) + '\n');
}

class StoreError extends Error {
  constructor(message, store) {
    super(message);
    this.store = store;
  }
}

const PROGRESS_EVERY_NS = 2000000000n;

/** Sends a progress line at most every 2 s; called only between stores. */
function progressTicker(op, total) {
  let last = hrtime();
  return (done) => {
    const now = hrtime();
    if (now - last >= PROGRESS_EVERY_NS) {
      last = now;
      send({ type: 'progress', op, done, total });
    }
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Between stores (never inside a timed region): a minor GC and one event-loop turn, as an app's event loop would
 * give. libsql's close() keeps the connection (file, page cache) alive until its statements are finalized, which
 * happens only after a GC, on the event loop: without this a synchronous loop holds every store it visited open.
 */
async function settle() {
  global.gc({ type: 'minor' });
  await nextTurn();
}

/**
 * The time the worker's threads other than its main thread have run (ns; /proc/self/task/TID/schedstat): V8's
 * compiler and GC helpers. A measured run starts once they have been idle IDLE_NS (settleThreads), as the JVM's does
 * for its compiler threads (storebench.trial.JitThreads: a thread busy on the other core slows the visits beside it).
 */
const IDLE_NS = 50_000_000n;
const SETTLE_MOST_NS = 3_000_000_000n;

function backgroundNs() {
  let sum = 0n;
  let tasks;
  try {
    tasks = fs.readdirSync('/proc/self/task');
  } catch {
    return 0n; // no /proc: nothing to wait for
  }
  for (const tid of tasks) {
    if (Number(tid) === process.pid) continue;
    try {
      const schedstat = fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'latin1');
      sum += BigInt(schedstat.slice(0, schedstat.indexOf(' ')));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return sum;
}

/** Waits until no background thread has run for IDLE_NS, SETTLE_MOST_NS at most: { settleMs, settled }. */
async function settleThreads() {
  const start = hrtime();
  let last = backgroundNs();
  let quietSince = start;
  for (;;) {
    const now = hrtime();
    if (now - quietSince >= IDLE_NS) return { settleMs: Number(now - start) / 1e6, settled: true };
    if (now - start >= SETTLE_MOST_NS) return { settleMs: Number(now - start) / 1e6, settled: false };
    await new Promise((resolve) => setTimeout(resolve, 5));
    const ns = backgroundNs();
    if (ns !== last) {
      last = ns;
      quietSince = hrtime();
    }
  }
}

/**
 * The JS heap in use, for a memory reading: the least of eight full collections, each followed by an event-loop turn
 * so that finalizers run and the objects they free go in the next one. One collection leaves tens of KB of such
 * objects behind, more than the JS objects of a hundred stores; bytecode is never flushed (the worker runs with
 * --no-flush-bytecode), so that cannot shrink the heap between the readings either. (A pause between the collections
 * instead of a turn made the readings noisier: background work lands in some of them.)
 */
async function collectAll() {
  let least = Infinity;
  for (let k = 0; k < 8; k++) {
    global.gc();
    await nextTurn();
    least = Math.min(least, process.memoryUsage().heapUsed);
  }
  return least;
}

/**
 * The yardstick (the JVM's is storebench.trial.Yardstick, the same work): open, read 4 KiB, size and close one scratch
 * file, then touch 256 KiB of memory, one write per cache line. An open run's figures divided by its yardstick's have
 * the host's speed divided out (README, "Noise"). It is timed in blocks right before and right after a run, never
 * between two visits: its work evicts the caches that the next visit would find warm.
 */
const YARD_BLOCK = 500;
const YARD_FILE_BYTES = 4096;
const YARD_MEMORY = new Uint8Array(256 * 1024);
const YARD_BUFFER = Buffer.alloc(YARD_FILE_BYTES);
let yardFile = null;

function yardstick() {
  if (yardFile === null) {
    yardFile = path.join(os.tmpdir(), `storebench-yardstick-${process.pid}.bin`);
    fs.writeFileSync(yardFile, Buffer.alloc(YARD_FILE_BYTES));
    process.on('exit', () => fs.rmSync(yardFile, { force: true }));
  }
  const t0 = hrtime();
  const fd = fs.openSync(yardFile, 'r');
  try {
    fs.readSync(fd, YARD_BUFFER, 0, YARD_FILE_BYTES, 0);
    if (fs.fstatSync(fd).size !== YARD_FILE_BYTES) throw new Error(`${yardFile} changed size: the yardstick's work would not be fixed`);
  } finally {
    fs.closeSync(fd);
  }
  for (let i = 0; i < YARD_MEMORY.length; i += 64) YARD_MEMORY[i] += 1;
  return hrtime() - t0;
}

/** YARD_BLOCK yardsticks back to back into samples (a BigInt64Array) from index from. */
function yardBlock(samples, from) {
  for (let k = 0; k < YARD_BLOCK; k++) samples[from + k] = yardstick();
}

/** Median, minimum and p99 of the difference of back-to-back process.hrtime.bigint() calls (the timer's own cost). */
function timerOverhead(samples) {
  const d = new BigInt64Array(samples);
  for (let round = 0; round < 2; round++) { // the first round warms the JIT
    for (let k = 0; k < samples; k++) {
      const t0 = hrtime();
      const t1 = hrtime();
      d[k] = t1 - t0;
    }
  }
  d.sort();
  return {
    source: 'process.hrtime.bigint',
    backToBackMedianNs: Number(d[Math.floor(samples / 2)]),
    backToBackMinNs: Number(d[0]),
    backToBackP99Ns: Number(d[Math.floor(samples * 0.99)]),
  };
}

function requireGc() {
  if (typeof global.gc !== 'function') {
    throw new Error('global.gc() is missing: start the worker with `node --expose-gc worker.js`');
  }
}

function toNumbers(samples) {
  const out = new Array(samples.length);
  for (let k = 0; k < samples.length; k++) out[k] = Number(samples[k]);
  return out;
}

/** The visit loop's sample arrays, one element per store visited. */
function visitSamples(n) {
  return {
    open: new BigInt64Array(n), asked: new BigInt64Array(n), close: new BigInt64Array(n), total: new BigInt64Array(n),
    closefin: new BigInt64Array(n),
  };
}

/**
 * What a visit asks of a store between its open and its close, by its name in a request: its samples' name, the whole
 * visit's (open to close), and how its answer is checked after the visit's spans (the answer kept between the two).
 */
const QUERIES = {
  count: {
    id: 'count',
    total: 'oqc',
    asking(trial, workload) {
      const expected = workloadOf(workload).notesPerStore;
      const ops = trial.ops;
      let answer = 0;
      return {
        ask(db) { answer = ops.count(db); },
        check(k, i, file) { trial.checkCount(i, file, expected, answer); },
      };
    },
  },
  read: {
    id: 'read',
    total: 'orc',
    asking(trial, workload, order) {
      const expected = trial.expectations(workload, order);
      const ops = trial.ops;
      let answer = null;
      return {
        ask(db) { answer = ops.readAll(db); },
        check(k, i, file) {
          trial.checkNotes(i, file, expected[k], answer);
          answer = null;
        },
      };
    },
  },
};

function queryOf(id) {
  if (!Object.prototype.hasOwnProperty.call(QUERIES, id)) {
    throw new Error(`unknown query ${JSON.stringify(id)}; valid queries: ${Object.keys(QUERIES).join(', ')}`);
  }
  return QUERIES[id];
}

// ---------------------------------------------------------------------------------------------------------------
// The trial: one engine for the process' life, phase loops written once for all engines.

class Trial {
  constructor() {
    this.engineId = null;
    this.ops = null;
  }

  async hello(req) {
    const engine = ENGINES[req.engine];
    if (!engine) {
      throw new Error(`unknown engine ${JSON.stringify(req.engine)}; valid engines: ${Object.keys(ENGINES).join(', ')}`);
    }
    if (this.engineId !== null && this.engineId !== req.engine) {
      throw new Error(`this trial process serves engine ${this.engineId}, not ${req.engine}`);
    }
    requireGc();
    let Database;
    try {
      Database = await engine.load();
    } catch (e) {
      // a binding whose native part cannot load here: the trial is skipped with the loader's reason
      const error = new Error(`the engine cannot load on this machine: ${e.message}`);
      error.unavailable = true;
      throw error;
    }
    const info = describe(engine, Database);
    this.engineId = req.engine;
    this.ops = sqlStoreOps(Database);
    return {
      engine: req.engine, pid: process.pid, runtime: `Node.js ${process.version}`, info, timer: timerOverhead(1000000),
      limits: limits(),
    };
  }

  requireEngine() {
    if (this.ops === null) throw new Error('no engine loaded: send hello first');
    return this.ops;
  }

  storeDir(root, i) {
    return path.join(root, `store-${i}`);
  }

  storeFile(root, i) {
    return path.join(root, `store-${i}`, STORE_FILE);
  }

  /** Paths of the stores, built before a loop; stores that must exist are checked here, untimed. */
  storeFiles(root, list, mustExist) {
    const files = new Array(list.length);
    for (let k = 0; k < list.length; k++) {
      files[k] = this.storeFile(root, list[k]);
      if (mustExist && !fs.existsSync(files[k])) throw new StoreError(`store ${list[k]} does not exist: ${files[k]}`, list[k]);
    }
    return files;
  }

  checkCount(i, file, expected, got) {
    if (got !== expected) {
      throw new StoreError(`count mismatch: engine ${this.engineId}, store ${i} (${file}): expected ${expected}, got ${got}`, i);
    }
  }

  async create(req) {
    const ops = this.requireEngine();
    const root = requireString(req, 'root');
    const workload = requireWorkload(req);
    const stores = requireIndexes(req, 'stores');
    const samples = new BigInt64Array(stores.length);
    const progress = progressTicker('create', stores.length);
    const startMs = Date.now();
    const wallStart = hrtime();
    for (let k = 0; k < stores.length; k++) {
      const i = stores[k];
      const notes = buildNotes(workload, i);
      const dir = this.storeDir(root, i);
      const file = this.storeFile(root, i);
      let t0;
      let t1;
      try {
        t0 = hrtime();
        ops.create(dir, file, notes);
        t1 = hrtime();
      } catch (e) {
        throw new StoreError(`create store ${i} (${file}): ${e.message}`, i);
      }
      samples[k] = t1 - t0;
      progress(k + 1);
      await settle();
    }
    const wallNs = Number(hrtime() - wallStart);
    return { samples: { create: toNumbers(samples) }, startMs, wallNs };
  }

  /** Like create, with each step timed on its own: t0 createOpen t1 buildNotes t2 put t3 close t4. */
  async createprofile(req) {
    const ops = this.requireEngine();
    const root = requireString(req, 'root');
    const workload = requireWorkload(req);
    const stores = requireIndexes(req, 'stores');
    const n = stores.length;
    const open = new BigInt64Array(n);
    const build = new BigInt64Array(n);
    const put = new BigInt64Array(n);
    const close = new BigInt64Array(n);
    const total = new BigInt64Array(n);
    const progress = progressTicker('createprofile', n);
    const wallStart = hrtime();
    for (let k = 0; k < n; k++) {
      const i = stores[k];
      const dir = this.storeDir(root, i);
      const file = this.storeFile(root, i);
      let t0;
      let t1;
      let t2;
      let t3;
      let t4;
      try {
        t0 = hrtime();
        const db = ops.createOpen(dir, file);
        t1 = hrtime();
        const notes = buildNotes(workload, i);
        t2 = hrtime();
        ops.put(db, notes);
        t3 = hrtime();
        ops.close(db);
        t4 = hrtime();
      } catch (e) {
        throw new StoreError(`create store ${i} (${file}): ${e.message}`, i);
      }
      open[k] = t1 - t0;
      build[k] = t2 - t1;
      put[k] = t3 - t2;
      close[k] = t4 - t3;
      total[k] = t4 - t0;
      progress(k + 1);
      await settle();
    }
    const wallNs = Number(hrtime() - wallStart);
    return {
      samples: { open: toNumbers(open), build: toNumbers(build), put: toNumbers(put), close: toNumbers(close), total: toNumbers(total) },
      wallNs,
    };
  }

  /**
   * One worker of a concurrent run (protocol.md "concurrent"): a Node database call is synchronous, so a Node worker is
   * a process and takes one share. It spins until the wall clock reaches startAtMs, so that the workers (processes)
   * start together, then times open, count, close as one span per store, the count checked after the span.
   */
  async concurrent(req) {
    this.requireEngine();
    const root = requireString(req, 'root');
    const workload = requireWorkload(req);
    if (!Array.isArray(req.shares) || req.shares.length !== 1) {
      throw new Error('concurrent needs "shares": exactly one array of stores (a Node worker process is one worker)');
    }
    const share = requireIndexes({ op: req.op, share: req.shares[0] }, 'share');
    const startAtMs = Number(req.startAtMs || 0);
    const files = this.storeFiles(root, share, true);
    const s = visitSamples(share.length);
    const asking = queryOf('count').asking(this, workload, share);
    const progress = progressTicker('concurrent', share.length);
    const epochUs = () => Math.round((performance.timeOrigin + performance.now()) * 1000);
    while (Date.now() < startAtMs) {
      // spin: a timer's wake-up would add milliseconds of skew between the workers
    }
    const startUs = epochUs();
    await this.loop(files, share, asking, s, progress);
    const endUs = epochUs();
    return { workers: [{ oqc: toNumbers(s.total), startUs, endUs }], wallNs: (endUs - startUs) * 1000 };
  }

  /**
   * The one visit loop of the Node worker (the JVM's is PhaseLoops.visits, protocol.md "visits"): the warm-up, the
   * open runs, the read runs and a concurrent run's worker visit stores with it. For each store of the order: t0 open
   * t1 the query (count, or read every note) t2 close t3; then a minor GC and one event-loop turn, t4 (settle(): what
   * closing really costs where a binding releases the connection only when its statements are finalized, libsql, as its
   * own span closefin = t4 - t2, never in the others); the answer is checked after. Between two stores nothing but the
   * loop. With "yard", a block of yardsticks right before the first store and right after the last.
   */
  async visits(req) {
    this.requireEngine();
    const root = requireString(req, 'root');
    const workload = requireWorkload(req);
    const order = requireIndexes(req, 'order');
    const query = queryOf(req.query === undefined ? 'count' : req.query);
    const files = this.storeFiles(root, order, true);
    const s = visitSamples(order.length);
    const yard = req.yard === true ? new BigInt64Array(2 * YARD_BLOCK) : null;
    if (yard !== null) yardBlock(yard, 0);
    const settled = req.settle === true ? await settleThreads() : {}; // after the yardstick's block: it sets off work too
    const read0 = deviceReadBytes();
    const startMs = Date.now();
    const wallStart = hrtime();
    await this.loop(files, order, query.asking(this, workload, order), s, progressTicker('visits', order.length));
    const wallNs = Number(hrtime() - wallStart);
    const read1 = deviceReadBytes();
    if (yard !== null) yardBlock(yard, YARD_BLOCK);
    const samples = {
      open: toNumbers(s.open), [query.id]: toNumbers(s.asked), close: toNumbers(s.close), [query.total]: toNumbers(s.total),
      closefin: toNumbers(s.closefin),
    };
    if (yard !== null) samples.yard = toNumbers(yard);
    const readBytes = read0 < 0 || read1 < 0 ? -1 : read1 - read0;
    return { run: req.run, samples, startMs, wallNs, readBytes, ...settled };
  }

  async loop(files, order, asking, s, progress) {
    const ops = this.ops;
    for (let k = 0; k < order.length; k++) {
      let t0;
      let t1;
      let t2;
      let t3;
      try {
        t0 = hrtime();
        const db = ops.open(files[k]);
        t1 = hrtime();
        asking.ask(db);
        t2 = hrtime();
        ops.close(db);
        t3 = hrtime();
      } catch (e) {
        throw new StoreError(`store ${order[k]} (${files[k]}): ${e.message}`, order[k]);
      }
      await settle();
      const t4 = hrtime();
      asking.check(k, order[k], files[k]);
      s.open[k] = t1 - t0;
      s.asked[k] = t2 - t1;
      s.close[k] = t3 - t2;
      s.total[k] = t3 - t0;
      s.closefin[k] = t4 - t2;
      progress(k + 1);
    }
  }

  /** A read must have touched every note: its count, and the sums of text lengths and of ts, as the workload's. */
  checkNotes(i, file, expected, rows) {
    let lengths = 0;
    let ts = 0;
    for (let k = 0; k < rows.length; k++) {
      lengths += rows[k].text.length;
      ts += Number(rows[k].ts);
    }
    this.checkCount(i, file, expected.count, rows.length);
    if (lengths !== expected.lengths || ts !== expected.ts) {
      throw new StoreError(`count mismatch: engine ${this.engineId}, store ${i} (${file}): the notes read back differ from`
        + ` the workload's: text lengths sum to ${lengths} (expected ${expected.lengths}), ts to ${ts} (expected ${expected.ts})`, i);
    }
  }

  /** Expected sums per visit of the order, worked out before a loop so the loop does nothing more. */
  expectations(workload, order) {
    const byStore = new Map();
    const count = workloadOf(workload).notesPerStore;
    return order.map((i) => {
      if (!byStore.has(i)) byStore.set(i, { count, ...expectedSums(workload, i) });
      return byStore.get(i);
    });
  }

  async hold(req) {
    const ops = this.requireEngine();
    requireGc();
    const root = requireString(req, 'root');
    const expected = workloadOf(requireWorkload(req)).notesPerStore;
    const stores = requireIndexes(req, 'stores');
    if (stores.length === 0) throw new Error('hold needs at least one store');
    const files = this.storeFiles(root, stores, true);
    const dbs = new Array(stores.length).fill(null);
    const wallStart = hrtime();
    // The engine's one-off costs (loading, JIT, the first query's work) must not land in (after - before) / M: the
    // memory phase warms the process up (the visits of its warm-up) before it asks for the hold.
    const progress = progressTicker('hold', stores.length);
    try {
      const heapBefore = await collectAll();
      const before = memorySnapshot(heapBefore);
      for (let k = 0; k < stores.length; k++) {
        try {
          dbs[k] = ops.open(files[k]);
        } catch (e) {
          throw new StoreError(`store ${stores[k]} (${files[k]}): ${e.message}`, stores[k]);
        }
        let n;
        try {
          n = ops.count(dbs[k]);
        } catch (e) {
          throw new StoreError(`store ${stores[k]} (${files[k]}): ${e.message}`, stores[k]);
        }
        this.checkCount(stores[k], files[k], expected, n);
        progress(k + 1);
        await settle();
      }
      const heapAfter = await collectAll();
      const after = memorySnapshot(heapAfter);
      return { opened: stores.length, before, after, wallNs: Number(hrtime() - wallStart) };
    } finally {
      for (let k = 0; k < dbs.length; k++) {
        if (dbs[k] !== null) {
          try {
            ops.close(dbs[k]);
          } catch (e) {
            console.error(`closing store ${stores[k]}: ${e.message}`);
          }
        }
      }
    }
  }

  /**
   * Creates store 0, then stores 1, 2, ... as copies of its files (storeCopy: read once the engine has closed it), and
   * keeps every one open (one count each, checked against W) until "max" are open, the machine's available memory
   * falls below memoryMarginKb, the root's free space below diskMarginBytes, or a store fails to be copied, opened or
   * counted (protocol.md "capacity"; the JVM's loop is PhaseLoops.capacity).
   */
  async capacity(req) {
    const ops = this.requireEngine();
    requireGc();
    const root = requireString(req, 'root');
    const workload = requireWorkload(req);
    const expected = workloadOf(workload).notesPerStore;
    const max = req.max;
    if (!Number.isSafeInteger(max) || max < 1) throw new Error('capacity needs "max": the most stores to hold open, >= 1');
    const every = Number.isSafeInteger(req.every) && req.every > 0 ? req.every : 1000;
    const warmOpens = Number.isSafeInteger(req.warmOpens) ? req.warmOpens : 0;
    const memoryMarginKb = Number(req.memoryMarginKb || 0);
    const diskMarginBytes = Number(req.diskMarginBytes || 0);
    const progress = progressTicker('capacity', max);
    const open = [];
    const points = [];
    const result = { opened: 0, stop: null };
    // one descriptor kept back for the points: a store may fail because none is left, and reading /proc takes one.
    // It is closed while a point is read, so that no point counts it
    let spare = fs.openSync('/dev/null', 'r');
    const point = async (stores) => {
      fs.closeSync(spare);
      spare = null;
      try {
        return await capacityPoint(stores);
      } finally {
        spare = fs.openSync('/dev/null', 'r');
      }
    };
    const wallStart = hrtime();
    try {
      ops.create(this.storeDir(root, 0), this.storeFile(root, 0), buildNotes(workload, 0));
      await settle(); // libsql's connection is released only once its statements are collected
      const template = storeCopy(this.storeDir(root, 0));
      for (let k = 0; k < warmOpens; k++) {
        const db = ops.open(this.storeFile(root, 0));
        const n = ops.count(db);
        ops.close(db);
        this.checkCount(0, this.storeFile(root, 0), expected, n);
        await settle();
      }
      points.push(await point(0));
      for (let i = 0; i < max; i++) {
        if (i % 10 === 0 && procKb(fs.readFileSync('/proc/meminfo', 'utf8'), 'MemAvailable') < memoryMarginKb) {
          result.stop = 'memory';
          break;
        }
        if (i % 100 === 0) {
          const disk = fs.statfsSync(root);
          if (disk.bavail * disk.bsize < diskMarginBytes) {
            result.stop = 'disk';
            break;
          }
        }
        const file = this.storeFile(root, i);
        let during = 'copy';
        let db = null;
        try {
          if (i > 0) template.writeTo(this.storeDir(root, i));
          during = 'open';
          db = ops.open(file);
          during = 'count';
          const n = ops.count(db);
          if (n !== expected) throw new Error(`count mismatch: engine ${this.engineId}, store ${i} (${file}): expected ${expected}, got ${n}`);
          open.push(db);
          db = null; // held: closed with the others
          during = 'hold'; // the harness' own step with it open: a full heap fails wherever the next allocation is
          progress(open.length);
          if (open.length % every === 0 && open.length < max) points.push(await point(open.length));
        } catch (e) {
          if (db !== null) closeQuietly(ops, db);
          Object.assign(result, { stop: 'error', during, store: i, message: e && e.message ? e.message : String(e) });
          break;
        }
      }
      if (result.stop === null) result.stop = 'cap';
      result.opened = open.length;
      result.wallNs = Number(hrtime() - wallStart);
      fs.closeSync(spare);
      spare = null;
      if (points[points.length - 1].stores !== open.length) points.push(await capacityPoint(open.length));
      return { ...result, points, limits: limits() };
    } finally {
      if (spare !== null) fs.closeSync(spare);
      for (const db of open) closeQuietly(ops, db);
    }
  }

  /** How one store lies on disk, as the engine tells it (page counts, ts's storage class): the report's caveats. */
  async layout(req) {
    const ops = this.requireEngine();
    const root = requireString(req, 'root');
    const i = requireIndexes({ op: req.op, stores: [req.store] }, 'stores')[0];
    const file = this.storeFiles(root, [i], true)[0];
    const db = ops.open(file);
    try {
      return { store: i, layout: ops.layout(db) };
    } finally {
      ops.close(db);
    }
  }

  /** Notes j of one store as the engine reads them back (id, text, ts): tests compare them with the fixture. */
  async notes(req) {
    const ops = this.requireEngine();
    const root = requireString(req, 'root');
    const i = requireIndexes({ op: req.op, stores: [req.store] }, 'stores')[0];
    const js = requireIndexes(req, 'js');
    const file = this.storeFiles(root, [i], true)[0];
    const db = ops.open(file);
    try {
      const all = ops.readAll(db);
      return { store: i, notes: js.map((j) => ({ j, id: Number(all[j].id), text: all[j].text, ts: Number(all[j].ts) })) };
    } finally {
      ops.close(db);
    }
  }

  async check(req) {
    const ops = this.requireEngine();
    const root = requireString(req, 'root');
    const expected = workloadOf(requireWorkload(req)).notesPerStore;
    const stores = requireIndexes(req, 'stores');
    const files = this.storeFiles(root, stores, false);
    const progress = progressTicker('check', stores.length);
    const valid = [];
    for (let k = 0; k < stores.length; k++) {
      if (fs.existsSync(files[k])) {
        try {
          const db = ops.open(files[k]);
          try {
            if (ops.count(db) === expected) valid.push(stores[k]);
          } finally {
            ops.close(db);
          }
        } catch (e) {
          console.error(`check: store ${stores[k]} (${files[k]}) is not valid: ${e.message}`);
        }
      }
      progress(k + 1);
      await settle();
    }
    return { valid };
  }
}

/**
 * read_bytes of this process (/proc/self/io): what it caused to be read from the device, page faults of mapped files
 * included; -1 where /proc does not tell (the JVM's is PhaseLoops.deviceReadBytes).
 */
function deviceReadBytes() {
  try {
    const m = /^read_bytes:\s+(\d+)\s*$/m.exec(fs.readFileSync('/proc/self/io', 'utf8'));
    return m === null ? -1 : Number(m[1]);
  } catch (e) {
    return -1;
  }
}

/**
 * A closed store's files, read once into memory, written out as new stores: the capacity phase's stores (the JVM's is
 * storebench.trial.StoreCopy). Creating 20,000 stores through the engine, each with its syncs, was most of that phase's
 * time, and it measures holding stores open. Every copy is the store the engine wrote, byte for byte; writing never
 * replaces a file ('wx').
 */
function storeCopy(dir) {
  const dirs = [];
  const files = [];
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const name = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        dirs.push(name);
        walk(name);
      } else if (entry.isFile()) {
        files.push({ name, bytes: fs.readFileSync(path.join(dir, name)) });
      } else {
        throw new Error(`the template store ${dir} holds ${name}, neither a file nor a directory: it cannot be copied`);
      }
    }
  };
  walk('');
  if (files.length === 0) throw new Error(`the template store ${dir} holds no file: the engine wrote it elsewhere`);
  return {
    files: files.map((f) => f.name),
    writeTo(target) {
      fs.mkdirSync(target);
      for (const d of dirs) fs.mkdirSync(path.join(target, d));
      for (const f of files) fs.writeFileSync(path.join(target, f.name), f.bytes, { flag: 'wx' });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Memory snapshot (protocol.md "A memory snapshot")

function procKb(text, key) {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text);
  if (!m) throw new Error(`no ${key} line`);
  return Number(m[1]);
}

function memorySnapshot(heapUsed) {
  const rollup = fs.readFileSync('/proc/self/smaps_rollup', 'utf8');
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return {
    rssKb: procKb(rollup, 'Rss'),
    anonKb: procKb(rollup, 'Anonymous'),
    rssAnonKb: procKb(status, 'RssAnon'),
    rssFileKb: procKb(status, 'RssFile'),
    rssShmemKb: procKb(status, 'RssShmem'),
    heapUsedBytes: heapUsed,
  };
}

function closeQuietly(ops, db) {
  try {
    ops.close(db);
  } catch (e) {
    console.error(`capacity: closing a store failed: ${e.message}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What the process holds and the limits it runs under (protocol.md "capacity"; the JVM's is ProcResources)

/** One point of the capacity curve: the memory snapshot, virtual size, descriptors, maps and threads. */
async function capacityPoint(stores) {
  const snapshot = memorySnapshot(await collectAll());
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const maps = fs.readFileSync('/proc/self/maps', 'utf8');
  return {
    stores,
    ...snapshot,
    vszKb: procKb(status, 'VmSize'),
    fds: fs.readdirSync('/proc/self/fd').length - 1, // less the descriptor that lists the directory
    maps: maps.length === 0 ? 0 : maps.trimEnd().split('\n').length,
    threads: Number(/^Threads:\s+(\d+)/m.exec(status)[1]),
  };
}

/** A /proc/self/limits row's soft and hard value ("Max open files  1024  4096  files"); -1 for unlimited. */
function limitRow(text, name) {
  const line = text.split('\n').find((l) => l.startsWith(name));
  if (!line) throw new Error(`no '${name}' row in /proc/self/limits`);
  const [soft, hard] = line.slice(name.length).trim().split(/\s+/);
  const value = (v) => (v === 'unlimited' ? -1 : Number(v));
  return [value(soft), value(hard)];
}

function sysNumber(file) {
  return Number(fs.readFileSync(file, 'utf8').trim());
}

/** The limits the process runs under, after Node raised its own soft NOFILE limit at start (libuv does). */
function limits() {
  const text = fs.readFileSync('/proc/self/limits', 'utf8');
  const meminfo = fs.readFileSync('/proc/meminfo', 'utf8');
  const [nofileSoft, nofileHard] = limitRow(text, 'Max open files');
  const as = limitRow(text, 'Max address space')[0];
  return {
    nofileSoft,
    nofileHard,
    asSoftKb: as === -1 ? -1 : Math.floor(as / 1024),
    nprocSoft: limitRow(text, 'Max processes')[0],
    maxMapCount: sysNumber('/proc/sys/vm/max_map_count'),
    overcommit: sysNumber('/proc/sys/vm/overcommit_memory'),
    threadsMax: sysNumber('/proc/sys/kernel/threads-max'),
    pidMax: sysNumber('/proc/sys/kernel/pid_max'),
    memTotalKb: procKb(meminfo, 'MemTotal'),
    memAvailableKb: procKb(meminfo, 'MemAvailable'),
    heapMaxBytes: v8.getHeapStatistics().heap_size_limit, // the JS heap's own limit
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Request validation

function requireString(req, field) {
  if (typeof req[field] !== 'string' || req[field] === '') throw new Error(`${req.op} needs a string "${field}"`);
  return req[field];
}

function requireWorkload(req) {
  workloadOf(req.workload);
  return req.workload;
}

function requireIndexes(req, field) {
  const list = req[field];
  if (!Array.isArray(list) || !list.every((i) => Number.isSafeInteger(i) && i >= 0)) {
    throw new Error(`${req.op} needs "${field}": an array of store indexes (integers >= 0)`);
  }
  return list;
}

// ---------------------------------------------------------------------------------------------------------------
// Main loop

const OPS = ['hello', 'create', 'createprofile', 'visits', 'hold', 'capacity', 'concurrent',
  'check', 'layout', 'notes', 'exit'];

async function handle(trial, line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    send({ type: 'error', op: null, message: `request is not JSON: ${e.message}` });
    return true;
  }
  if (req === null || typeof req !== 'object' || Array.isArray(req)) {
    send({ type: 'error', op: null, message: 'request is not a JSON object' });
    return true;
  }
  const op = req.op;
  if (!OPS.includes(op)) {
    send({ type: 'error', op: op === undefined ? null : op, message: `unknown op ${JSON.stringify(op)}; valid ops: ${OPS.join(', ')}` });
    return true;
  }
  if (op === 'exit') {
    send({ type: 'result', op });
    return false;
  }
  try {
    const result = await trial[op](req);
    send({ type: 'result', op, ...result });
  } catch (e) {
    const error = { type: 'error', op, message: e && e.message ? e.message : String(e) };
    if (e instanceof StoreError && e.store !== undefined) error.store = e.store;
    if (e && e.unavailable) error.unavailable = true;
    send(error);
  }
  return true;
}

/**
 * A trial process must not outlive the suite: once the parent is gone (re-parented), exit. The check runs on the
 * event loop, which the phase loops give a turn between stores.
 */
function exitWhenOrphaned() {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) {
      console.error('trial process: the suite (parent process) is gone; exiting');
      process.exit(3);
    }
  }, 1000).unref();
}

async function main() {
  exitWhenOrphaned();
  const trial = new Trial();
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    if (!(await handle(trial, line))) break;
  }
  lines.close();
  process.exit(0);
}

module.exports = { LOREM, BASE_TS, WORKLOADS, noteText, noteTs, buildNotes, ENGINES, limits, capacityPoint, storeCopy, Trial, YARD_BLOCK };

if (require.main === module) {
  main().catch((e) => {
    console.error(e && e.stack ? e.stack : e);
    process.exit(1);
  });
}

'use strict';
// The engines (the JVM's are in storebench.engine). All three bindings speak the better-sqlite3 API, so one set of
// store operations serves them; each engine part says how its binding is loaded and which packages describe it.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// where the worker's packages are installed (package.json beside worker.js)
// bench.against's side B loads its engine's packages from their own folder (STOREBENCH_PACKAGES, installed apart
// from the worker's), every other process from the worker's node_modules
const NODE_MODULES = process.env.STOREBENCH_PACKAGES || path.join(__dirname, '..', 'node_modules');
const requirePackage = require('node:module').createRequire(path.join(NODE_MODULES, '..', 'package.json'));

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

/** Puts the notes in one transaction, commit included (the INSERT prepared here, as a store's writer would). */
function putNotes(db, notes) {
  const insert = db.prepare(INSERT);
  const texts = notes.texts;
  const ts = notes.ts;
  db.exec('BEGIN');
  for (let j = 0; j < notes.count; j++) insert.run(texts[j], ts[j]);
  db.exec('COMMIT');
}

/**
 * How one store lies on disk, as the engine itself tells it: its pages (PRAGMA), the b-tree pages of the note
 * table by type from the dbstat table where the engine has it (null where not), and ts's storage classes.
 */
function storeLayout(db) {
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
}

/**
 * Store operations over a better-sqlite3-compatible Database class; engine defaults, no pragmas set. With
 * `readonly` (the tuned setting, for an engine whose binding opens read-only), the phases that only read open the
 * store with `{ readonly: true }`.
 */
function sqlStoreOps(Database, { readonly = false } = {}) {
  const reading = readonly ? { readonly: true } : undefined;
  return {
    /** Creates the store's directory and database with the schema, puts the notes in one transaction, closes. */
    create(dir, file, notes) {
      fs.mkdirSync(dir);
      const db = new Database(file);
      db.exec(SCHEMA); // the schema commit
      putNotes(db, notes);
      db.close();
    },
    open(file) {
      return new Database(file);
    },
    /** Opens a store for a phase that only reads it (the visit loop, hold, capacity): read-only where tuned. */
    openForReading(file) {
      return reading === undefined ? new Database(file) : new Database(file, reading);
    },
    /** Create profile, step 1: creates the store's directory and database, commits the schema; the open store. */
    createOpen(dir, file) {
      fs.mkdirSync(dir);
      const db = new Database(file);
      db.exec(SCHEMA); // the schema commit
      return db;
    },
    /** Create profile, step 3: puts the notes in one transaction, commit included (statement prepared here). */
    put: putNotes,

    /**
     * One note as a careful user writes one row: one prepared INSERT run outside any explicit transaction, so the
     * statement is its own transaction (the traffic phase's write; preparing is part of its cost, as the count's).
     */
    write(db, text, ts) {
      db.prepare(INSERT).run(text, ts);
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
    layout: storeLayout,
  };
}

const ENGINES = {
  turso: {
    what: 'Turso Database through @tursodatabase/database (sync compat API)',
    packages: ['@tursodatabase/database', '@tursodatabase/database-common', '@tursodatabase/database-linux-x64-gnu'],
    // ESM-only package: a dynamic import (at hello, never in a timed region) works on every Node >= 20
    load: async () => (await import(require('node:url').pathToFileURL(
      requirePackage.resolve('@tursodatabase/database/compat')).href)).Database,
    // the tuned setting: its Database takes { readonly: true } (dist/compat.js of @tursodatabase/database-common)
    readonlyOpen: true,
    versionQueries: { engineVersion: 'SELECT turso_version()', sqliteVersion: 'SELECT sqlite_version()' },
  },
  libsql: {
    what: 'libSQL through libsql',
    packages: ['libsql', '@libsql/linux-x64-gnu'],
    load: async () => requirePackage('libsql'),
    // close() releases the connection only once its statements are collected: the traffic loop settles after an eviction
    settleAfterClose: true,
    // no read-only open: libsql 0.5.29's Database passes no readonly flag to its native open (index.js)
    readonlyOpen: false,
    versionQueries: { engineVersion: 'SELECT sqlite_version()' },
  },
  'sqlite-node': {
    what: 'SQLite through better-sqlite3',
    packages: ['better-sqlite3'],
    load: async () => requirePackage('better-sqlite3'),
    // the tuned setting: { readonly: true } opens with SQLITE_OPEN_READONLY (docs/api.md, "new Database")
    readonlyOpen: true,
    versionQueries: { engineVersion: 'SELECT sqlite_version()' },
  },
};

const SYNCHRONOUS_NAMES = ['OFF', 'NORMAL', 'FULL', 'EXTRA'];

/** Version of an installed npm package, read from its own package.json. */
function packageVersion(name) {
  let dir;
  try {
    dir = path.dirname(requirePackage.resolve(name));
  } catch {
    // optional native packages have no main: look in node_modules directly
    dir = path.join(NODE_MODULES, name);
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

module.exports = { STORE_FILE, sqlStoreOps, ENGINES, describe };

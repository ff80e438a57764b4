'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');

const WORKER = path.join(__dirname, '..', 'worker.js');
const OPS_DIR = path.join(__dirname, '..', 'lib', 'ops');
/** The ops but hello and exit, as lib/ops' files name them. */
const OP_FILES = fs.readdirSync(OPS_DIR).filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3)).sort();
const { LOREM, BASE_TS, WORKLOADS, noteText, noteTs, buildNotes, ENGINES, YARD_BLOCK, storeCopy } = require(WORKER);
const { workloadOf } = require('../lib/workloads');

/** fixtures/workload-notes.json at the repository root, found by walking up from this file. */
function fixturePath() {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'fixtures', 'workload-notes.json');
    if (fs.existsSync(file)) return file;
    if (path.dirname(dir) === dir) throw new Error(`fixtures/workload-notes.json not found above ${__dirname}`);
  }
}

/** The worker as a child process, spoken to one request at a time as the parent does. */
class WorkerProcess {
  constructor() {
    this.child = spawn(process.execPath, ['--expose-gc', WORKER], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    this.child.stderr.on('data', (d) => { this.stderr += d; });
    this.lines = readline.createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  /** Sends one request; answers its result or error line, with the progress lines seen before it. */
  async request(req) {
    this.child.stdin.write(JSON.stringify(req) + '\n');
    const progress = [];
    for (; ;) {
      const { value, done } = await this.lines.next();
      if (done) throw new Error(`worker closed stdout during ${req.op}; stderr: ${this.stderr}`);
      const line = JSON.parse(value);
      if (line.type === 'progress') {
        progress.push(line);
        continue;
      }
      assert.equal(line.op, req.op === undefined ? null : req.op);
      return { ...line, progress };
    }
  }

  async ok(req) {
    const answer = await this.request(req);
    assert.equal(answer.type, 'result', `${req.op}: ${answer.message}; stderr: ${this.stderr}`);
    return answer;
  }

  kill() {
    this.child.kill();
  }
}

function assertPositiveIntegers(values, count, what) {
  assert.equal(values.length, count, `${what}: ${count} samples`);
  for (const v of values) assert.ok(Number.isInteger(v) && v > 0, `${what}: ${v} is a positive integer`);
}

function assertSnapshot(s) {
  for (const key of ['rssKb', 'anonKb', 'rssAnonKb', 'rssFileKb', 'heapUsedBytes']) {
    assert.ok(Number.isInteger(s[key]) && s[key] > 0, `${key} = ${s[key]}`);
  }
  assert.ok(Number.isInteger(s.rssShmemKb) && s.rssShmemKb >= 0);
}

test('workload texts and timestamps equal the fixture', () => {
  const fixture = JSON.parse(fs.readFileSync(fixturePath(), 'utf8'));
  assert.equal(LOREM.length, fixture.loremChars);
  assert.equal(BASE_TS, fixture.baseTs);
  for (const [workload, spec] of Object.entries(fixture.workloads)) {
    assert.equal(workloadOf(workload).notesPerStore, spec.notesPerStore, workload);
    assert.ok(spec.notes.length > 0);
    for (const note of spec.notes) {
      assert.equal(noteText(workload, note.agent, note.j), note.text, `${workload} note ${note.j} of agent ${note.agent}`);
      assert.equal(noteTs(note.j), note.ts);
    }
  }
  assert.deepEqual(Object.keys(WORKLOADS).sort(), Object.keys(fixture.workloads).filter((w) => !w.startsWith('custom-')).sort());
  assert.ok(Object.keys(fixture.workloads).some((w) => w.startsWith('custom-')), 'the fixture holds a custom workload');
  assert.throws(() => workloadOf('custom'), /custom-<W>x<C>/);
});

// The visit loop in a process of its own (settle() needs --expose-gc) over a fake engine that counts the files the
// process opens: between a store's close and the next store's open, the harness opens none (the yardstick runs in
// blocks before and after the run, where it cannot evict what the next visit would find warm).
test('the visit loop runs nothing of the harness between two stores', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storebench-gaps-'));
  try {
    const script = `
      const fs = require('node:fs');
      const { PhaseLoops } = require(${JSON.stringify(WORKER)});
      let opened = 0;
      const openSync = fs.openSync;
      fs.openSync = (...args) => { opened += 1; return openSync(...args); };
      let closedAt = null;
      const between = [];
      const trial = new PhaseLoops();
      trial.engineId = 'fake';
      trial.ops = {
        openForReading() { if (closedAt !== null) between.push(opened - closedAt); return {}; },
        count() { return 10; },
        close() { closedAt = opened; },
      };
      const order = [...Array(50).keys()];
      const visits = require(${JSON.stringify(path.join(OPS_DIR, 'visits.js'))});
      visits(trial, { root: process.argv[1], workload: 'small', run: 1, order, yard: true }).then((r) => {
        process.stdout.write(JSON.stringify({ between, yard: r.samples.yard.length, opened }));
      });`;
    for (let i = 0; i < 50; i++) {
      fs.mkdirSync(path.join(root, `store-${i}`));
      fs.writeFileSync(path.join(root, `store-${i}`, 'store.db'), '');
    }
    const out = require('node:child_process').spawnSync(process.execPath, ['--expose-gc', '-e', script, root], { encoding: 'utf8' });
    assert.equal(out.status, 0, out.stderr);
    const seen = JSON.parse(out.stdout);
    assert.equal(seen.between.length, 49);
    assert.deepEqual([...new Set(seen.between)], [0], 'files the harness opened between two stores');
    assert.equal(seen.yard, 2 * YARD_BLOCK);
    assert.ok(seen.opened >= 2 * YARD_BLOCK, `the yardstick's blocks opened its file ${seen.opened} times`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a capacity store is a copy of the template\'s files and directories, byte for byte, and never replaces one', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storecopy-'));
  try {
    const template = path.join(root, 'store-0');
    fs.mkdirSync(path.join(template, 'seg', 'sub'), { recursive: true });
    fs.writeFileSync(path.join(template, 'store.db'), Buffer.from([1, 2, 3, 0, 5]));
    fs.writeFileSync(path.join(template, 'seg', 'sub', 'log'), 'log');
    const copy = storeCopy(template);
    fs.writeFileSync(path.join(template, 'later'), 'written after the template was read');
    copy.writeTo(path.join(root, 'store-1'));
    assert.deepEqual(fs.readFileSync(path.join(root, 'store-1', 'store.db')), Buffer.from([1, 2, 3, 0, 5]));
    assert.equal(fs.readFileSync(path.join(root, 'store-1', 'seg', 'sub', 'log'), 'utf8'), 'log');
    assert.equal(fs.existsSync(path.join(root, 'store-1', 'later')), false);
    assert.deepEqual(copy.files, ['seg/sub/log', 'store.db']);
    fs.mkdirSync(path.join(root, 'store-2'));
    fs.writeFileSync(path.join(root, 'store-2', 'store.db'), 'someone\'s');
    assert.throws(() => copy.writeTo(path.join(root, 'store-2')), /EEXIST/);
    assert.equal(fs.readFileSync(path.join(root, 'store-2', 'store.db'), 'utf8'), 'someone\'s');
  } finally {
    fs.rmSync(root, { recursive: true });
  }
});

test('buildNotes builds the W notes of one agent', () => {
  const notes = buildNotes('large', 7);
  assert.equal(notes.count, 1000);
  assert.equal(notes.texts.length, 1000);
  assert.equal(notes.texts[3], noteText('large', 7, 3));
  assert.ok(notes.texts.every((t) => t.length === 300));
  assert.equal(notes.ts[999], BigInt(BASE_TS + 999), 'ts is bound as a 64-bit integer (BigInt), not a double');
});

test('rejects an unknown engine, an unknown op and a request before hello, naming the valid values', async () => {
  const worker = new WorkerProcess();
  try {
    const early = await worker.request({ op: 'check', root: os.tmpdir(), workload: 'small', stores: [] });
    assert.equal(early.type, 'error');
    assert.match(early.message, /send hello first/);
    const engine = await worker.request({ op: 'hello', engine: 'nope' });
    assert.equal(engine.type, 'error');
    assert.equal(engine.message, 'unknown engine "nope"; valid engines: turso, libsql, sqlite-node');
    const op = await worker.request({ op: 'frobnicate' });
    assert.equal(op.type, 'error');
    assert.equal(op.message, `unknown op "frobnicate"; valid ops: hello, ${OP_FILES.join(', ')}, exit`);
    await worker.ok({ op: 'exit' });
    assert.equal(await worker.exited, 0);
  } finally {
    worker.kill();
  }
});

test('every file of lib/ops is an op: it exports its handler (loops, req), and the worker serves it by its name', () => {
  assert.ok(OP_FILES.length > 0);
  for (const op of OP_FILES) {
    const handler = require(path.join(OPS_DIR, `${op}.js`));
    assert.equal(typeof handler, 'function', `lib/ops/${op}.js exports a function`);
    assert.equal(handler.length, 2, `lib/ops/${op}.js: (loops, req)`);
  }
  const { OPS } = require(WORKER);
  assert.deepEqual(OPS, ['hello', ...OP_FILES, 'exit']);
});

// The memory phase's baseline is the code a worker has loaded when it measures: an op's code (its file in lib/ops and
// the helpers only it uses) is required on its first request, traffic's only then.
test('loads at start what every op uses, an op\'s code on its first request, traffic\'s code only then', () => {
  const script = `
    const path = require('node:path');
    const lib = path.join(path.dirname(${JSON.stringify(WORKER)}), 'lib') + path.sep;
    const loaded = () => Object.keys(require.cache).filter((f) => f.startsWith(lib)).map((f) => f.slice(lib.length)).sort();
    const { handlerOf } = require(${JSON.stringify(WORKER)});
    const start = loaded();
    handlerOf('visits');
    const visits = loaded().filter((f) => !start.includes(f));
    handlerOf('hold');
    const hold = loaded().filter((f) => !start.includes(f) && !visits.includes(f));
    handlerOf('traffic');
    const traffic = loaded().filter((f) => !start.includes(f) && !visits.includes(f) && !hold.includes(f));
    process.stdout.write(JSON.stringify({ start, visits, hold, traffic }));`;
  const out = require('node:child_process').spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  const seen = JSON.parse(out.stdout);
  assert.ok(seen.start.includes('phase-loops.js'), 'phase-loops.js at start');
  assert.deepEqual(seen.start.filter((f) => f.startsWith(`ops${path.sep}`) || /traffic|store-cache/.test(f)), [],
    'no op file and nothing of traffic loaded at start');
  assert.deepEqual(seen.visits, [path.join('ops', 'visits.js'), 'visits.js']);
  assert.deepEqual(seen.hold, [path.join('ops', 'hold.js')]);
  assert.deepEqual(seen.traffic, [path.join('ops', 'traffic.js'), 'store-cache.js', 'traffic-loop.js']);
});

test('exits when stdin closes', async () => {
  const worker = new WorkerProcess();
  worker.child.stdin.end();
  assert.equal(await worker.exited, 0);
});

for (const engine of Object.keys(ENGINES)) {
  test(`engine ${engine}: every phase end to end, and a wrong count fails a visit`, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `storebench-test-${engine}-`));
    const worker = new WorkerProcess();
    try {
      const hello = await worker.ok({ op: 'hello', engine });
      assert.equal(hello.engine, engine);
      assert.equal(hello.pid, worker.child.pid);
      assert.equal(hello.runtime, `Node.js ${process.version}`);
      for (const [key, value] of Object.entries(hello.info)) assert.equal(typeof value, 'string', key);
      for (const key of ['engineVersion', 'journalMode', 'synchronous', 'compileOptions']) assert.ok(hello.info[key], key);
      assert.equal(hello.timer.source, 'process.hrtime.bigint');
      assert.ok(hello.timer.backToBackMinNs <= hello.timer.backToBackMedianNs);
      assert.ok(hello.timer.backToBackMedianNs <= hello.timer.backToBackP99Ns);
      assert.ok(hello.timer.backToBackMedianNs > 0 && hello.timer.backToBackMedianNs < 100000, `${hello.timer.backToBackMedianNs} ns`);

      const workload = 'small';
      const before = Date.now();
      const create = await worker.ok({ op: 'create', root, workload, stores: [0, 1, 2] });
      assertPositiveIntegers(create.samples.create, 3, 'create');
      assert.ok(create.startMs >= before && create.startMs <= Date.now(), 'startMs is the loop\'s real start');
      assert.ok(create.wallNs >= create.samples.create.reduce((a, b) => a + b, 0));
      for (const i of [0, 1, 2]) assert.ok(fs.existsSync(path.join(root, `store-${i}`, 'store.db')), `store ${i}`);

      const warmup = await worker.ok({ op: 'visits', root, workload, order: [0, 1, 2] });
      assert.ok(warmup.wallNs > 0);
      assert.equal(warmup.samples.yard, undefined, 'no yardstick unless asked for');

      assert.equal(warmup.settled, undefined, 'no wait for idle threads unless asked for');
      const run = await worker.ok({ op: 'visits', root, workload, run: 1, order: [2, 0, 1], yard: true, settle: true });
      assert.equal(typeof run.settled, 'boolean', 'a measured run says whether its background threads were idle');
      assert.ok(run.settleMs >= 0 && run.settleMs < 3500, `settleMs ${run.settleMs} within its bound`);
      if (run.settled) assert.ok(run.settleMs >= 50, 'idle means idle for 50 ms');
      for (const phase of ['open', 'count', 'close', 'oqc', 'closefin']) assertPositiveIntegers(run.samples[phase], 3, phase);
      assertPositiveIntegers(run.samples.yard, 2 * YARD_BLOCK, 'yard (a block before and one after the run)');
      for (let k = 0; k < 3; k++) {
        const s = run.samples;
        assert.equal(s.oqc[k], s.open[k] + s.count[k] + s.close[k]);
        assert.ok(s.closefin[k] >= s.close[k], 'close with the finalization spans the close');
      }
      assert.ok(run.startMs >= create.startMs);
      assert.ok(run.wallNs > 0);
      assertCounters(run.counters, 'a run\'s counters');
      // three visits open three files and map their pages: the process faulted and used CPU doing it
      assert.ok(run.counters.minflt > 0 && run.counters.userUs + run.counters.sysUs > 0, JSON.stringify(run.counters));

      const read = await worker.ok({ op: 'visits', query: 'read', root, workload, run: 1, order: [1, 2, 0] });
      for (const phase of ['open', 'read', 'close', 'orc']) assertPositiveIntegers(read.samples[phase], 3, phase);
      const unknown = await worker.request({ op: 'visits', query: 'sum', root, workload, order: [0] });
      assert.equal(unknown.message, 'unknown query "sum"; valid queries: count, read');
      for (let k = 0; k < 3; k++) assert.ok(read.samples.orc[k] > read.samples.read[k], 'open, read, close spans the read');

      const startAtMs = Date.now() + 200;
      const conc = await worker.ok({ op: 'concurrent', root, workload, run: 1, shares: [[2, 0]], startAtMs });
      assert.equal(conc.workers.length, 1);
      assertPositiveIntegers(conc.workers[0].oqc, 2, 'concurrent oqc');
      assert.ok(conc.workers[0].startUs >= startAtMs * 1000, 'the worker waited for startAtMs');
      assert.ok(conc.workers[0].endUs > conc.workers[0].startUs);
      assertCounters(conc.workers[0].counters, 'a concurrent worker\'s counters');
      const twoShares = await worker.request({ op: 'concurrent', root, workload, run: 1, shares: [[0], [1]] });
      assert.equal(twoShares.type, 'error');
      assert.match(twoShares.message, /exactly one array of stores/);

      const hold = await worker.ok({ op: 'hold', root, workload, stores: [1, 2] });
      assert.equal(hold.opened, 2);
      assertSnapshot(hold.before);
      assertSnapshot(hold.after);

      const check = await worker.ok({ op: 'check', root, workload, stores: [0, 1, 2, 3] });
      assert.deepEqual(check.valid, [0, 1, 2]);

      // delete one note of store 1 with the engine's own binding
      const Database = await ENGINES[engine].load();
      const file = path.join(root, 'store-1', 'store.db');
      const db = new Database(file);
      db.exec('DELETE FROM note WHERE id = 5');
      db.close();

      const wrong = await worker.request({ op: 'visits', root, workload, run: 2, order: [0, 1, 2] });
      assert.equal(wrong.type, 'error');
      assert.equal(wrong.message, `count mismatch: engine ${engine}, store 1 (${file}): expected 10, got 9`);
      assert.equal(wrong.store, 1);
      const misread = await worker.request({ op: 'visits', query: 'read', root, workload, run: 2, order: [1] });
      assert.equal(misread.type, 'error');
      assert.match(misread.message, /^count mismatch: engine .*, store 1 .*: expected 10, got 9$/);
      const recheck = await worker.ok({ op: 'check', root, workload, stores: [0, 1, 2] });
      assert.deepEqual(recheck.valid, [0, 2]);

      const missing = await worker.request({ op: 'visits', root, workload, order: [0, 7] });
      assert.equal(missing.type, 'error');
      assert.equal(missing.store, 7);

      await worker.ok({ op: 'exit' });
      assert.equal(await worker.exited, 0);
    } finally {
      worker.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}

/** What a stretch of visits asked of the machine (protocol.md): every counter a whole number, none negative. */
function assertCounters(c, what) {
  assert.equal(c.scope, 'process', what);
  for (const k of ['minflt', 'majflt', 'vcsw', 'ivcsw', 'userUs', 'sysUs', 'readBytes', 'writeBytes']) {
    assert.ok(Number.isInteger(c[k]) && c[k] >= 0, `${what}: ${k} = ${c[k]}`);
  }
  assert.equal(c.readBytes % 512, 0, `${what}: fsRead counts 512-byte blocks`);
}

test('counters: fresh pages touched are minor faults, CPU time spent is user time', () => {
  const { counters, countersSince } = require('../lib/measure');
  const before = counters();
  const pages = Buffer.alloc(4000 * 4096); // zero-filled: every page touched once
  let x = 0;
  for (let k = 0; k < 3e6; k++) x += Math.sqrt(k);
  const d = countersSince(before);
  assert.ok(pages.length > 0 && x > 0);
  assert.ok(d.minflt >= 4000 / 512, `minflt ${d.minflt}`);
  assert.ok(d.userUs > 0, `userUs ${d.userUs}`);
  assertCounters(d, 'a stretch');
});

/** The process' own limits, as `cat` reads the same files (the JVM's ProcResourcesTest does the same). */
test('limits are the process\' own, as /proc tells them', async () => {
  const worker = new WorkerProcess();
  try {
    const hello = await worker.ok({ op: 'hello', engine: 'sqlite-node' });
    const l = hello.limits;
    const sys = (f) => Number(fs.readFileSync(f, 'utf8').trim());
    assert.equal(l.maxMapCount, sys('/proc/sys/vm/max_map_count'));
    assert.equal(l.overcommit, sys('/proc/sys/vm/overcommit_memory'));
    assert.equal(l.threadsMax, sys('/proc/sys/kernel/threads-max'));
    assert.equal(l.pidMax, sys('/proc/sys/kernel/pid_max'));
    const row = fs.readFileSync(`/proc/${worker.child.pid}/limits`, 'utf8').split('\n').find((r) => r.startsWith('Max open files'));
    const [soft, hard] = row.slice('Max open files'.length).trim().split(/\s+/).map((v) => (v === 'unlimited' ? -1 : Number(v)));
    assert.equal(l.nofileSoft, soft);
    assert.equal(l.nofileHard, hard);
    assert.ok(l.memTotalKb > 0 && l.memAvailableKb > 0 && l.memAvailableKb <= l.memTotalKb);
  } finally {
    worker.kill();
  }
});

for (const engine of Object.keys(ENGINES)) {
  test(`engine ${engine}: capacity holds stores open up to max, with points, and stops at the memory margin`, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `storebench-capacity-${engine}-`));
    const worker = new WorkerProcess();
    try {
      await worker.ok({ op: 'hello', engine });
      const cap = await worker.ok({ op: 'capacity', root, workload: 'small', max: 25, every: 10, warmOpens: 3 });
      assert.equal(cap.stop, 'cap');
      assert.equal(cap.opened, 25);
      assert.deepEqual(cap.points.map((p) => p.stores), [0, 10, 20, 25]);
      for (const p of cap.points) {
        for (const key of ['rssKb', 'anonKb', 'vszKb', 'fds', 'maps', 'threads', 'heapUsedBytes']) {
          assert.ok(Number.isInteger(p[key]) && p[key] > 0, `${key}: ${p[key]}`);
        }
      }
      // every open store holds its file open: 25 more descriptors than before the first
      const fds = cap.points[3].fds - cap.points[0].fds;
      assert.ok(fds >= 25 && fds <= 60, `${fds} descriptors for 25 open stores`);
      assert.equal(cap.limits.maxMapCount, Number(fs.readFileSync('/proc/sys/vm/max_map_count', 'utf8')));
      assert.equal(fs.readdirSync(root).filter((d) => d.startsWith('store-')).length, 25);

      // a margin larger than the machine's memory stops it before the first store
      const root2 = path.join(root, 'again');
      fs.mkdirSync(root2);
      const stopped = await worker.ok({ op: 'capacity', root: root2, workload: 'small', max: 5, memoryMarginKb: 1e12 });
      assert.equal(stopped.stop, 'memory');
      assert.equal(stopped.opened, 0);

      // every held store but store 0 is a copy of store 0's files
      const file = (i) => fs.readFileSync(path.join(root, `store-${i}`, 'store.db'));
      assert.deepEqual(file(24), file(0));

      // a store that cannot be copied (its directory exists) is the stop, with the system's message
      const root3 = path.join(root, 'third');
      fs.mkdirSync(path.join(root3, 'store-2'), { recursive: true });
      const failed = await worker.ok({ op: 'capacity', root: root3, workload: 'small', max: 5 });
      assert.equal(failed.stop, 'error');
      assert.equal(failed.during, 'copy');
      assert.equal(failed.store, 2);
      assert.equal(failed.opened, 2);
      assert.match(failed.message, /EEXIST/);
    } finally {
      worker.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}

for (const engine of Object.keys(ENGINES)) {
  test(`engine ${engine}: createprofile times each step of create and makes valid stores`, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `storebench-profile-${engine}-`));
    const worker = new WorkerProcess();
    try {
      await worker.ok({ op: 'hello', engine });
      const workload = 'small';
      const profile = await worker.ok({ op: 'createprofile', root, workload, stores: [0, 4] });
      for (const step of ['open', 'build', 'put', 'close', 'total']) assertPositiveIntegers(profile.samples[step], 2, step);
      for (let k = 0; k < 2; k++) {
        const s = profile.samples;
        assert.equal(s.total[k], s.open[k] + s.build[k] + s.put[k] + s.close[k]);
      }
      assert.ok(profile.wallNs >= profile.samples.total.reduce((a, b) => a + b, 0));
      const check = await worker.ok({ op: 'check', root, workload, stores: [0, 4] });
      assert.deepEqual(check.valid, [0, 4]);
      const again = await worker.request({ op: 'createprofile', root, workload, stores: [4] });
      assert.equal(again.type, 'error');
      assert.equal(again.store, 4);
      await worker.ok({ op: 'exit' });
    } finally {
      worker.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}

for (const engine of Object.keys(ENGINES)) {
  test(`engine ${engine}: stores ts as an INTEGER and reads back the fixture's notes`, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `storebench-bytes-${engine}-`));
    const worker = new WorkerProcess();
    try {
      await worker.ok({ op: 'hello', engine });
      const fixture = JSON.parse(fs.readFileSync(fixturePath(), 'utf8'));
      for (const [workload, spec] of Object.entries(fixture.workloads)) {
        const dir = path.join(root, workload);
        fs.mkdirSync(dir);
        const agents = [...new Set(spec.notes.map((n) => n.agent))];
        await worker.ok({ op: 'create', root: dir, workload, stores: agents });
        for (const agent of agents) {
          const layout = (await worker.ok({ op: 'layout', root: dir, workload, store: agent })).layout;
          assert.deepEqual(layout.tsTypes, { integer: spec.notesPerStore }, `${workload} store ${agent}: typeof(ts)`);
          assert.ok(layout.pageCount > 0 && layout.pageSize === 4096, JSON.stringify(layout));
          const wanted = spec.notes.filter((n) => n.agent === agent);
          const read = await worker.ok({ op: 'notes', root: dir, workload, store: agent, js: wanted.map((n) => n.j) });
          assert.deepEqual(read.notes, wanted.map((n) => ({ j: n.j, id: n.j + 1, text: n.text, ts: n.ts })));
        }
      }
      await worker.ok({ op: 'exit' });
    } finally {
      worker.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}

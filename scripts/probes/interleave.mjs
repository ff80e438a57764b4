// The Node worker's visits and a plain loop's over one kept pool, in turns: the worker (a trial process, spoken to with
// the protocol of docs/protocol.md) makes a run of N visits, then this process makes a pass of N visits with the same
// binding, and again; the host's drift, which moves both by tens of percent within minutes here, falls on both.
// node --expose-gc --no-flush-bytecode scripts/probes/interleave.mjs sqlite-node better-sqlite3 default ROOT N ROUNDS
// (a JVM engine: lmdb jvm tuned ROOT N ROUNDS: its trial process and scripts/probes/VisitLoop.java, after mvn compile;
// FRESH=W: a fresh trial process per round warmed up with W visits, as the suite's runs; BURN=1: a spinning process on
// the other core during the trial process' runs only)
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { createRequire } from 'node:module';
const require = createRequire(new URL('../../src/main/node/package.json', import.meta.url));
const [,, engine, pkg, setting, root, nArg, roundsArg] = process.argv;
const n = Number(nArg);
const rounds = Number(roundsArg);
const Database = pkg === 'jvm' ? null : require(pkg);
const options = setting === 'tuned' ? { readonly: true } : undefined;
// a JVM engine's trial process and loop: its flags as the suite's measuring JVM (TrialJvm), the loop VisitLoop.java
const jvm = pkg === 'jvm';
const project = new URL('../..', import.meta.url).pathname;
const classpath = jvm ? `${project}target/classes:${require('node:fs').readFileSync(`${project}target/dependency-classpath.txt`, 'utf8').trim()}` : '';
const jvmFlags = ['-Xms256m', '-Xmx256m', '-XX:+AlwaysPreTouch', '-XX:+UseSerialGC', '-cp', classpath];
const startWorker = () => jvm ? spawn('java', [...jvmFlags, 'storebench.trial.child.TrialMain'], { stdio: ['pipe', 'pipe', 'inherit'] })
  : spawn('node', ['--expose-gc', '--no-flush-bytecode', `${project}src/main/node/worker.js`], { stdio: ['pipe', 'pipe', 'inherit'] });
const loop = jvm ? spawn('java', [...jvmFlags, `${project}scripts/probes/VisitLoop.java`, engine, setting, root, String(n), '0'],
  { stdio: ['pipe', 'pipe', 'inherit'] }) : null;
const passes = loop === null ? null : readline.createInterface({ input: loop.stdout });
const passWaiting = [];
passes?.on('line', (line) => passWaiting.shift()(Number(/oqc median ([0-9.]+)/.exec(line)[1])));
const loopPass = () => new Promise((resolve) => { passWaiting.push(resolve); loop.stdin.write('pass\n'); });
let worker;
let waiting;
function attach(w) {
  worker = w;
  waiting = [];
  readline.createInterface({ input: w.stdout }).on('line', (line) => {
    const m = JSON.parse(line);
    if (m.type === 'progress') return;
    const next = waiting.shift();
    if (next === undefined) return;
    next(m);
  });
}
const ask = (req) => new Promise((resolve) => { waiting.push(resolve); worker.stdin.write(JSON.stringify(req) + '\n'); });
// FRESH=W: a fresh trial process per round, warmed up with W visits first, as the suite's open runs are
const fresh = Number(process.env.FRESH || 0);
async function begin() {
  attach(startWorker());
  const hello = await ask({ op: 'hello', engine, setting });
  if (hello.type !== 'result') throw new Error(JSON.stringify(hello));
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
let seed = 7;
const shuffled = () => {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) { seed = (seed * 1103515245 + 12345) % 2147483648; const j = Math.floor(seed / 2147483648 * (i + 1)); [order[i], order[j]] = [order[j], order[i]]; }
  return order;
};
async function plainPass(order) {
  const oqc = new Array(n);
  for (let k = 0; k < n; k++) {
    const file = `${root}/store-${order[k]}/store.db`;
    const t0 = process.hrtime.bigint();
    const db = options === undefined ? new Database(file) : new Database(file, options);
    db.prepare('SELECT count(*) FROM note').get();
    db.close();
    const t3 = process.hrtime.bigint();
    global.gc({ type: 'minor' });
    await new Promise((resolve) => setImmediate(resolve));
    oqc[k] = Number(t3 - t0) / 1e6;
  }
  return median(oqc);
}
await begin();
const ratios = [];
for (let r = 0; r < rounds; r++) {
  const order = shuffled();
  if (fresh > 0) {
    if (r > 0) { worker.stdin.end(); await begin(); }
    for (let w = 0; w < fresh; w += n) await ask({ op: 'visits', root, workload: 'large', order: shuffled(), run: 0 });
  }
  // BURN=1: a process spinning on the other core during the worker's run only (what another busy process does to it)
  const burner = process.env.BURN === '1' ? spawn('node', ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : null;
  const run = await ask({ op: 'visits', root, workload: 'large', order, run: r + 1, settle: fresh > 0 });
  burner?.kill('SIGKILL');
  if (run.type !== 'result') throw new Error(JSON.stringify(run));
  const w = median(run.samples.oqc) / 1e6;
  const p = loop === null ? await plainPass(order) : await loopPass();
  if (r >= 2) ratios.push(w / p); // the first two rounds warm both up
  console.log(`round ${r + 1}: worker ${w.toFixed(4)} ms, plain ${p.toFixed(4)} ms, worker/plain ${(w / p).toFixed(3)}`);
}
console.log(`worker/plain over rounds 3-${rounds}: median ${median(ratios).toFixed(3)}, range ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}`);
worker.stdin.write(JSON.stringify({ op: 'exit' }) + '\n');
worker.stdin.end();
loop?.stdin.end();

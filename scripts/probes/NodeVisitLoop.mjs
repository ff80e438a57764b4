// A visit loop written apart from the Node worker's (lib/visits.js), over a pool the suite kept: open for reading,
// count, close, each store once per pass in a seeded shuffled order, hrtime around the three, then a minor GC and one
// event-loop turn outside the timed span (as the worker settles); prints each pass's median. Issue 66 compared it with
// the suite's open runs in one sitting (docs/measuring.md):
// node --expose-gc --no-flush-bytecode scripts/probes/NodeVisitLoop.mjs better-sqlite3 ROOT N PASSES [readonly]
// (NOGC=1 leaves out the minor GC, NOTURN=1 the event-loop turn: what each costs the next visit)
import { createRequire } from 'node:module';
const require = createRequire(new URL('../../src/main/node/package.json', import.meta.url));
const [,, pkg, root, nArg, passesArg, mode] = process.argv;
const Database = require(pkg);
const n = Number(nArg);
const passes = Number(passesArg);
const options = mode === 'readonly' ? { readonly: true } : undefined;
const files = Array.from({ length: n }, (_, i) => `${root}/store-${i}/store.db`);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
let seed = 1;
const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
for (let pass = 0; pass < passes; pass++) {
  const order = files.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(random() * (i + 1)); [order[i], order[j]] = [order[j], order[i]]; }
  const oqc = new Array(n);
  const open = new Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) {
    const t0 = process.hrtime.bigint();
    const db = options === undefined ? new Database(files[order[k]]) : new Database(files[order[k]], options);
    const t1 = process.hrtime.bigint();
    sum += db.prepare('SELECT count(*) FROM note').get()['count(*)'];
    db.close();
    const t3 = process.hrtime.bigint();
    if (process.env.NOGC !== "1") global.gc({ type: "minor" });
    if (process.env.NOTURN !== "1") await new Promise((resolve) => setImmediate(resolve));
    oqc[k] = Number(t3 - t0) / 1e6;
    open[k] = Number(t1 - t0) / 1e6;
  }
  console.log(`pass ${pass}: oqc median ${median(oqc).toFixed(4)} ms, open median ${median(open).toFixed(4)} ms (count sum ${sum})`);
}

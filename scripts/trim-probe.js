// Minor page faults per open-count-close visit of better-sqlite3 stores in a fresh Node process, to see what glibc's
// fixed mmap threshold (the mmap-threshold setting) does to them; docs/engines.md has the figures. From the project's
// top, after `mvn verify` installed the worker's packages:
//   node scripts/trim-probe.js /tmp/trim 300 create
//   node scripts/trim-probe.js /tmp/trim 300 visit
//   GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072 node scripts/trim-probe.js /tmp/trim 300 visit
// It prints the median visit (ms) and minor page faults per visit over the last two of six passes.
const Database = require(require('path').join(__dirname, '../src/main/node/node_modules/better-sqlite3'));
const fs = require('fs'); const path = require('path');
const [dir, nArg, mode] = process.argv.slice(2); const n = +nArg;
if (mode === 'create') {
  const text = 'x'.repeat(300);
  for (let i = 0; i < n; i++) {
    const d = path.join(dir, 's' + i); fs.mkdirSync(d, { recursive: true });
    const db = new Database(path.join(d, 'store.db'));
    db.exec('PRAGMA synchronous=OFF; CREATE TABLE note(id INTEGER PRIMARY KEY, text TEXT, ts INTEGER)');
    const ins = db.prepare('INSERT INTO note(text, ts) VALUES (?, ?)');
    db.transaction(() => { for (let j = 0; j < 1000; j++) ins.run(text, j); })();
    db.close();
  }
} else {
  const times = [], faults = [];
  for (let pass = 0; pass < 6; pass++) {
    for (let i = 0; i < n; i++) {
      const f0 = process.resourceUsage().minorPageFault; const t0 = process.hrtime.bigint();
      const db = new Database(path.join(dir, 's' + i, 'store.db'));
      const c = db.prepare('SELECT count(*) AS c FROM note').get().c;
      db.close();
      const t1 = process.hrtime.bigint(); const f1 = process.resourceUsage().minorPageFault;
      if (c !== 1000) throw new Error('count ' + c);
      if (pass >= 4) { times.push(Number(t1 - t0) / 1e6); faults.push(f1 - f0); }
    }
  }
  const med = a => a.slice().sort((x, y) => x - y)[a.length >> 1];
  console.log((process.env.GLIBC_TUNABLES ? 'mmap   ' : 'default') + ' median ms ' + med(times).toFixed(3) + ' faults/visit ' + med(faults));
}

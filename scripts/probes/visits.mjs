// One store's open-count-close visits in Node, outside the bench (scripts/probes/syscalls.sh runs it under strace).
import fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(new URL('../../src/main/node/package.json', import.meta.url));
const { Database } = await import(require.resolve('@tursodatabase/database/compat'));
const [,, which, visitsArg, root] = process.argv;
const visits = Number(visitsArg);
const Db = which === 'turso' ? Database : require('better-sqlite3');
const file = `${root}/${which}.db`;
if (!fs.existsSync(file)) {
  const db = new Db(file);
  db.exec('CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL, ts INTEGER NOT NULL)');
  const ins = db.prepare('INSERT INTO note (text, ts) VALUES (?, ?)');
  db.exec('BEGIN');
  for (let j = 0; j < 1000; j++) ins.run(('note ' + j + ' of agent 0: ' + 'x'.repeat(300)).slice(0, 300), 1791676800000 + j);
  db.exec('COMMIT');
  db.close();
}
for (let i = 0; i < 500; i++) { const db = new Db(file); db.prepare('SELECT count(*) AS c FROM note').get(); db.close(); }
const t = { open: 0n, count: 0n, close: 0n };
for (let i = 0; i < visits; i++) {
  const a = process.hrtime.bigint(); const db = new Db(file);
  const b = process.hrtime.bigint(); db.prepare('SELECT count(*) AS c FROM note').get();
  const c = process.hrtime.bigint(); db.close();
  const d = process.hrtime.bigint();
  t.open += b - a; t.count += c - b; t.close += d - c;
}
if (visits) console.error(which, 'open', Number(t.open) / visits / 1e6, 'count', Number(t.count) / visits / 1e6, 'close', Number(t.close) / visits / 1e6);

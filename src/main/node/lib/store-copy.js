'use strict';

const fs = require('node:fs');
const path = require('node:path');

/**
 * A closed store's files, read once into memory, written out as new stores: the capacity and traffic phases' stores (the JVM's is
 * storebench.trial.child.StoreCopy). Creating 20,000 stores through the engine, each with its syncs, was most of that phase's
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
    /** The same, each file synced before it is closed (the traffic phase's copies: no commit writes them back). */
    writeSyncedTo(target) {
      fs.mkdirSync(target);
      for (const d of dirs) fs.mkdirSync(path.join(target, d));
      for (const f of files) {
        const fd = fs.openSync(path.join(target, f.name), 'wx');
        try {
          for (let off = 0; off < f.bytes.length;) off += fs.writeSync(fd, f.bytes, off, f.bytes.length - off);
          fs.fsyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
      }
    },
  };
}

module.exports = { storeCopy };

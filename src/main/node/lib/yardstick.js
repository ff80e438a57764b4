'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const hrtime = process.hrtime.bigint;

/**
 * The yardstick (the JVM's is storebench.measure.Yardstick, the same work): open, read 4 KiB, size and close one scratch
 * file, then touch 256 KiB of memory, one write per cache line. An open run's figures divided by its yardstick's have
 * the host's speed divided out (docs/measuring.md, "Noise"). It is timed in blocks right before and right after a run, never
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

module.exports = { YARD_BLOCK, yardBlock };

'use strict';
// The workloads (pinned by fixtures/workload-notes.json, as the JVM's storebench.model.Workload is).

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

// A user's workload is sent by its id, custom-<W>x<C>: W notes whose text is the large scheme's head and LOREM
// repeated with single spaces, cut to C characters (storebench.model.Workload#text).
const CUSTOM_ID = /^custom-([0-9]+)x([0-9]+)$/;
const customs = new Map();

function customText(chars) {
  return (i, j) => {
    let text = 'note ' + j + ' of agent ' + i + ': ' + LOREM;
    while (text.length < chars) text += ' ' + LOREM;
    return text.slice(0, chars);
  };
}

function workloadOf(id) {
  const w = WORKLOADS[id];
  if (w) return w;
  const m = CUSTOM_ID.exec(typeof id === 'string' ? id : '');
  if (m && Number(m[1]) >= 1 && Number(m[2]) >= 1) {
    if (!customs.has(id)) customs.set(id, { notesPerStore: Number(m[1]), text: customText(Number(m[2])) });
    return customs.get(id);
  }
  throw new Error(`unknown workload ${JSON.stringify(id)}; valid workloads: ${Object.keys(WORKLOADS).join(', ')},`
    + ' custom-<W>x<C>');
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

module.exports = { LOREM, BASE_TS, WORKLOADS, workloadOf, noteText, noteTs, expectedSums, buildNotes };

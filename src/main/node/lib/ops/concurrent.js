'use strict';
// The concurrent op (docs/protocol.md): PhaseLoops' method of its name, in lib/visits.js, which the worker loads at start.
module.exports = (loops, req) => loops.concurrent(req);

'use strict';
// The check op (docs/protocol.md): PhaseLoops' method of its name, in lib/phase-loops.js, which the worker loads at start.
module.exports = (loops, req) => loops.check(req);

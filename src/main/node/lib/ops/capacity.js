'use strict';
// The capacity op (docs/protocol.md): PhaseLoops' method of its name, in lib/holding.js, which the worker loads at start.
module.exports = (loops, req) => loops.capacity(req);

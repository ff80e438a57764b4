'use strict';
// The visits op (docs/protocol.md): PhaseLoops' method of its name, in lib/visits.js, which the worker loads at start.
module.exports = (loops, req) => loops.visits(req);

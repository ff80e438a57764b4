'use strict';
// The hold op (docs/protocol.md): PhaseLoops' method of its name, in lib/holding.js, which the worker loads at start.
module.exports = (loops, req) => loops.hold(req);

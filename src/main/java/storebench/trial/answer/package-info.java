/**
 * The trial processes' answers as types: each answer of docs/protocol.md decoded once, here, at the protocol's edge,
 * into a record the parent's code uses (a visits answer, a capacity loop's points, the concurrent workers ...). No
 * other code on the parent's side reads an answer by its field names. What a results line keeps of an answer as the
 * process gave it (a memory snapshot, a capacity point, the engine's layout) stays a JSON object in the record.
 */
package storebench.trial.answer;

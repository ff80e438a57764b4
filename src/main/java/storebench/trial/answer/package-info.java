/**
 * The trial processes' answers (docs/protocol.md) decoded once, here, at the protocol's edge: no other code reads an
 * answer by field name. What a results line keeps as the process gave it stays a JSON object in the record.
 */
package storebench.trial.answer;

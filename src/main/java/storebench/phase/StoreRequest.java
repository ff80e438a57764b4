package storebench.phase;

/** A request about one store of the pool (LayoutAnswer.OP): its number. */
record StoreRequest(int store) {
}

package storebench.trial.child;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One op of the JVM trial process but the protocol's own (hello, exit): its name, as its answer's record in
 * storebench.trial.answer says it, and its answer to a request on the loaded engine's stores (docs/protocol.md).
 * {@link ChildOps#ALL} lists them.
 */
interface ChildOp {
    /** The op's name in the protocol (its answer record's {@code OP}). */
    String name();

    /** The result line for one request of this op; an exception becomes its error line. */
    ObjectNode serve(Request request) throws Exception;
}

package storebench.trial.child;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One op of the JVM trial process but hello and exit (docs/protocol.md): its answer record's {@code OP} and how it
 * serves a request; {@link ChildOps#ALL} lists them.
 */
record ChildOp(String name, Serve serve) {
    /** The result line for one request of this op; an exception becomes its error line. */
    interface Serve {
        ObjectNode serve(Request request) throws Exception;
    }
}

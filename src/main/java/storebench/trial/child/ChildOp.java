package storebench.trial.child;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** One op of the JVM trial process but hello and exit (docs/protocol.md); {@link ChildOps#ALL} lists them. */
interface ChildOp {
    /** Its answer record's {@code OP}. */
    String name();

    /** The result line for one request of this op; an exception becomes its error line. */
    ObjectNode serve(Request request) throws Exception;
}

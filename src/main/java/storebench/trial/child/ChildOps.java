package storebench.trial.child;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JVM trial process' ops but the protocol's own (hello, exit), one class each: the one list of them, in the order
 * docs/protocol.md lists them, which the error for an unknown op repeats. The Node worker's ops are the files of
 * src/main/node/lib/ops; ChildOpsTest holds both runtimes and protocol.md to the same ops.
 */
final class ChildOps {
    static final List<ChildOp> ALL = List.of(new CreateOp(), new CreateProfileOp(), new VisitsOp(), new HoldOp(),
            new CapacityOp(), new ConcurrentOp(), new TrafficOp(), new CheckOp(), new LayoutOp(), new NotesOp());

    private ChildOps() {
    }

    /** The ops by name, in {@link #ALL}'s order. */
    static Map<String, ChildOp> byName() {
        Map<String, ChildOp> byName = new LinkedHashMap<>();
        for (ChildOp op : ALL) {
            if (byName.put(op.name(), op) != null) {
                throw new IllegalStateException("two ops named '" + op.name() + "' in ChildOps.ALL");
            }
        }
        return Collections.unmodifiableMap(byName);
    }
}

package storebench.trial.child;

import storebench.engine.Engine;
import storebench.model.Workload;
import storebench.trial.Protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/** One request to the loaded engine's stores, with what hello loaded and the pipe its progress lines go to. */
record Request(String op, Path root, Workload workload, JsonNode json, Loaded loaded, Consumer<ObjectNode> pipe) {
    private static final long PROGRESS_EVERY_NS = 2_000_000_000L;

    /** What hello loaded for the process' life: one JIT tracker and one yardstick serve every request. */
    record Loaded(String engineId, Engine engine, PhaseLoops phases, StoreChecks checks) {
    }

    int[] ints(String field) {
        return Protocol.toInts(json.get(field), field);
    }

    ObjectNode result() {
        return Protocol.result(op);
    }

    void send(ObjectNode line) {
        pipe.accept(line);
    }

    /** Sends a progress line at most every 2 s, between stores only. */
    IntConsumer progress(int total) {
        long[] last = {System.nanoTime()};
        return done -> {
            long now = System.nanoTime();
            if (now - last[0] >= PROGRESS_EVERY_NS && done < total) {
                last[0] = now;
                send(Protocol.progress(op, done, total));
            }
        };
    }

    /** The same, for workers on several threads. */
    IntConsumer synchronizedProgress(int total) {
        IntConsumer progress = progress(total);
        return done -> {
            synchronized (pipe) {
                progress.accept(done);
            }
        };
    }
}

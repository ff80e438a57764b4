package storebench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.engine.EngineDescriptor;
import storebench.results.RunResults;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The run's environment.json as the run learns it: the machine's (collected at start), then each engine's versions,
 * timer and limits as its first trial process says them, and each root a phase measured on. Written anew (atomically)
 * after each addition, so that a run that stops keeps what it learnt.
 */
final class RunEnvironment {
    private final ObjectNode environment;
    private final Path outputDir;
    private final PrintStream console;

    RunEnvironment(ObjectNode environment, Path outputDir, PrintStream console) {
        this.environment = environment;
        this.outputDir = outputDir;
        this.console = console;
    }

    /** Records what a trial process said about its engine (hello) in environment.json. */
    synchronized void describeEngine(EngineDescriptor engine, ObjectNode hello) {
        ObjectNode engines = (ObjectNode) environment.get("engines");
        ObjectNode e = engines.putObject(engine.id());
        e.put("title", engine.title());
        e.put("runtime", hello.path("runtime").asText());
        e.set("info", hello.path("info"));
        JsonNode timer = hello.path("timer");
        if (timer.isObject()) {
            e.set("timer", timer);
            // every runtime's clock beside the others: the Node worker's hrtime next to the suite's nanoTime
            ObjectNode timers = (ObjectNode) environment.get("timers");
            if (!timers.has(timer.path("source").asText())) {
                timers.set(timer.path("source").asText(), timer);
            }
        }
        JsonNode limits = hello.path("limits");
        if (limits.isObject()) {
            e.set("limits", limits);
            // the limits each runtime's trial processes run under (after the runtime raised its own soft NOFILE)
            ObjectNode all = environment.has("trialLimits") ? (ObjectNode) environment.get("trialLimits")
                    : environment.putObject("trialLimits");
            all.set(engine.runtime().name().toLowerCase(java.util.Locale.ROOT), limits);
        }
        write();
    }

    /** Records a root a phase measured on (the profile's tmpfs root) with its filesystem in environment.json. */
    synchronized void describeRoot(String name, Path path, String fsType, String mountOptions) {
        ObjectNode roots = environment.has("roots") ? (ObjectNode) environment.get("roots") : environment.putObject("roots");
        roots.putObject(name).put("path", path.toString()).put("fsType", fsType).put("mountOptions", mountOptions);
        write();
    }

    /** Writes environment.json; a failure is said, not thrown (the run's figures matter more). */
    synchronized void write() {
        try {
            Path tmp = outputDir.resolve(RunResults.ENVIRONMENT + ".tmp");
            Bench.JSON.writeValue(tmp.toFile(), environment);
            Files.move(tmp, outputDir.resolve(RunResults.ENVIRONMENT), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException ex) {
            console.println("[storebench] cannot write environment.json: " + ex.getMessage());
        }
    }
}

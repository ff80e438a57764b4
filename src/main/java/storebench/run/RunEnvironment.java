package storebench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.engine.EngineDescriptor;
import storebench.model.Setting;
import storebench.trial.answer.HelloAnswer;
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

    /**
     * Records what a trial process said about its engine (hello) in environment.json. A process of the tuned setting
     * records its answer under the engine's "tuned" field, with the options the setting sets and their sources (the
     * descriptor's), beside what the other settings' processes said; a run of the tuned setting alone has it in both.
     */
    synchronized void describeEngine(EngineDescriptor engine, Setting setting, HelloAnswer hello) {
        ObjectNode engines = (ObjectNode) environment.get("engines");
        if (setting == Setting.TUNED) {
            ObjectNode e = engines.has(engine.id()) ? (ObjectNode) engines.get(engine.id()) : null;
            if (e == null) {
                describe(engines.putObject(engine.id()), engine, hello);
                e = (ObjectNode) engines.get(engine.id());
            }
            ObjectNode tuned = e.putObject("tuned");
            tuned.set("options", tunedOptions(engine));
            engine.sharedPerProcess().ifPresent(shared -> tuned.put("sharedPerProcess", shared));
            tuned.set("info", hello.info());
            write();
            return;
        }
        JsonNode before = engines.get(engine.id()); // the entry being built, not a run's file read back
        JsonNode tuned = before == null ? null : before.get("tuned");
        ObjectNode e = engines.putObject(engine.id());
        describe(e, engine, hello);
        if (tuned != null && tuned.isObject()) {
            e.set("tuned", tuned);
        }
        write();
    }

    /** The tuned setting's options of an engine, each with what it does and its source; or why it has none. */
    static JsonNode tunedOptions(EngineDescriptor engine) {
        if (engine.tuned().isEmpty()) {
            return Bench.JSON.createObjectNode().put("nothingToTune", engine.nothingToTune().orElse(""));
        }
        ArrayNode options = Bench.JSON.createArrayNode();
        for (EngineDescriptor.TunedOption o : engine.tuned()) {
            options.addObject().put("option", o.option()).put("what", o.what()).put("source", o.source());
        }
        return options;
    }

    private void describe(ObjectNode e, EngineDescriptor engine, HelloAnswer hello) {
        e.put("title", engine.title());
        e.put("runtime", hello.runtime());
        e.set("info", hello.info());
        hello.timer().ifPresent(timer -> {
            e.set("timer", timer.asAnswered());
            // every runtime's clock beside the others: the Node worker's hrtime next to the suite's nanoTime
            ObjectNode timers = (ObjectNode) environment.get("timers");
            if (!timers.has(timer.source())) {
                timers.set(timer.source(), timer.asAnswered());
            }
        });
        hello.limits().ifPresent(limits -> {
            e.set("limits", limits);
            // the limits each runtime's trial processes run under (after the runtime raised its own soft NOFILE)
            ObjectNode all = environment.has("trialLimits") ? (ObjectNode) environment.get("trialLimits")
                    : environment.putObject("trialLimits");
            all.set(engine.runtime().name().toLowerCase(java.util.Locale.ROOT), limits);
        });
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

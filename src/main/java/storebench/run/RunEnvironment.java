package storebench.run;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.engine.EngineDescriptor;
import storebench.model.Setting;
import storebench.trial.answer.HelloAnswer;
import storebench.results.EnvironmentFile;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * The run's environment.json as the run learns it: the machine's (collected at start), then each engine's versions,
 * timer and limits as its first trial process says them, and each root a phase measured on. Written anew (atomically)
 * after each addition, so that a run that stops keeps what it learnt.
 */
record RunEnvironment(ObjectNode environment, Path outputDir, PrintStream console) {
    private static final TypeReference<Map<String, String>> TEXTS = new TypeReference<>() { };
    private static final TypeReference<Map<String, Long>> LIMITS = new TypeReference<>() { };

    /**
     * Records what a trial process said about its engine (hello) in environment.json. A process of the tuned setting
     * records its answer under the engine's "tuned" field, with the options the setting sets and their sources (the
     * descriptor's), beside what the other settings' processes said; a run of the tuned setting alone has it in both.
     */
    synchronized void describeEngine(EngineDescriptor engine, Setting setting, HelloAnswer hello) {
        ObjectNode engines = (ObjectNode) environment.get("engines");
        JsonNode before = engines.get(engine.id()); // the entry being built, not a run's file read back
        Map<String, String> info = Bench.JSON.convertValue(hello.info(), TEXTS);
        // the tuned setting's options, each with what it does and its source; or why the engine has none
        EnvironmentFile.Tuned tuned = setting == Setting.TUNED ? new EnvironmentFile.Tuned(Bench.JSON.valueToTree(
                engine.tuned().isEmpty() ? new EnvironmentFile.Tuned.NothingToTune(engine.nothingToTune().orElse(""))
                : engine.tuned()), engine.sharedPerProcess().orElse(null), info) : before == null || !before.has("tuned")
                ? null : ResultsFile.as(before.get("tuned"), EnvironmentFile.Tuned.class);
        if (setting == Setting.TUNED && before != null) {
            ((ObjectNode) before).set("tuned", Bench.JSON.valueToTree(tuned));
            write();
            return;
        }
        hello.timer().ifPresent(timer -> {
            // every runtime's clock beside the others: the Node worker's hrtime next to the suite's nanoTime
            ObjectNode timers = (ObjectNode) environment.get("timers");
            if (!timers.has(timer.source())) {
                timers.set(timer.source(), Bench.JSON.valueToTree(timer));
            }
        });
        // the limits each runtime's trial processes run under (after the runtime raised its own soft NOFILE)
        hello.limits().ifPresent(limits -> environment.withObject("/trialLimits")
                .set(engine.runtime().name().toLowerCase(java.util.Locale.ROOT), limits));
        engines.set(engine.id(), Bench.JSON.valueToTree(new EnvironmentFile.Engine(engine.title(), hello.runtime(), info,
                hello.timer().orElse(null),
                hello.limits().map(l -> Bench.JSON.convertValue(l, LIMITS)).orElse(null), tuned, null)));
        write();
    }

    /** Records a root a phase measured on (the profile's tmpfs root) with its filesystem in environment.json. */
    synchronized void describeRoot(String name, Path path, String fsType, String mountOptions) {
        environment.withObject("/roots").set(name, Bench.JSON.valueToTree(new EnvironmentFile.BenchRoot(path.toString(),
                fsType, mountOptions, null, null)));
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

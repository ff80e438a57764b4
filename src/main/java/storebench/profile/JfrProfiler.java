package storebench.profile;

import storebench.model.TrialRuntime;
import storebench.results.FramesLine;
import storebench.trial.answer.ConcurrentAnswer;
import storebench.trial.answer.CreateAnswer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A JFR recording of the trial JVM: per op, its main thread's top frames in the op's loop. */
final class JfrProfiler implements Profiler {
    static final String RECORDING = "recording.jfr";
    static final String MAIN_THREAD = "main";
    /** The class whose methods are the loops of the ops (ProfileSupportTest checks each op's method exists). */
    static final String LOOPS = "storebench.trial.child.PhaseLoops";

    @Override
    public String id() {
        return "jfr";
    }

    @Override
    public String describe() {
        return "JFR's execution and native-method samples every " + JfrFrames.PERIOD + " (JVM engines): the top frames"
                + " of each op's loop";
    }

    @Override
    public Optional<String> unavailable(TrialRuntime runtime) {
        return runtime == TrialRuntime.JVM ? Optional.empty()
                : Optional.of("JFR records JVMs; a Node engine's frames come from the profiler cpuprof");
    }

    @Override
    public List<String> runtimeOptions(TrialRuntime runtime, Path out) throws IOException {
        Path jfc = JfrFrames.writeSettings(out);
        return List.of("-XX:StartFlightRecording=filename=" + out.resolve(RECORDING) + ",settings=" + jfc
                + ",dumponexit=true");
    }

    /** The method of an op's loop in the trial JVM; null where its work is not on the main thread's loop. */
    static String loop(String op) {
        return switch (op) {
            case CreateAnswer.PROFILE_OP -> LOOPS + ".createProfile";
            case ConcurrentAnswer.OP -> null;
            default -> LOOPS + "." + op;
        };
    }

    @Override
    public List<Record> read(Path out, TrialRuntime runtime, List<Request> requests, Path outputDir)
            throws IOException, InterruptedException {
        Path recording = out.resolve(RECORDING);
        for (int k = 0; k < 50 && !Files.isRegularFile(recording); k++) {
            Thread.sleep(100); // the JVM dumps it as it exits
        }
        Map<String, List<Request>> byOp = new LinkedHashMap<>();
        requests.forEach(r -> byOp.computeIfAbsent(r.op(), k -> new ArrayList<>()).add(r));
        List<Record> found = new ArrayList<>();
        for (Map.Entry<String, List<Request>> e : byOp.entrySet()) {
            String op = e.getKey();
            FramesLine l = new FramesLine(id(), op, Frames.phaseOf(op), e.getValue().stream()
                    .mapToInt(Request::items).sum(), new FramesLine.Sampling(JfrFrames.PERIOD, null, null));
            if (!Files.isRegularFile(recording)) {
                found.add(l.unavailable("the trial JVM wrote no JFR recording"));
                continue;
            }
            Instant from = e.getValue().stream().map(Request::from).min(Instant::compareTo).orElseThrow();
            Instant to = e.getValue().stream().map(Request::to).max(Instant::compareTo).orElseThrow();
            String within = loop(op);
            String thread = within == null ? null : MAIN_THREAD;
            found.add(l.sampled(outputDir.relativize(recording).toString(), thread, within,
                    JfrFrames.top(recording, from, to, thread, within, Integer.MAX_VALUE), Frames.TOP));
        }
        return found;
    }
}

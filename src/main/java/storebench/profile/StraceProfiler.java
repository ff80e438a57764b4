package storebench.profile;

import storebench.model.TrialRuntime;
import storebench.results.ProfileLine;
import storebench.results.SyncsLine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** {@code strace} of the sync calls ({@link StraceLog#SYNC_CALLS}): per op, those made in its requests. */
final class StraceProfiler implements Profiler {
    static final String LOG = "strace.txt";
    private Optional<String> unavailable;
    private Boolean seccomp;

    @Override
    public String id() {
        return "strace";
    }

    @Override
    public String describe() {
        return "strace -f -T over the sync calls (fsync, fdatasync, msync, sync_file_range): their count and time per"
                + " store made or visited";
    }

    @Override
    public synchronized Optional<String> unavailable(TrialRuntime runtime) {
        if (unavailable == null) {
            if (!runs(List.of("strace", "-V"))) {
                unavailable = Optional.of("strace is not installed (apt-get install strace), so the sync calls were"
                        + " not counted");
            } else if (!runs(List.of("strace", "-f", "-o", "/dev/null", "true"))) {
                unavailable = Optional.of("strace is installed but cannot trace here (ptrace not permitted?)");
            } else {
                unavailable = Optional.empty();
            }
        }
        return unavailable;
    }

    /** Whether strace can filter with seccomp-bpf here (far less overhead on the calls it does not trace). */
    private synchronized boolean seccomp() {
        if (seccomp == null) {
            seccomp = runs(List.of("strace", "-f", "--seccomp-bpf", "-e", "trace=fsync", "-o", "/dev/null", "true"));
        }
        return seccomp;
    }

    @Override
    public List<String> commandPrefix(Path out) {
        List<String> cmd = new ArrayList<>(List.of("strace", "-f", "-ttt", "-T"));
        if (seccomp()) {
            cmd.add("--seccomp-bpf");
        }
        cmd.addAll(List.of("-e", StraceLog.TRACE_EXPRESSION, "-o", out.resolve(LOG).toString()));
        return cmd;
    }

    @Override
    public List<Record> read(Path out, TrialRuntime runtime, List<Request> requests, Path outputDir)
            throws IOException {
        Path log = out.resolve(LOG);
        // parsed once: a phase with a steady warm-up sends a request per window, hundreds of them
        List<StraceLog.Call> calls = StraceLog.calls(Files.isRegularFile(log)
                ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of());
        Map<String, List<Request>> byOp = new LinkedHashMap<>();
        requests.forEach(r -> byOp.computeIfAbsent(r.op(), k -> new ArrayList<>()).add(r));
        List<Record> found = new ArrayList<>();
        for (Map.Entry<String, List<Request>> e : byOp.entrySet()) {
            Map<String, StraceLog.Calls> sum = new LinkedHashMap<>();
            int items = 0;
            for (Request r : e.getValue()) {
                items += r.items();
                // a millisecond either side: the parent's clock reads before it sends and after it has the answer
                StraceLog.summarizeCalls(calls, r.from().toEpochMilli() / 1000.0 - 0.001,
                        r.to().toEpochMilli() / 1000.0 + 0.001).forEach((name, c) -> {
                            StraceLog.Calls s = sum.computeIfAbsent(name, k -> new StraceLog.Calls());
                            s.count += c.count;
                            s.failed += c.failed;
                            s.seconds += c.seconds;
                        });
            }
            Map<String, ProfileLine.Calls> byName = new LinkedHashMap<>();
            sum.forEach((name, c) -> byName.put(name, new ProfileLine.Calls(c.count, c.failed, c.seconds * 1000)));
            int per = Math.max(1, items);
            found.add(new SyncsLine(id(), e.getKey(), items, e.getValue().size(), new SyncsLine.Counted(byName,
                    (double) StraceLog.totalCount(sum) / per, StraceLog.totalSeconds(sum) * 1000 / per),
                    new SyncsLine.Log(outputDir.relativize(log).toString(), seccomp(),
                    Files.isRegularFile(log) ? null : "strace wrote no log (" + log + ")")));
        }
        return found;
    }

    private static boolean runs(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}

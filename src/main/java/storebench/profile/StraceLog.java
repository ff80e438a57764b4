package storebench.profile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code strace -f -ttt -T} output: {@code PID EPOCH.USEC name(args) = ret <SECONDS>} a call; one split by
 * another thread as {@code <unfinished ...>} and {@code <... resumed>} started at the first line, its duration on the
 * second. The rest is ignored.
 */
public final class StraceLog {
    /** The sync calls a create is asked about. */
    public static final List<String> SYNC_CALLS = List.of("fsync", "fdatasync", "msync", "sync_file_range");
    public static final String TRACE_EXPRESSION = "trace=" + String.join(",", SYNC_CALLS);

    private static final Pattern PREFIX = Pattern.compile("^(?:\\[pid\\s+)?(\\d+)\\]?\\s+(\\d+\\.\\d+)\\s+(.*)$");
    private static final Pattern CALL = Pattern.compile("^([a-z_0-9]+)\\((.*)$");
    private static final Pattern RESUMED = Pattern.compile("^<\\.\\.\\. ([a-z_0-9]+) resumed>(.*)$");
    private static final Pattern DURATION = Pattern.compile("<(\\d+\\.\\d+)>\\s*$");
    private static final Pattern RESULT = Pattern.compile("\\)\\s+=\\s+(-?\\d+|\\?)");

    private StraceLog() {
    }

    /** Calls of one syscall: how many, how many failed, their summed duration. */
    public static final class Calls {
        public int count;
        public int failed;
        public double seconds;
    }

    public record Call(int pid, double startEpochS, String name, double seconds, boolean failed) {
    }

    /** Every completed call in the log, in the order they completed. */
    public static List<Call> calls(List<String> lines) {
        List<Call> calls = new ArrayList<>();
        Map<String, Double> unfinished = new HashMap<>(); // pid + name -> start time
        for (String line : lines) {
            Matcher p = PREFIX.matcher(line.trim());
            if (!p.matches()) {
                continue;
            }
            int pid = Integer.parseInt(p.group(1));
            double at = Double.parseDouble(p.group(2));
            String rest = p.group(3);
            Matcher resumed = RESUMED.matcher(rest);
            String name;
            double start;
            if (resumed.matches()) {
                name = resumed.group(1);
                Double started = unfinished.remove(pid + " " + name);
                start = started != null ? started : at;
            } else {
                Matcher call = CALL.matcher(rest);
                if (!call.matches()) {
                    continue; // "--- SIGCHLD ...", "+++ exited with 0 +++"
                }
                name = call.group(1);
                if (rest.endsWith("<unfinished ...>")) {
                    unfinished.put(pid + " " + name, at);
                    continue;
                }
                start = at;
            }
            Matcher d = DURATION.matcher(rest);
            double seconds = d.find() ? Double.parseDouble(d.group(1)) : 0;
            Matcher r = RESULT.matcher(rest);
            boolean failed = r.find() && (r.group(1).startsWith("-") || r.group(1).equals("?"));
            calls.add(new Call(pid, start, name, seconds, failed));
        }
        return calls;
    }

    /**
     * The calls per syscall name that started within [fromEpochS, toEpochS], of calls parsed once (a log is read once
     * for many windows); every sync call is listed.
     */
    public static Map<String, Calls> summarizeCalls(List<Call> calls, double fromEpochS, double toEpochS) {
        Map<String, Calls> byName = new LinkedHashMap<>();
        SYNC_CALLS.forEach(name -> byName.put(name, new Calls()));
        for (Call c : calls) {
            if (c.startEpochS() < fromEpochS || c.startEpochS() > toEpochS) {
                continue;
            }
            Calls sum = byName.computeIfAbsent(c.name(), k -> new Calls());
            sum.count++;
            sum.seconds += c.seconds();
            if (c.failed()) {
                sum.failed++;
            }
        }
        return byName;
    }

    public static int totalCount(Map<String, Calls> summary) {
        return summary.values().stream().mapToInt(c -> c.count).sum();
    }

    public static double totalSeconds(Map<String, Calls> summary) {
        return summary.values().stream().mapToDouble(c -> c.seconds).sum();
    }
}

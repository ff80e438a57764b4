package storebench.trial;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The parent's end of one trial process (a child JVM or the Node worker): starts it, sends requests, reads
 * answers (docs/protocol.md). A process that dies, hangs past the timeout or answers garbage becomes a
 * {@link TrialFailure} carrying its exit status and the tail of its stderr. Closing it never leaves it running.
 */
public final class TrialProcess implements AutoCloseable {
    private static final int STDERR_TAIL_LINES = 30;
    private static final Object EOF = new Object();

    private final String name;
    private final Process process;
    private final Writer stdin;
    private final BlockingQueue<Object> lines = new LinkedBlockingQueue<>();
    private final Deque<String> stderrTail = new ArrayDeque<>();
    private final long timeoutMs;
    private final Thread stderrReader;

    private TrialProcess(String name, Process process, long timeoutMs) {
        this.name = name;
        this.process = process;
        this.timeoutMs = timeoutMs;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        daemon(name + "-stdout", () -> pump(process.getInputStream(), lines::add, true));
        this.stderrReader = daemon(name + "-stderr", () -> pump(process.getErrorStream(), this::keepStderr, false));
    }

    /**
     * Starts a trial process, {@code name} for messages ("sqlite/default"); a null value in {@code env} removes the
     * variable, ObjectBox unpacks its native library in {@code workDir}, and a request is taken for a hang after
     * {@code timeoutMs}.
     */
    public static TrialProcess start(String name, List<String> command, Map<String, String> env,
                                     java.nio.file.Path workDir, long timeoutMs) throws TrialFailure {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        env.forEach((k, v) -> {
            if (v == null) {
                builder.environment().remove(k);
            } else {
                builder.environment().put(k, v);
            }
        });
        try {
            return new TrialProcess(name, builder.start(), timeoutMs);
        } catch (IOException e) {
            throw new TrialFailure("cannot start the trial process for " + name + " (" + String.join(" ", command)
                    + "): " + e.getMessage());
        }
    }

    public long pid() {
        return process.pid();
    }

    /** A kept process may have died while it waited. */
    public boolean alive() {
        return process.isAlive();
    }

    /** Sends one request and returns its result; progress lines go to {@code onProgress}. */
    public ObjectNode request(ObjectNode request, Consumer<ObjectNode> onProgress) throws TrialFailure {
        String op = request.path("op").asText();
        try {
            stdin.write(Protocol.encode(request));
            stdin.write('\n');
            stdin.flush();
        } catch (IOException e) {
            throw failure(op, "could not send the request (" + e.getMessage() + ")");
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            Object item;
            try {
                item = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw failure(op, "interrupted while waiting for the answer");
            }
            if (item == null) {
                throw failure(op, "no answer within " + (timeoutMs >= 1000 ? timeoutMs / 1000 + " s" : timeoutMs + " ms")
                        + " (it hangs?)");
            }
            if (item == EOF) {
                waitForExit(2000);
                throw failure(op, "the process ended before answering");
            }
            String line = (String) item;
            Optional<ObjectNode> decoded = Protocol.decode(line);
            if (decoded.isEmpty()) {
                keepStderr("[stdout] " + line);
                continue;
            }
            ObjectNode answer = decoded.get();
            switch (answer.path("type").asText()) {
                case "progress" -> onProgress.accept(answer);
                case "result" -> {
                    return answer;
                }
                case "error" -> throw new TrialFailure(name + ": '" + op + "' failed: "
                        + answer.path("message").asText() + stderrSuffix(),
                        answer.path("unavailable").asBoolean(false));
                default -> throw failure(op, "answered garbage: " + line);
            }
        }
    }

    private TrialFailure failure(String op, String what) {
        if (!process.isAlive()) {
            try {
                stderrReader.join(1000); // its last lines are usually the useful ones
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String status = process.isAlive() ? "still running" : "exit status " + process.exitValue();
        return new TrialFailure(name + " (pid " + process.pid() + ", " + status + "): '" + op + "': " + what
                + stderrSuffix());
    }

    private String stderrSuffix() {
        synchronized (stderrTail) {
            return stderrTail.isEmpty() ? "" : "\n--- last lines of its stderr ---\n" + String.join("\n", stderrTail);
        }
    }

    private void keepStderr(String line) {
        synchronized (stderrTail) {
            if (stderrTail.size() == STDERR_TAIL_LINES) {
                stderrTail.removeFirst();
            }
            stderrTail.addLast(line);
        }
    }

    private void waitForExit(long ms) {
        try {
            process.waitFor(ms, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Asks the process to exit, and kills it (and anything it started) if it does not within 5 s. */
    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                stdin.write(Protocol.encode(Protocol.request(Protocol.EXIT)) + "\n");
                stdin.flush();
                stdin.close();
            } catch (IOException ignored) {
                // already gone: killed below if not
            }
            waitForExit(5000);
        }
        kill();
        waitForExit(5000);
    }

    /** Kills the process and its descendants now, without asking. */
    public void kill() {
        List<ProcessHandle> all = new java.util.ArrayList<>(process.descendants().toList());
        all.add(process.toHandle());
        all.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(2, TimeUnit.SECONDS);
            } catch (Exception e) {
                // still reported by isAlive(); nothing more to do from here
            }
        }
    }

    private void pump(java.io.InputStream in, Consumer<String> sink, boolean isStdout) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                sink.accept(line);
            }
        } catch (IOException ignored) {
            // the process is gone; EOF below tells the waiting request
        } finally {
            if (isStdout) {
                lines.add(EOF);
            }
        }
    }

    private static Thread daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
        return t;
    }
}

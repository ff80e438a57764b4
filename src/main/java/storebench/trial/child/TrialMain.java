package storebench.trial.child;

import storebench.engine.Engine;
import storebench.engine.Engines;
import storebench.engine.SlowedEngine;
import storebench.measure.Environment;
import storebench.measure.ProcResources;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.trial.HelloRequest;
import storebench.trial.Protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * The child JVM's main: serves one engine over the trial protocol (docs/protocol.md) on stdin/stdout. Like
 * a JMH fork, it holds one engine under one setting for its whole life.
 */
public final class TrialMain {
    private final PrintStream out;
    /** Every op but hello and exit, by name, in the order of {@link ChildOps#ALL}. */
    private final Map<String, ChildOp> storeOps = ChildOps.byName();
    private Request.Loaded loaded;

    TrialMain(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocolOut = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                StandardCharsets.UTF_8);
        System.setOut(System.err); // whatever an engine prints must not reach the protocol pipe
        exitWhenOrphaned();
        TrialMain main = new TrialMain(protocolOut);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode request = Protocol.JSON.readTree(line);
            String op = request.path("op").asText("");
            try {
                main.send(main.serve(op, request));
            } catch (CountMismatch e) {
                main.send(Protocol.error(op, e.getMessage()).put("store", e.store));
            } catch (LinkageError e) {
                e.printStackTrace();
                // an engine whose native library cannot load here: its trial is skipped with the loader's reason
                main.send(Protocol.error(op, "the engine cannot load on this machine: " + e.getClass().getSimpleName()
                        + ": " + e.getMessage()).put("unavailable", Protocol.HELLO.equals(op)));
            } catch (Exception e) {
                e.printStackTrace();
                main.send(Protocol.error(op, e.getClass().getSimpleName() + ": " + e.getMessage()));
            }
            if (Protocol.EXIT.equals(op)) {
                return;
            }
        }
    }

    /** Hello loads the engine, exit ends the process, every other op is a {@link ChildOps} one. */
    ObjectNode serve(String op, JsonNode request) throws Exception {
        if (Protocol.HELLO.equals(op)) {
            return hello(request);
        }
        if (Protocol.EXIT.equals(op)) {
            return Protocol.result(op);
        }
        ChildOp handler = storeOps.get(op);
        if (handler == null) {
            throw new IllegalArgumentException("unknown op '" + op + "'; valid ops: " + Protocol.HELLO + ", "
                    + String.join(", ", storeOps.keySet()) + ", " + Protocol.EXIT);
        }
        if (loaded == null) {
            throw new IllegalStateException("'" + op + "' before 'hello': no engine loaded");
        }
        Path root = Path.of(request.path("root").asText());
        Workload workload = Workload.of(request.path("workload").asText());
        return handler.serve().serve(new Request(op, root, workload, request, loaded, this::send));
    }

    private ObjectNode hello(JsonNode line) throws Exception {
        HelloRequest request = Protocol.JSON.treeToValue(line, HelloRequest.class);
        String engineId = request.engine();
        Engine engine = Engines.of(engineId).newEngine(Setting.of(request.setting()));
        if (request.slowdown() != null && request.slowdown() > 0) {
            engine = new SlowedEngine(engine, request.slowdown());
        }
        loaded = new Request.Loaded(engineId, engine, new PhaseLoops(engineId, engine), new StoreChecks(engine));
        ObjectNode result = Protocol.result(Protocol.HELLO).put("engine", engineId)
                .put("pid", ProcessHandle.current().pid())
                .put("runtime", "Java " + System.getProperty("java.version") + " ("
                        + System.getProperty("java.vm.name") + ")");
        result.set("info", Protocol.JSON.valueToTree(engine.describe().info()));
        long[] timer = Environment.nanoTimeOverhead(1_000_000);
        result.putObject("timer").put("source", "System.nanoTime").put("backToBackMedianNs", timer[0])
                .put("backToBackMinNs", timer[1]).put("backToBackP99Ns", timer[2]);
        result.set("limits", Protocol.JSON.valueToTree(ProcResources.limits()));
        return result;
    }

    /** A trial process must not outlive the suite: exits once its parent is gone, even in the middle of a phase. */
    private static void exitWhenOrphaned() {
        java.util.Optional<ProcessHandle> parent = ProcessHandle.current().parent();
        Thread watchdog = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
                // re-parented: the suite is gone. Reading the parent takes a descriptor; where none is left (the
                // capacity phase holds them all) the lookup fails, which says nothing about the parent
                java.util.Optional<ProcessHandle> now = ProcessHandle.current().parent();
                if (parent.isEmpty() || now.isPresent() && now.get().pid() != parent.get().pid()) {
                    System.err.println("trial process: the suite (parent process) is gone; exiting");
                    Runtime.getRuntime().halt(3);
                }
            }
        }, "orphan-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private void send(ObjectNode line) {
        out.println(Protocol.encode(line));
        out.flush();
    }
}

package storebench.run;

import storebench.engine.EngineDescriptor;
import storebench.model.TrialRuntime;
import storebench.trial.Protocol;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** The command lines that start a trial process: a child JVM, or the Node worker. */
public final class TrialCommands {
    /** The child JVM's heap: fixed and pre-touched, so heap growth cannot pass for native memory. */
    public static final int HEAP_MB = 256;
    /** The most heap a holding process gets: H2 keeps about 1 MB per open store (1,000 open held 1.05 GB). */
    public static final String HOLD_HEAP = "2g";
    private static final int HOLD_HEAP_MB = 2048;
    /**
     * The Node worker's flags: gc() for the memory readings and between stores; and no bytecode flushing, which
     * would drop the bytecode of functions not run lately during the hold's collections and make the JS heap's
     * figure per open store drift below zero.
     */
    public static final List<String> NODE_OPTIONS = List.of("--expose-gc", "--no-flush-bytecode");
    public static final String WORKER = "src/main/node/worker.js";
    public static final int MIN_NODE_MAJOR = 20;

    private final String classpath;
    private final Path projectDir;
    private final String node;
    private Optional<String> nodeUnavailable;

    /** Null for the system's java.io.tmpdir. */
    private final Path tmp;

    public TrialCommands(String classpath, Path projectDir, String node) {
        this(classpath, projectDir, node, null);
    }

    private TrialCommands(String classpath, Path projectDir, String node, Path tmp) {
        this.classpath = classpath;
        this.projectDir = projectDir;
        this.node = node;
        this.tmp = tmp;
    }

    /** The same commands, the JVM trial processes' temporary files in {@code dir}. */
    TrialCommands withTmp(Path dir) {
        return new TrialCommands(classpath, projectDir, node, dir);
    }

    public String classpath() {
        return classpath;
    }

    public String node() {
        return node;
    }

    /**
     * The base and twice {@code kbPerStore} per store, {@link #HOLD_HEAP} at most. Only as large as it must be: every
     * page is touched before the engine loads, and a first touch is slow on a virtual machine (2 GB took 10-20 s here,
     * against 2-5 s for 256 MB).
     */
    public static String holdHeap(int baseMb, int stores, long kbPerStore) {
        long mb = Math.min(HOLD_HEAP_MB, baseMb + (2 * kbPerStore * Math.max(0, stores) + 1023) / 1024);
        return mb == HOLD_HEAP_MB ? HOLD_HEAP : mb + "m";
    }

    /** On {@code own} classpath where given (side B of bench.against), else the suite's. */
    public List<String> command(EngineDescriptor engine, TrialJvm jvm, Optional<String> own) {
        if (engine.runtime() == TrialRuntime.NODE) {
            return List.of(node, NODE_OPTIONS.get(0), NODE_OPTIONS.get(1), projectDir.resolve(WORKER).toString());
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(java);
        cmd.addAll(jvm.options());
        if (tmp != null) {
            cmd.add("-Djava.io.tmpdir=" + tmp);
            cmd.add("-D" + storebench.measure.Yardstick.SCRATCH_DIR + "=" + System.getProperty("java.io.tmpdir"));
        }
        cmd.add("-cp");
        cmd.add(own.orElse(classpath));
        cmd.add(Protocol.JVM_MAIN);
        return cmd;
    }

    /** Why the Node engines cannot run here (no Node.js >= 20, or the worker's packages not installed). */
    public synchronized Optional<String> nodeUnavailable() {
        if (nodeUnavailable == null) {
            nodeUnavailable = checkNode();
        }
        return nodeUnavailable;
    }

    private Optional<String> checkNode() {
        String version;
        try {
            Process p = new ProcessBuilder(node, "--version").redirectErrorStream(true).start();
            version = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return Optional.of("'" + node + " --version' failed: " + version);
            }
        } catch (Exception e) {
            return Optional.of("Node.js not found ('" + node + "' is not on the PATH: " + e.getMessage()
                    + "); install Node.js >= " + MIN_NODE_MAJOR + " to measure the Node engines");
        }
        int major;
        try {
            major = Integer.parseInt(version.replaceFirst("^v", "").split("\\.")[0]);
        } catch (NumberFormatException e) {
            return Optional.of("cannot read the Node.js version from '" + version + "'");
        }
        if (major < MIN_NODE_MAJOR) {
            return Optional.of("Node.js " + version + " is too old: the Node engines need Node.js >= " + MIN_NODE_MAJOR);
        }
        Path worker = projectDir.resolve(WORKER);
        if (!Files.isRegularFile(worker)) {
            return Optional.of("the Node worker " + worker + " is missing");
        }
        Path modules = worker.getParent().resolve("node_modules");
        Path installStatus = projectDir.resolve("target").resolve("node-install.txt");
        if (Files.isRegularFile(installStatus)) {
            try {
                String status = Files.readString(installStatus).trim();
                if (!status.equals("installed")) {
                    return Optional.of(status);
                }
            } catch (java.io.IOException ignored) {
                // fall through to the checks below
            }
        }
        if (!Files.isDirectory(modules)) {
            return Optional.of("the Node worker's packages are not installed (" + modules + " is missing): run"
                    + " mvn verify -Pbench, which runs npm ci, or 'npm ci' in " + worker.getParent());
        }
        return Optional.empty();
    }
}

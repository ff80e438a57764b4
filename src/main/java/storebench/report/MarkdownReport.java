package storebench.report;

import storebench.phase.Phases;

import storebench.phase.CreatePhase;
import storebench.phase.DiskPhase;
import storebench.phase.MemoryPhase;
import storebench.phase.OpenRunsPhase;

import storebench.engine.RunView;

import storebench.engine.Engines;
import storebench.engine.NodeEngines;
import storebench.engine.ObjectBoxEngine;
import storebench.engine.SqliteEngine;
import storebench.model.TrialRuntime;

import storebench.results.RunResults;
import storebench.results.Stat;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.engine.EngineDescriptor;
import storebench.report.VerdictSection;
import storebench.measure.RunStats;
import storebench.report.ProfileSection;
import storebench.model.Setting;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * report.md: laid out like the reference write-up (shared/reference/): a few generated sentences, one table
 * per setting with the reference's rows first, then what was measured, the caveats and the versions. A pure
 * function of the run's output files.
 */
public final class MarkdownReport {
    public static final String NAME = "report.md";
    /** The figures whose run-to-run spread is the run's noise: the open runs' medians (a p99 is a few slow stores). */
    static final List<String> NOISE_STATS = List.of(OpenRunsPhase.OPEN_MS.id(), OpenRunsPhase.COUNT_MS.id(),
            OpenRunsPhase.CLOSE_MS.id(), OpenRunsPhase.OQC_MS.id());
    /** The reference's 316 KB per SQL store: 79 pages of 4 KiB. */
    static final long REFERENCE_SQL_PAGES = 79;
    static final String NONE = "–";

    private final RunResults results;
    private final JsonNode run;
    private final List<String> engines;
    private final List<String> settings;
    private final int notesPerStore;
    private final int held;

    public MarkdownReport(RunResults results) {
        this.results = results;
        this.run = results.run();
        this.engines = columns(results);
        this.settings = new ArrayList<>();
        run.path("settings").forEach(s -> settings.add(s.asText()));
        if (settings.isEmpty()) {
            results.measurements().stream().map(m -> m.setting).distinct().forEach(settings::add);
        }
        this.notesPerStore = run.path("notesPerStore").asInt();
        this.held = run.path("hold").asInt();
    }

    /** Renders report.md of a run's folder from its files; returns its path. */
    public static Path write(Path runDir) throws IOException {
        String text = new MarkdownReport(RunResults.load(runDir)).render()
                + VerdictSection.forRun(runDir).map(section -> "\n" + section).orElse("");
        Path out = runDir.resolve(NAME);
        Files.writeString(out, text, StandardCharsets.UTF_8);
        return out;
    }

    public String render() {
        StringBuilder md = new StringBuilder();
        JsonNode env = results.environment();
        int n = run.path("stores").asInt();
        md.append("# storebench: ").append(run.path("workload").asText()).append(" workload, ")
                .append(fmt(notesPerStore, 0)).append(" notes per store\n\n");
        md.append("As of ").append(run.path("started").asText("?").replaceFirst("T.*", "")).append(" · measured on ")
                .append(env.path("cpuModel").asText("an unknown CPU")).append(" (")
                .append(env.path("cores").asInt()).append(" cores, ")
                .append(fmt(env.path("memoryKb").asDouble() / 1024 / 1024, 0)).append(" GiB), Linux ")
                .append(env.path("kernel").asText("?")).append(", bench root on ")
                .append(env.path("benchRoot").path("fsType").asText("?")).append(". ")
                .append(fmt(n, 0)).append(" stores per engine and setting, warm page cache only.\n\n");
        results.incomplete().ifPresent(why -> md.append("**Incomplete run**: ").append(why)
                .append(". The tables hold only what finished before it stopped.\n\n"));

        md.append("## Result in a few sentences\n\n");
        sentences(md);

        for (String setting : settings) {
            table(md, setting, n);
        }
        md.append(ProfileSection.render(results.lines("profile")));
        measured(md, n);
        caveats(md);
        versions(md, env);
        return md.toString();
    }

    private void sentences(StringBuilder md) {
        if (settings.isEmpty()) {
            noFigures(md);
            return;
        }
        String s = settings.get(0);
        List<String> lines = new ArrayList<>();
        ranked(s, OpenRunsPhase.OQC_MS).ifPresent(r -> lines.add("Open, query (count), close takes " + r + " (median)."));
        ranked(s, OpenRunsPhase.COUNT_MS).ifPresent(r -> lines.add("The count query alone takes " + r + "."));
        ranked(s, MemoryPhase.MEM_RESIDENT_KB).ifPresent(r -> {
            String anon = ranked(s, MemoryPhase.MEM_ANON_KB).map(a -> "; of that, the process' own (anonymous) memory: "
                    + a).orElse("");
            lines.add("Resident memory per open store: " + r + anon + ".");
        });
        ranked(s, CreatePhase.CREATE_MS).ifPresent(r -> lines.add("Creating a store and writing its " + fmt(notesPerStore, 0)
                + " notes in one transaction takes " + r + "."));
        ranked(s, DiskPhase.DISK_KB).ifPresent(r -> lines.add("Disk per store: " + r + "."));
        if (lines.isEmpty()) {
            noFigures(md);
            return;
        }
        md.append(String.join(" ", lines)).append(" (").append(settingTitle(s)).append(", fastest or smallest first.)\n\n");
    }

    /** No trial finished a phase: say why, trial by trial. */
    private void noFigures(StringBuilder md) {
        List<String> why = results.failures();
        md.append("No figures: no trial finished").append(why.isEmpty() ? "." : ":").append("\n\n");
        why.forEach(w -> md.append("- ").append(w).append('\n'));
        if (!why.isEmpty()) {
            md.append('\n');
        }
    }

    /** "0.218 ms for SQLite, 0.332 ms for ObjectBox, cached model": engines ranked by a statistic. */
    private Optional<String> ranked(String setting, Stat stat) {
        List<RunResults.Measurement> ms = engines.stream()
                .map(e -> results.measurement(e, setting, stat.id()))
                .flatMap(Optional::stream)
                .sorted(Comparator.comparingDouble(m -> m.value))
                .collect(Collectors.toList());
        if (ms.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(ms.stream().map(m -> value(stat, m.value) + " for " + title(m.engine))
                .collect(Collectors.joining(", ")));
    }

    private void table(StringBuilder md, String setting, int n) {
        boolean isDefault = Setting.DEFAULT.id().equals(setting);
        md.append("## ").append(fmt(n, 0)).append(" stores per engine, ").append(settingTitle(setting)).append("\n\n");
        if (isDefault) {
            md.append("Medians of the ").append(run.path("runs").asInt()).append(" warm open runs (all ")
                    .append(fmt(n, 0)).append(" stores in random order per run).\n\n");
        } else if (Setting.MMAP_THRESHOLD.id().equals(setting)) {
            md.append("glibc's M_MMAP_THRESHOLD at 131072 bytes (").append(Setting.MMAP_THRESHOLD.how())
                    .append("; the reference's mallopt(M_MMAP_THRESHOLD, 131072)), set identically for all engines.\n\n");
        }
        md.append("|  |");
        engines.forEach(e -> md.append(' ').append(title(e)).append(" |"));
        md.append("\n| --- |");
        engines.forEach(e -> md.append(" ---: |"));
        md.append('\n');
        for (Stat stat : Phases.stats()) {
            md.append("| ").append(stat.label(notesPerStore, held)).append(" |");
            for (String e : engines) {
                md.append(' ').append(cell(e, setting, stat)).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
        for (String e : engines) {
            status(e, setting, "skipped").ifPresent(why -> md.append("- ").append(title(e))
                    .append(": not measured: ").append(why).append('\n'));
            status(e, setting, "failed").ifPresent(why -> md.append("- ").append(title(e))
                    .append(": failed: ").append(why.lines().findFirst().orElse(why)).append('\n'));
        }
        boolean jvmRan = engines.stream().anyMatch(e -> isJvm(e) && results.measurement(e, setting,
                OpenRunsPhase.OPEN_MS.id()).isPresent());
        if (jvmRan) {
            md.append("- ").append(OpenRunsPhase.CLOSE_FIN_MS.label(notesPerStore, held)).append(": measured in the Node worker"
                    + " only; a JVM engine releases its store within close().\n");
        }
        md.append('\n');
    }

    private static boolean isJvm(String engine) {
        try {
            return Engines.of(engine).runtime() == TrialRuntime.JVM;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private String cell(String engine, String setting, Stat stat) {
        Optional<RunResults.Measurement> m = results.measurement(engine, setting, stat.id());
        if (m.isPresent()) {
            return value(stat, m.get().value);
        }
        return status(engine, setting, "failed").isPresent() ? "failed" : NONE;
    }

    private Optional<String> status(String engine, String setting, String status) {
        return results.lines("status", engine, setting).stream()
                .filter(l -> status.equals(l.path("status").asText()))
                .map(l -> (l.hasNonNull("phase") ? l.get("phase").asText() + ": " : "") + l.path("reason").asText())
                .findFirst();
    }

    private void measured(StringBuilder md, int n) {
        md.append("## What was measured\n\n");
        md.append("- Per store ").append(fmt(notesPerStore, 0)).append(" notes `Note(text, ts)` (")
                .append("large".equals(run.path("workload").asText())
                        ? "a 300-character text: `note <j> of agent <i>: ` followed by Lorem ipsum, cut to 300 characters"
                        : "a short text `note <j> of agent <i>`")
                .append("), written in one transaction. The query is a count over all ").append(fmt(notesPerStore, 0))
                .append(" notes, checked against ").append(fmt(notesPerStore, 0)).append(" every time.\n");
        md.append("- ").append(fmt(n, 0)).append(" stores per engine and setting (N); ").append(run.path("runs").asInt())
                .append(" warm open runs (R), seeds 1–").append(run.path("runs").asInt())
                .append(", each visiting all stores in `Collections.shuffle(0..N-1, new Random(seed))` order, ")
                .append(warmup()).append("; memory with ").append(fmt(held, 0))
                .append(" stores open (M) in a fresh trial process.\n");
        long totalBytes = 0;
        for (JsonNode d : results.lines("disk")) {
            totalBytes += d.path("totalBytes").asLong();
        }
        md.append("- Data volume: ").append(fmt(totalBytes / 1024.0 / 1024.0, 1))
                .append(" MiB of store files over all trials.\n");
        int created = 0;
        int reused = 0;
        for (JsonNode p : results.lines("pool")) {
            created += p.path("created").asInt();
            reused += p.path("reused").asInt();
        }
        if (reused > 0) {
            md.append("- Store pool: ").append(fmt(reused, 0)).append(" stores reused from an earlier run (bench.reuse), ")
                    .append(fmt(created, 0)).append(" created; create figures are over the created stores only.\n");
        }
        long waits = 0;
        long waitMs = 0;
        for (JsonNode p : results.lines("phase")) {
            if (p.path("loadWaitMs").asLong() > 0) {
                waits++;
                waitMs += p.path("loadWaitMs").asLong();
            }
        }
        String maxLoad = run.path("maxLoad").asText("");
        md.append("- Load control: ").append(maxLoad.isEmpty()
                ? "none (bench.maxLoad unset): the 1-minute load average is recorded at the start of every phase, not waited for"
                : "before each phase the run waited until the 1-minute load average was below " + maxLoad + " (at most "
                + run.path("maxLoadWaitS").asLong() + " s per phase)").append("; ").append(waits)
                .append(" waits, ").append(fmt(waitMs / 1000.0, 0)).append(" s in total. load.log samples the load every 10 s.\n");
        md.append("- Wall time per phase (s):\n\n");
        List<String> phases = List.of("create", "warmup", "openrun", "hold");
        md.append("| engine, setting | create | warm-up | open runs | memory |\n| --- | ---: | ---: | ---: | ---: |\n");
        double total = 0;
        for (String setting : settings) {
            for (String e : engines) {
                List<JsonNode> lines = results.lines("phase", e, setting);
                if (lines.isEmpty()) {
                    continue;
                }
                md.append("| ").append(title(e)).append(", ").append(setting).append(" |");
                for (String phase : phases) {
                    double s = lines.stream().filter(l -> phase.equals(l.path("phase").asText()))
                            .mapToDouble(l -> l.path("wallMs").asDouble()).sum() / 1000;
                    total += s;
                    md.append(' ').append(s > 0 ? fmt(s, 1) : NONE).append(" |");
                }
                md.append('\n');
            }
        }
        List<JsonNode> end = results.lines("end");
        md.append("\nIn the phases ").append(fmt(total, 1)).append(" s; the whole run ")
                .append(end.isEmpty() ? "did not finish (no end line)" : "took " + fmt(end.get(0).path("wallMs").asDouble() / 1000, 1) + " s")
                .append(" (trial process start-up, store checks and disk scans included).\n\n");
    }

    private String warmup() {
        if (!run.has("warmupOpens")) {
            return "after one uncounted warm-up pass";
        }
        int passes = results.lines("phase").stream().filter(l -> "warmup".equals(l.path("phase").asText()))
                .mapToInt(l -> l.path("passes").asInt(1)).max().orElse(1);
        boolean perRun = results.lines("phase").stream().anyMatch(l -> "warmup".equals(l.path("phase").asText())
                && l.has("run"));
        return (perRun ? "each in a fresh trial process (like a JMH fork: no one process's JIT state and memory"
                + " layout decides every run) after its own " : "after an ") + "uncounted warm-up of " + fmt(passes, 0)
                + (passes == 1 ? " pass" : " passes") + " over all stores (at least "
                + fmt(run.path("warmupOpens").asInt(), 0) + " opens, so that both the page cache and the JIT are warm)";
    }

    /**
     * How far the open-run figures moved from run to run in this run: a difference smaller than that is noise.
     * The p99 is left out (a few slow stores decide it).
     */
    private Optional<String> noiseCaveat() {
        List<RunResults.Measurement> withRuns = results.measurements().stream()
                .filter(m -> m.spread != null && m.runs.size() > 1 && NOISE_STATS.contains(m.stat))
                .collect(Collectors.toList());
        String load = run.path("maxLoad").asText("").isEmpty()
                ? " The load was not controlled (bench.maxLoad unset), only recorded." : "";
        if (withRuns.isEmpty()) {
            return load.isEmpty() ? Optional.empty() : Optional.of(load.trim());
        }
        double median = RunStats.median(withRuns.stream().map(m -> m.spread).collect(Collectors.toList()));
        RunResults.Measurement widest = withRuns.stream().max(Comparator.comparingDouble(m -> m.spread)).get();
        return Optional.of("The open-run figures moved from run to run by " + fmt(median * 100, 0) + "% (the median"
                + " spread, (max - min) / median of the R run figures, of open, count, close and open-query-close over"
                + " all columns; the widest is " + fmt(widest.spread * 100, 0) + "%, " + widest.engine + " "
                + widest.stat + " under " + widest.setting + "). A difference smaller than that, between two columns"
                + " or two runs, is noise." + load + " On a virtual machine, other guests on the same host can slow"
                + " every engine's system calls and memory accesses for tens to hundreds of milliseconds at a time,"
                + " and the load average inside the guest does not show it (README, \"Noise\").");
    }

    /** What the count query is in each kind of engine of this run (SQL engines first). */
    private String countCaveat() {
        List<String> parts = new ArrayList<>();
        if (engines.stream().anyMatch(e -> descriptor(e).map(d -> d.kind() == EngineDescriptor.Kind.SQL).orElse(false))) {
            parts.add("in the SQL engines " + Engines.ALL.stream().filter(d -> d.kind() == EngineDescriptor.Kind.SQL)
                    .findFirst().orElseThrow().count());
        }
        for (String e : engines) {
            descriptor(e).filter(d -> d.kind() != EngineDescriptor.Kind.SQL).map(d -> "in " + family(d) + " it is "
                    + d.count()).filter(p -> !parts.contains(p)).ifPresent(parts::add);
        }
        return "The count query " + String.join("; ", parts) + ". A different query would compare differently.";
    }

    /** "ObjectBox" for the three ObjectBox variants: the part of the title before its comma. */
    private static String family(EngineDescriptor d) {
        int comma = d.title().indexOf(',');
        return comma < 0 ? d.title() : d.title().substring(0, comma);
    }

    /**
     * Each engine's caveats in column order: the -wal file its stores keep (from the disk lines), then what its
     * descriptor says about this run; a text two engines share (the ObjectBox variants) once.
     */
    private List<String> engineCaveats() {
        java.util.Set<String> c = new java.util.LinkedHashSet<>();
        RunView view = view();
        for (String e : engines) {
            results.lines("disk").stream().filter(d -> e.equals(d.path("engine").asText())
                    && d.path("walBytesMedian").asDouble() > 0).findFirst().ifPresent(d -> c.add(title(e)
                    + " keeps a store's data in its -wal file after close (median " + fmt(d.path("walBytesMedian")
                    .asDouble() / 1024, 0) + " KB of " + fmt(d.path("bytesMedian").asDouble() / 1024, 0)
                    + " KB per store): the disk rows count the -wal file with the database file."));
            descriptor(e).ifPresent(d -> c.addAll(d.caveats(view)));
        }
        return new ArrayList<>(c);
    }

    /** What a Node column means beside a JVM column: the calibration column. */
    private Optional<String> nodeWorkerCaveat() {
        String first = settings.isEmpty() ? "" : settings.get(0);
        boolean nodeRan = engines.stream().anyMatch(e -> descriptor(e).map(d -> d.runtime() == TrialRuntime.NODE)
                .orElse(false) && !results.lines("stat", e, first).isEmpty());
        if (!nodeRan) {
            return Optional.empty();
        }
        return Optional.of("The Node engines run in a Node.js worker (their bindings have no JVM counterpart here);"
                + " `SQLite (Node.js)` is the same engine as `SQLite` through better-sqlite3, the calibration column:"
                + " the difference between those two columns is what the runtime, the binding and the two SQLite builds"
                + " (versions and compile options, e.g. better-sqlite3's larger default cache_size, in environment.json)"
                + " add. Compare a Node column with a JVM column only beside that difference.");
    }

    private RunView view() {
        List<String> cols = engines;
        List<String> sets = settings;
        return new RunView() {
            @Override
            public RunResults results() {
                return results;
            }

            @Override
            public List<String> engines() {
                return cols;
            }

            @Override
            public List<String> settings() {
                return sets;
            }

            @Override
            public String format(String stat, double value) {
                return Phases.stat(stat).format(value);
            }

            @Override
            public String label(String stat) {
                return Phases.stat(stat).label(notesPerStore, held);
            }
        };
    }

    private static Optional<EngineDescriptor> descriptor(String engine) {
        return Engines.find(engine);
    }

    private void caveats(StringBuilder md) {
        List<String> c = new ArrayList<>();
        c.add("Warm page cache only: the stores were just written or read by the warm-up, so the opens never read"
                + " from the device (cold opens, with the eviction checked: \"Where the time goes\", -Dbench.profile=true).");
        c.add(countCaveat());
        c.add("Memory per open store is (after − before) / M in the trial process, from /proc/PID/smaps_rollup. Resident"
                + " includes the pages of memory-mapped files the count touched (ObjectBox maps its data file: shared,"
                + " file-backed, reclaimable by the OS); anonymous is the process' own memory (SQLite's page cache lives"
                + " there). The child JVM's heap is fixed and pre-touched (-Xms = -Xmx, AlwaysPreTouch), so Java heap"
                + " growth is not in the anonymous row; the heap the stores hold is its own row. The Node worker cannot"
                + " pre-touch its heap: its anonymous figure includes the JS heap's growth.");
        c.add("The reference measured Python bindings (objectbox-python 5.0.0b1 with objectbox-c 5.3.2, apsw SQLite"
                + " 3.53.4, pyturso 0.8.1, libsql 0.1.11) on a desktop workstation with 10,000 stores; these figures are"
                + " from Java (and Node.js) with the versions below, and are comparable in shape, not in absolute numbers.");
        sqlPagesCaveat().ifPresent(c::add);
        c.addAll(engineCaveats());
        nodeWorkerCaveat().ifPresent(c::add);
        String fs = results.environment().path("benchRoot").path("fsType").asText("");
        if (fs.equals("tmpfs") || fs.equals("ramfs")) {
            c.add("The bench root is on " + fs + ": no real disk syncs, so create is not bound by the disk.");
        } else if (!fs.isEmpty()) {
            c.add("Creation includes the commits' disk syncs on the bench root's filesystem (" + fs + "); it depends"
                    + " on the device's sync latency more than on the engine.");
        }
        noiseCaveat().ifPresent(c::add);
        md.append("## Caveats\n\n");
        for (int k = 0; k < c.size(); k++) {
            md.append(k + 1).append(". ").append(c.get(k)).append('\n');
        }
        md.append('\n');
    }

    /**
     * Why a SQL store is 344 KiB here and 316 KB in the reference, from the pages the engines themselves report
     * (layout lines): the workload's ts needs 6 bytes in SQLite's record format.
     */
    private Optional<String> sqlPagesCaveat() {
        if (!"large".equals(run.path("workload").asText())) {
            return Optional.empty();
        }
        List<String> counts = new ArrayList<>();
        JsonNode detailed = null;
        String detailedEngine = null;
        for (String e : engines) {
            Optional<JsonNode> layout = results.lines("layout").stream()
                    .filter(l -> e.equals(l.path("engine").asText()) && l.path("layout").has("pageCount"))
                    .map(l -> l.path("layout")).findFirst();
            if (layout.isEmpty()) {
                continue;
            }
            counts.add(title(e) + " " + layout.get().path("pageCount").asLong());
            if (detailed == null && layout.get().path("leafCells").asLong() > 0) {
                detailed = layout.get();
                detailedEngine = e;
            }
        }
        if (counts.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder c = new StringBuilder("Space per store of the SQL engines differs from the reference's 316 KB"
                + " (79 pages of 4 KiB) because of the workload's ts: 1791676800000 + j has 13 digits, a 6-byte"
                + " integer in SQLite's record format.");
        if (detailed != null) {
            long cells = detailed.path("leafCells").asLong();
            long leaves = detailed.path("leafPages").asLong();
            long pages = detailed.path("pageCount").asLong();
            long pageSize = detailed.path("pageSize").asLong(4096);
            double record = (double) detailed.path("leafPayloadBytes").asLong() / cells;
            long perLeaf = (cells + leaves - 1) / leaves;
            long extra = pages - REFERENCE_SQL_PAGES;
            c.append(" Each note's record is ").append(fmt(record, 0)).append(" bytes (")
                    .append(title(detailedEngine)).append("'s dbstat: ").append(fmt(cells, 0)).append(" rows in ")
                    .append(fmt(leaves, 0)).append(" leaf pages), so a ").append(pageSize / 1024)
                    .append(" KiB leaf holds ").append(perLeaf).append(" rows: ").append(leaves).append(" leaves, ")
                    .append(detailed.path("interiorPages").asLong()).append(" interior page and the schema page make ")
                    .append(pages).append(" pages = ").append(fmt(pages * pageSize / 1024.0, 0)).append(" KiB.");
            if (extra > 0) {
                long refLeaves = REFERENCE_SQL_PAGES - (pages - leaves);
                long refPerLeaf = (cells + refLeaves - 1) / refLeaves;
                // a leaf has an 8-byte header; each row costs its record plus a 2-byte cell pointer and two
                // 2-byte varints (record size, rowid)
                long refRecord = (pageSize - 8) / refPerLeaf - 6;
                c.append(" The reference's 79 pages hold ").append(refPerLeaf)
                        .append(" rows per leaf, so its records were at most ").append(refRecord).append(" bytes, ")
                        .append(fmt(record - refRecord, 0)).append(" narrower (a ts of at most 3 bytes, or none)."
                                + " A SQL store here has ")
                        .append(extra).append(" more pages: about ").append(fmt(extra * pageSize / 1024.0, 0))
                        .append(" KB more page cache per open store, and ")
                        .append(fmt(100.0 * (leaves - refLeaves) / refLeaves, 0))
                        .append("% more leaf pages for the count to scan.");
            }
        }
        c.append(" Pages per store as each engine reports them (PRAGMA page_count): ").append(String.join(", ", counts))
                .append(".");
        return Optional.of(c.toString());
    }

    private void versions(StringBuilder md, JsonNode env) {
        md.append("## Engines and versions\n\n");
        JsonNode described = env.path("engines");
        for (String e : engines) {
            JsonNode d = described.path(e);
            if (d.isMissingNode()) {
                continue;
            }
            md.append("- ").append(title(e)).append(" (`").append(e).append("`, ").append(d.path("runtime").asText())
                    .append("): ");
            List<String> parts = new ArrayList<>();
            d.path("info").fields().forEachRemaining(f -> {
                if (!f.getKey().equals("compile_options") && !f.getKey().equals("compileOptions")) {
                    parts.add(f.getKey() + " " + f.getValue().asText());
                }
            });
            md.append(String.join("; ", parts)).append('\n');
        }
        md.append("- Timer: System.nanoTime, back-to-back median ")
                .append(env.path("timer").path("backToBackMedianNs").asLong()).append(" ns; JVM ")
                .append(env.path("jvm").asText("?")).append("; commit ").append(env.path("gitCommit").asText("?"))
                .append(".\n- SQLite compile options and every other detail: environment.json.\n\n");
        String maxLoad = run.path("maxLoad").asText("");
        md.append("## Reproduce\n\n```\nmvn verify -Pbench -Dbench.engines=").append(String.join(",", engines))
                .append(" -Dbench.settings=").append(String.join(",", settings))
                .append(" -Dbench.stores=").append(run.path("stores").asInt())
                .append(" -Dbench.workload=").append(run.path("workload").asText()).append(" -Dbench.runs=")
                .append(run.path("runs").asInt()).append(" -Dbench.hold=").append(held)
                .append(maxLoad.isEmpty() ? "" : " -Dbench.maxLoad=" + maxLoad)
                .append("\n# re-render this report from the run's files:\nmvn -q compile exec:java"
                        + " -Dexec.mainClass=storebench.report.Render -Dexec.args=target/bench\n```\n");
    }

    private static List<String> columns(RunResults results) {
        List<String> listed = new ArrayList<>();
        results.run().path("engines").forEach(e -> listed.add(e.asText()));
        if (listed.isEmpty()) {
            results.measurements().stream().map(m -> m.engine).distinct().forEach(listed::add);
        }
        // the engines' own order, whatever order they were listed in
        listed.sort(Comparator.comparingInt(Engines::rank));
        return listed;
    }

    private static String title(String engine) {
        try {
            return Engines.of(engine).title();
        } catch (IllegalArgumentException e) {
            return engine;
        }
    }

    private static String settingTitle(String setting) {
        if (Setting.DEFAULT.id().equals(setting)) {
            return "defaults";
        }
        return Setting.MMAP_THRESHOLD.id().equals(setting) ? "mmap threshold 131072" : setting;
    }

    static String value(Stat stat, double v) {
        return stat.format(v);
    }

    static String fmt(double v, int decimals) {
        return Stat.number(v, decimals);
    }
}

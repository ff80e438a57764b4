package storebench.report;

import storebench.model.StatId;
import storebench.report.model.Text;
import storebench.report.model.Titles;

import storebench.engine.EngineDescriptor;
import storebench.engine.Engines;
import storebench.results.RunStats;
import storebench.model.FsType;
import storebench.model.TrialRuntime;
import storebench.model.Workload;
import storebench.results.DiskLine;
import storebench.results.LayoutLine;
import storebench.results.RunResults;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The caveats that apply to a run, in the report's order. */
final class Caveats {
    /** The figures whose run-to-run spread is the run's noise: the open runs' medians (a p99 is a few slow stores). */
    static final List<String> NOISE_STATS = List.of(StatId.OPEN_MS.id(), StatId.COUNT_MS.id(), StatId.CLOSE_MS.id(),
            StatId.OQC_MS.id());

    /** The reference's 316 KB per SQL store: 79 pages of 4 KiB. */
    static final long REFERENCE_SQL_PAGES = 79;

    private final ReportRun ctx;

    Caveats(ReportRun ctx) {
        this.ctx = ctx;
    }

    List<Text> all() {
        List<Text> c = new ArrayList<>();
        c.add(Text.of("Warm page cache in every row but the cold ones: the stores were just written or read by the"
                + " warm-up, so " + uncachedPool().map(u -> "those opens read from the device only where the page"
                + " cache did not hold the pool: " + u + ".").orElse("those opens never read from the device.")
                + " The cold rows (the cold phase) drop the"
                + " pool's files from the page cache after the warm-up, check that the drop took, and count what"
                + " each visit read from the device; a virtual disk's host may still hold what the guest dropped"
                + " (the bench root's direct-read latency, under \"Engines and versions\", tells)."));
        c.add(count());
        custom().ifPresent(c::add);
        c.add(Text.of("Memory per open store is (after − before) / M in the trial process, from"
                + " /proc/PID/smaps_rollup. Resident includes the pages of memory-mapped files the count touched"
                + " (ObjectBox maps its data file: shared, file-backed, reclaimable by the OS); anonymous is the"
                + " process' own memory (SQLite's page cache lives there). The child JVM's heap is fixed and"
                + " pre-touched (-Xms = -Xmx, AlwaysPreTouch), so Java heap growth is not in the anonymous row; the"
                + " heap the stores hold is its own row. The Node worker cannot pre-touch its heap: its anonymous"
                + " figure includes the JS heap's growth."));
        c.add(Text.of("The reference measured Python bindings (objectbox-python 5.0.0b1 with objectbox-c 5.3.2, apsw"
                + " SQLite 3.53.4, pyturso 0.8.1, libsql 0.1.11) on a desktop workstation with 10,000 stores; these"
                + " figures are from Java (and Node.js) with the versions below, and are comparable in shape, not in"
                + " absolute numbers."));
        sqlPages().map(Text::of).ifPresent(c::add);
        c.addAll(engineCaveats());
        nodeWorker().ifPresent(c::add);
        String fs = ctx.results().environmentFile().benchRoot().fsType().orElse("");
        if (FsType.inMemory(fs)) {
            c.add(Text.of("The bench root is on " + fs + ": no real disk syncs, so create is not bound by the disk."));
        } else if (!fs.isEmpty()) {
            c.add(Text.of("Creation includes the commits' disk syncs on the bench root's filesystem (" + fs + "); it"
                    + " depends on the device's sync latency more than on the engine."));
        }
        noise().map(Text::of).ifPresent(c::add);
        underProfilers().ifPresent(c::add);
        return c;
    }

    /** Columns whose warm runs found the pool partly uncached (under 99.5% cached, or 0.1 KB read a visit or more). */
    Optional<String> uncachedPool() {
        List<String> columns = new ArrayList<>();
        for (String setting : ctx.settings()) {
            for (String engine : ctx.engines()) {
                Optional<Double> cached = ctx.value(engine, setting, StatId.POOL_CACHED_PCT.id());
                Optional<Double> read = ctx.value(engine, setting, StatId.OQC_READ_KB.id());
                if (cached.filter(p -> p < 99.5).isEmpty() && read.filter(kb -> kb >= 0.05).isEmpty()) {
                    continue;
                }
                List<String> figures = new ArrayList<>();
                cached.ifPresent(p -> figures.add(Titles.fmt(p, 1) + "% of its pool cached as the open runs began"));
                read.ifPresent(kb -> figures.add(Titles.fmt(kb, 1) + " KB read from the device a visit"));
                columns.add(Titles.engineTitle(engine) + (ctx.settings().size() > 1 ? " (" + setting + ")" : "")
                        + ", " + String.join(", ", figures));
            }
        }
        return columns.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", columns));
    }

    /** A custom workload: what its stores hold; its figures compare with runs of the same W and C only. */
    private Optional<Text> custom() {
        String id = ctx.results().runLine().scale().workload();
        if (!Workload.isId(id) || !Workload.of(id).isCustom()) {
            return Optional.empty();
        }
        Workload w = Workload.of(id);
        return Optional.of(Text.of("A custom workload (" + id + "): " + Titles.fmt(w.notesPerStore(), 0)
                + " notes of " + Titles.fmt(w.noteChars(), 0) + " characters per store, "
                + Titles.fmt((double) w.notesPerStore() * w.noteChars() / 1024, 0) + " KB of text, against the large"
                + " workload's 1,000 of 300 (293 KB). Its figures compare with runs of the same W and C only; the"
                + " reference's figures and the gate's rules for the large workload do not apply to it."));
    }

    /** Which figures were measured under profilers (bench.profilers), which slow what they watch. */
    private Optional<Text> underProfilers() {
        List<String> profilers = ctx.results().profilers();
        if (profilers.isEmpty()) {
            return Optional.empty();
        }
        List<String> phases = ctx.results().measurements().stream().filter(RunResults.Measurement::profiled)
                .flatMap(m -> ctx.results().groupOf(m.stat()).stream()).distinct().toList();
        return Optional.of(Text.of("Measured under profilers (" + String.join(", ", profilers) + "): the figures of "
                + (phases.isEmpty() ? "some phases" : "the phases " + String.join(", ", phases)) + " were measured"
                + " in trial processes the profilers watched, which slows them; \"Where the time goes\" gives what"
                + " the profilers found. Compare them with a run without profilers only to see the profilers' cost."));
    }

    /** The count query per engine: the SQL engines that scan first, then the others' descriptors (a family once). */
    private Text count() {
        List<String> parts = new ArrayList<>();
        if (ctx.engines().stream().anyMatch(e -> Engines.find(e).map(d -> d.count().equals(EngineDescriptor.SQL_COUNT))
                .orElse(false))) {
            parts.add("in the SQL engines " + EngineDescriptor.SQL_COUNT);
        }
        for (String e : ctx.engines()) {
            Engines.find(e).filter(d -> !d.count().equals(EngineDescriptor.SQL_COUNT)).map(d -> "in " + family(d)
                    + " it is " + d.count()).filter(p -> !parts.contains(p)).ifPresent(parts::add);
        }
        return Text.withCodeSpans("The count query " + String.join("; ", parts)
                + ". A different query would compare differently.");
    }

    /** "ObjectBox" for the three ObjectBox variants: the part of the title before its comma. */
    private static String family(EngineDescriptor d) {
        int comma = d.title().indexOf(',');
        return comma < 0 ? d.title() : d.title().substring(0, comma);
    }

    /** Each engine's caveats in column order: its stores' -wal file, then its descriptor's; a shared text once. */
    private List<Text> engineCaveats() {
        Set<Text> c = new LinkedHashSet<>();
        for (String e : ctx.engines()) {
            ctx.results().lines(DiskLine.KIND, DiskLine::of).stream().filter(d -> e.equals(d.column().engine())
                    && d.walBytesMedian() > 0).findFirst().ifPresent(d -> c.add(Text.of(
                    Titles.engineTitle(e) + " keeps a store's data in its -wal file after close (median "
                    + Titles.fmt(d.walBytesMedian() / 1024, 0) + " KB of "
                    + Titles.fmt(d.bytesMedian() / 1024, 0)
                    + " KB per store): the disk rows count the -wal file with the database file.")));
            Engines.find(e).ifPresent(d -> d.caveats(ctx).forEach(text -> c.add(Text.withCodeSpans(text))));
        }
        return new ArrayList<>(c);
    }

    /** What a Node column means beside a JVM column: the calibration column. */
    private Optional<Text> nodeWorker() {
        String first = ctx.settings().isEmpty() ? "" : ctx.settings().get(0);
        boolean nodeRan = ctx.engines().stream().anyMatch(e -> Engines.find(e).map(d -> d.runtime() == TrialRuntime.NODE)
                .orElse(false) && !ctx.results().lines("stat", e, first).isEmpty());
        if (!nodeRan) {
            return Optional.empty();
        }
        return Optional.of(Text.of("The Node engines run in a Node.js worker (their bindings have no JVM counterpart"
                + " here); ").plusCode("SQLite (Node.js)").plus(" is the same engine as ").plusCode("SQLite")
                .plus(" through better-sqlite3, the calibration column: the difference between those two columns is"
                        + " what the runtime, the binding and the two SQLite builds (versions and compile options, e.g."
                        + " better-sqlite3's larger default cache_size, in environment.json) add. Compare a Node"
                        + " column with a JVM column only beside that difference."));
    }

    /** Why a SQL store is 344 KiB here, 316 KB in the reference: ts needs 6 bytes in SQLite's record format. */
    private Optional<String> sqlPages() {
        if (!"large".equals(ctx.results().runLine().scale().workload())) {
            return Optional.empty();
        }
        List<String> counts = new ArrayList<>();
        LayoutLine.Pages detailed = null;
        String detailedEngine = null;
        for (String e : ctx.engines()) {
            Optional<LayoutLine.Pages> layout = ctx.results().lines(LayoutLine.KIND, LayoutLine::of).stream()
                    .filter(l -> e.equals(l.column().engine())).flatMap(l -> l.pages().stream()).findFirst();
            if (layout.isEmpty()) {
                continue;
            }
            counts.add(Titles.engineTitle(e) + " " + layout.get().pageCount());
            if (detailed == null && layout.get().leafCells() > 0) {
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
            c.append(recordsAndPages(detailed, detailedEngine));
        }
        c.append(" Pages per store as each engine reports them (PRAGMA page_count): ").append(String.join(", ", counts))
                .append(".");
        return Optional.of(c.toString());
    }

    /** How b-tree pages (dbstat) add up: record per note, rows per leaf, pages, and the record width implied. */
    private static String recordsAndPages(LayoutLine.Pages detailed, String detailedEngine) {
        StringBuilder c = new StringBuilder();
        long cells = detailed.leafCells();
        long leaves = detailed.leafPages();
        long pages = detailed.pageCount();
        long pageSize = detailed.pageSize();
        double record = (double) detailed.leafPayloadBytes() / cells;
        long perLeaf = (cells + leaves - 1) / leaves;
        long extra = pages - REFERENCE_SQL_PAGES;
        c.append(" Each note's record is ").append(Titles.fmt(record, 0)).append(" bytes (")
                .append(Titles.engineTitle(detailedEngine)).append("'s dbstat: ")
                .append(Titles.fmt(cells, 0)).append(" rows in ").append(Titles.fmt(leaves, 0))
                .append(" leaf pages), so a ").append(pageSize / 1024).append(" KiB leaf holds ").append(perLeaf)
                .append(" rows: ").append(leaves).append(" leaves, ").append(detailed.interiorPages())
                .append(" interior page and the schema page make ").append(pages).append(" pages = ")
                .append(Titles.fmt(pages * pageSize / 1024.0, 0)).append(" KiB.");
        if (extra > 0) {
            long refLeaves = REFERENCE_SQL_PAGES - (pages - leaves);
            long refPerLeaf = (cells + refLeaves - 1) / refLeaves;
            // a leaf has an 8-byte header; each row costs its record plus a 2-byte cell pointer and two
            // 2-byte varints (record size, rowid)
            long refRecord = (pageSize - 8) / refPerLeaf - 6;
            c.append(" The reference's 79 pages hold ").append(refPerLeaf)
                    .append(" rows per leaf, so its records were at most ").append(refRecord).append(" bytes, ")
                    .append(Titles.fmt(record - refRecord, 0)).append(" narrower (a ts of at most 3 bytes,"
                            + " or none). A SQL store here has ")
                    .append(extra).append(" more pages: about ").append(Titles.fmt(extra * pageSize / 1024.0, 0))
                    .append(" KB more page cache per open store, and ")
                    .append(Titles.fmt(100.0 * (leaves - refLeaves) / refLeaves, 0))
                    .append("% more leaf pages for the count to scan.");
        }
        return c.toString();
    }

    /** How far open-run figures moved between runs (less is noise); not the p99, which a few slow stores decide. */
    private Optional<String> noise() {
        List<RunResults.Measurement> withRuns = ctx.results().measurements().stream()
                .filter(m -> m.spread() != null && m.runs().size() > 1 && NOISE_STATS.contains(m.stat()))
                .collect(Collectors.toList());
        String load = ctx.results().runLine().options().load().maxLoad().isEmpty()
                ? " The load was not controlled (bench.maxLoad unset), only recorded." : "";
        if (withRuns.isEmpty()) {
            return load.isEmpty() ? Optional.empty() : Optional.of(load.trim());
        }
        double median = RunStats.median(withRuns.stream().map(m -> m.spread()).collect(Collectors.toList()));
        RunResults.Measurement widest = withRuns.stream().max(Comparator.comparingDouble(m -> m.spread())).get();
        return Optional.of("The open-run figures moved from run to run by " + Titles.fmt(median * 100, 0)
                + "% (the median spread, (max - min) / median of the R run figures, of open, count, close and"
                + " open-query-close over all columns; the widest is " + Titles.fmt(widest.spread() * 100, 0) + "%, "
                + widest.engine() + " " + widest.stat() + " under " + widest.setting() + "). A difference smaller than"
                + " that, between two columns or two runs, is noise." + precision(withRuns) + load + " On a virtual machine, other guests on"
                + " the same host can slow every engine's system calls and memory accesses for tens to hundreds of"
                + " milliseconds at a time, and the load average inside the guest does not show it"
                + " (docs/measuring.md, \"Noise\").");
    }

    /** What R runs say of a median: its distribution-free interval, or their range where R is too small for 95%. */
    private static String precision(List<RunResults.Measurement> withRuns) {
        int runs = withRuns.stream().mapToInt(m -> m.runs().size()).min().orElse(0);
        RunStats.Interval range = RunStats.medianInterval(java.util.Collections.nCopies(runs, 1.0));
        if (range.confidence() >= 0.95) {
            return " Each figure's interval (of its runs' order statistics) holds the median of its runs' population"
                    + " with at least 95% confidence.";
        }
        return " With " + runs + " runs a figure's interval (the lowest and highest of its runs) holds the median of its runs' population with " + Titles.fmt(range.confidence()
                * 100, 1) + "% confidence only; 95% needs 6 runs (-Dbench.runs=6).";
    }
}

package storebench.report.compare;

import storebench.engine.Engines;
import storebench.engine.EngineDescriptor;
import storebench.model.StatId;
import storebench.model.StoreLayout;
import storebench.model.Workload;
import storebench.report.model.Block;
import storebench.report.model.Text;
import storebench.report.model.Titles;
import storebench.report.render.CurveSvg;
import storebench.report.render.HtmlPage;
import storebench.report.render.MarkdownReport;
import storebench.results.Curve;
import storebench.results.RunResults;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * How a store's cost grows with N: runs of one workload at different N, a table per column and a chart per figure over
 * N, with what changes the slope named from the runs' own counters, the pool's share of memory and the folder's N
 * entries.
 */
public final class CostOverN {
    public static final String MARKDOWN = "cost-over-n.md";
    public static final String HTML = "cost-over-n.html";

    /** One figure of the table and its chart: statistic id, column title, decimals. */
    private record Figure(String stat, String title, int decimals) {
    }

    private static final List<Figure> FIGURES = List.of(new Figure(StatId.OPEN_MS.id(), "open (ms)", 3),
            new Figure(StatId.COUNT_MS.id(), "count (ms)", 3), new Figure(StatId.OQC_MS.id(), "open-query-close (ms)", 3),
            new Figure(StatId.OQC_P99_MS.id(), "open-query-close p99 (ms)", 3), new Figure(StatId.CREATE_MS.id(), "create (ms)", 2),
            new Figure(StatId.MEM_TOTAL_KB.id(), "memory per open store (KB)", 0),
            new Figure(StatId.DISK_KB.id(), "space per store (KB)", 0));
    /** The counters per visit that say why a visit costs more: minor and major faults, device reads. */
    private static final List<Figure> COUNTERS = List.of(new Figure(StatId.OQC_MINFLT.id(), "minor faults / visit", 1),
            new Figure(StatId.OQC_MAJFLT.id(), "major faults / visit", 2), new Figure(StatId.OQC_READ_KB.id(), "device reads / visit (KB)", 1));
    /** How much of the pool the page cache held as the open runs began: beside the device reads it explains. */
    private static final Figure CACHED = new Figure(StatId.POOL_CACHED_PCT.id(), "pool cached at a run's start (%)", 1);
    /** The table's columns after N, in order (then the pool's share of memory). */
    private static final List<Figure> COLUMNS = java.util.stream.Stream.of(FIGURES, COUNTERS, List.of(CACHED))
            .flatMap(List::stream).toList();
    /** A counter per visit moves the slope where it changes by more than this share and this much. */
    private static final double MOVED = 0.10;

    /** One run: its folder as given, and its results. */
    public record Run(String name, RunResults results) {
        int stores() {
            return results.runLine().scale().stores();
        }
    }

    private final List<Run> runs;
    private final String workload;

    /** @throws IllegalArgumentException fewer than two runs, different workloads, or two of the same N, each named */
    public CostOverN(List<Run> given) {
        if (given.size() < 2) {
            throw new IllegalArgumentException("give at least two run folders of one workload at different N; got "
                    + given.size());
        }
        List<Run> sorted = new ArrayList<>(given);
        sorted.sort(Comparator.comparingInt(Run::stores));
        String w = sorted.get(0).results.runLine().scale().workload();
        for (int k = 0; k < sorted.size(); k++) {
            Run r = sorted.get(k);
            String other = r.results.runLine().scale().workload();
            if (!other.equals(w)) {
                throw new IllegalArgumentException(r.name + " is of the " + other + " workload, " + sorted.get(0).name
                        + " of the " + w + " workload: the cost over N compares runs of one workload");
            }
            if (k > 0 && sorted.get(k - 1).stores() == r.stores()) {
                throw new IllegalArgumentException(sorted.get(k - 1).name + " and " + r.name + " both have N = "
                        + r.stores() + ": give one run per N (Merge joins the parts of one)");
            }
        }
        this.runs = List.copyOf(sorted);
        this.workload = w;
    }

    /** The engines with a figure in any run, in the report's column order. */
    List<String> engines() {
        return Engines.ALL.stream().map(EngineDescriptor::id).filter(e -> runs.stream().anyMatch(r -> r.results
                .measurements().stream().anyMatch(m -> m.engine().equals(e)))).toList();
    }

    /** The settings with a figure in any run, in the order the runs hold them. */
    List<String> settings() {
        return runs.stream().flatMap(r -> r.results.measurements().stream()).map(RunResults.Measurement::setting)
                .distinct().toList();
    }

    private OptionalDouble value(Run run, String engine, String setting, String stat) {
        return run.results.measurement(engine, setting, stat).map(m -> OptionalDouble.of(m.value()))
                .orElse(OptionalDouble.empty());
    }

    /** The page as Markdown: what it compares, then per setting and engine the table and what changes the slope. */
    public String markdown() {
        StringBuilder md = new StringBuilder("# Cost over N: ").append(Workload.describe(workload).orElse(workload))
                .append(" workload\n\n").append(intro()).append("\n\n");
        for (String setting : settings()) {
            md.append("## ").append(Titles.settingTitle(setting)).append("\n\n");
            for (String engine : engines()) {
                List<List<String>> rows = rows(engine, setting);
                if (rows.isEmpty()) {
                    continue;
                }
                md.append("### ").append(Titles.engineTitle(engine)).append("\n\n");
                MarkdownReport.table(md, Block.Table.of(header().stream().map(Text::of).toList(),
                        "R".repeat(header().size()), rows.stream().map(r -> r.stream().map(Text::of).toList()).toList()));
                md.append(slope(engine, setting)).append("\n\n");
            }
        }
        return md.toString();
    }

    private String intro() {
        return "Runs, by N: " + runs.stream().map(r -> "N = " + Titles.fmt(r.stores(), 0) + " (" + r.name + ", R = "
                + r.results.runLine().scale().runs() + ")").collect(Collectors.joining("; "))
                + ". Each figure is the run's own (medians of its R open runs); \"pool / memory\" is N x the allocated"
                + " space per store against the machine's memory, the room the page cache has for the pool; every"
                + " store is a directory of one folder (`<root>/" + StoreLayout.PREFIX + "<i>`), so that folder holds"
                + " N entries.";
    }

    private List<String> header() {
        List<String> head = new ArrayList<>(List.of("N"));
        COLUMNS.forEach(f -> head.add(f.title));
        head.add("pool / memory");
        return head;
    }

    /** One row per run that measured the engine under the setting. */
    private List<List<String>> rows(String engine, String setting) {
        List<List<String>> rows = new ArrayList<>();
        for (Run run : runs) {
            List<String> row = new ArrayList<>(List.of(Titles.fmt(run.stores(), 0)));
            boolean any = false;
            for (Figure f : COLUMNS) {
                OptionalDouble v = value(run, engine, setting, f.stat);
                any |= v.isPresent();
                row.add(v.isPresent() ? Titles.fmt(v.getAsDouble(), f.decimals) : "–");
            }
            if (!any) {
                continue;
            }
            row.add(poolShare(run, engine, setting).map(p -> String.format(Locale.ROOT, "%s MB, %.2f%%",
                    Titles.fmt(p[0] / 1024, 1), 100 * p[1])).orElse("–"));
            rows.add(row);
        }
        return rows;
    }

    /** {pool KB, share of the machine's memory}: N x the allocated space per store (the files' own where not). */
    private java.util.Optional<double[]> poolShare(Run run, String engine, String setting) {
        OptionalDouble perStore = value(run, engine, setting, StatId.DISK_ALLOC_KB.id());
        if (perStore.isEmpty()) {
            perStore = value(run, engine, setting, StatId.DISK_KB.id());
        }
        long memoryKb = run.results.environmentFile().host().memoryKb();
        if (perStore.isEmpty() || memoryKb <= 0) {
            return java.util.Optional.empty();
        }
        double pool = perStore.getAsDouble() * run.stores();
        return java.util.Optional.of(new double[] {pool, pool / memoryKb});
    }

    /** What memory share, cached share and device reads say: a pool that fits may be partly let go of. */
    private static String cached(double share, OptionalDouble cachedPct, OptionalDouble readKb) {
        String fits = (share < 0.5 ? ": it fits in the page cache" : ": the page cache cannot hold it all")
                + (cachedPct.isEmpty() ? "" : "; it held " + Titles.fmt(cachedPct.getAsDouble(), 1)
                + "% of its pages as the open runs began (median)");
        if (readKb.isEmpty()) {
            return fits;
        }
        double kb = readKb.getAsDouble();
        if (kb < 0.05) {
            return fits + ", and a warm visit read nothing from the device";
        }
        return fits + (share < 0.5 ? ", yet" : ", and") + " a visit read " + Titles.fmt(kb, 1) + " KB from the device"
                + (share < 0.5 ? ", so the page cache did not hold all of it" : "");
    }

    /** What changes the slope from first to last N: oqc, counters, memory share, the folder's entries. */
    String slope(String engine, String setting) {
        List<Run> having = runs.stream().filter(r -> value(r, engine, setting, StatId.OQC_MS.id()).isPresent()).toList();
        if (having.size() < 2) {
            return "What changes the slope: open-query-close is measured at one N only, so there is no slope.";
        }
        Run lo = having.get(0);
        Run hi = having.get(having.size() - 1);
        double a = value(lo, engine, setting, StatId.OQC_MS.id()).getAsDouble();
        double b = value(hi, engine, setting, StatId.OQC_MS.id()).getAsDouble();
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "What changes the slope: open-query-close"
                + " went from %s to %s ms (x%.2f) as N grew x%s (%s to %s).", Titles.fmt(a, 3), Titles.fmt(b, 3), b / a,
                Titles.fmt((double) hi.stores() / lo.stores(), 0), Titles.fmt(lo.stores(), 0),
                Titles.fmt(hi.stores(), 0)));
        List<String> moved = new ArrayList<>();
        List<String> still = new ArrayList<>();
        List<String> unrecorded = new ArrayList<>();
        for (Figure f : COUNTERS) {
            OptionalDouble x = value(lo, engine, setting, f.stat);
            OptionalDouble y = value(hi, engine, setting, f.stat);
            if (x.isEmpty() || y.isEmpty()) {
                unrecorded.add(f.title.replace(" / visit", ""));
                continue;
            }
            double from = x.getAsDouble();
            double to = y.getAsDouble();
            String text = f.title.replace(" / visit", "") + " " + Titles.fmt(from, f.decimals) + " -> "
                    + Titles.fmt(to, f.decimals);
            boolean changed = Math.abs(to - from) > MOVED * Math.max(Math.abs(from), Math.abs(to))
                    && Math.abs(to - from) >= Math.pow(10, -f.decimals);
            (changed ? moved : still).add(text);
        }
        if (!moved.isEmpty()) {
            s.append(" Per visit, moved by more than ").append(Math.round(MOVED * 100)).append("%: ")
                    .append(String.join(", ", moved)).append('.');
        }
        if (!still.isEmpty()) {
            s.append(moved.isEmpty() ? " No counter per visit moved by more than " + Math.round(MOVED * 100)
                    + "% (" : " Steady (").append(String.join(", ", still)).append(")")
                    .append(moved.isEmpty() ? ": the change is not the kernel's faults or the device's reads." : ".");
        }
        if (!unrecorded.isEmpty()) {
            s.append(" Not recorded at both N, so not compared: ").append(String.join(", ", unrecorded)).append('.');
        }
        java.util.Optional<double[]> p = poolShare(hi, engine, setting);
        if (p.isPresent()) {
            s.append(String.format(Locale.ROOT, " At N = %s the pool is %s MB, %.2f%% of the machine's memory%s.",
                    Titles.fmt(hi.stores(), 0), Titles.fmt(p.get()[0] / 1024, 1), 100 * p.get()[1],
                    cached(p.get()[1], value(hi, engine, setting, CACHED.stat),
                    value(hi, engine, setting, StatId.OQC_READ_KB.id()))));
        }
        s.append(" The stores' folder holds ").append(Titles.fmt(hi.stores(), 0)).append(" directories.");
        return s.toString();
    }

    /** The page as HTML: the same tables, and a chart per figure over N (an engine per line) for each setting. */
    public String html() {
        StringBuilder body = new StringBuilder();
        int id = 0;
        for (String line : markdown().lines().toList()) {
            if (line.startsWith("# ")) {
                body.append("<h1>").append(HtmlPage.esc(line.substring(2))).append("</h1>\n");
            } else if (line.startsWith("## ")) {
                String setting = settings().stream().filter(st -> Titles.settingTitle(st).equals(line.substring(3)))
                        .findFirst().orElse(line.substring(3));
                body.append("<h2>").append(HtmlPage.esc(line.substring(3))).append("</h2>\n<div class=\"charts\">\n");
                for (Figure f : FIGURES) {
                    Curve c = curve(f, setting);
                    if (!c.series().isEmpty()) {
                        body.append("<figure class=\"chart\">").append(CurveSvg.svg(c, "curve-" + (++id), f.decimals))
                                .append("<figcaption>").append(HtmlPage.esc(c.caption())).append("</figcaption></figure>\n");
                    }
                }
                body.append("</div>\n");
            } else if (line.startsWith("### ")) {
                body.append("<h3>").append(HtmlPage.esc(line.substring(4))).append("</h3>\n");
            } else if (line.startsWith("|")) {
                if (line.contains("---")) {
                    continue;
                }
                boolean head = !body.toString().endsWith("</tr>\n");
                if (head) {
                    body.append("<table>\n");
                }
                body.append("<tr>");
                for (String cell : line.substring(1, line.length() - 1).split("\\|")) {
                    body.append(head ? "<th>" : "<td>").append(HtmlPage.esc(cell.trim())).append(head ? "</th>" : "</td>");
                }
                body.append("</tr>\n");
            } else if (!line.isBlank()) {
                body.append("<p>").append(HtmlPage.esc(line)).append("</p>\n");
            }
            if (line.isBlank() && body.toString().endsWith("</tr>\n")) {
                body.append("</table>\n");
            }
        }
        return HtmlPage.document("Cost over N: " + workload, body.toString());
    }

    /** One figure over N under one setting: a line per engine through its runs' figures. */
    Curve curve(Figure f, String setting) {
        Map<String, List<double[]>> series = new LinkedHashMap<>();
        for (String engine : engines()) {
            List<double[]> points = new ArrayList<>();
            for (Run run : runs) {
                value(run, engine, setting, f.stat).ifPresent(v -> points.add(new double[] {run.stores(), v}));
            }
            if (!points.isEmpty()) {
                series.put(engine, points);
            }
        }
        return new Curve(f.title.replaceAll(" \\(.*\\)", "") + " over N, " + Titles.settingTitle(setting),
                "stores per engine (N)", f.title.replaceAll(".*\\((.*)\\)", "$1"), "Each point is one run's figure"
                + " (" + f.stat + ") at its N.", series);
    }
}

package storebench.report;

import storebench.phase.Phases;

import storebench.phase.CreatePhase;
import storebench.phase.DiskPhase;
import storebench.phase.MemoryPhase;
import storebench.phase.OpenRunsPhase;

import storebench.engine.Engines;

import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.Stat;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.engine.EngineDescriptor;
import storebench.model.Setting;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * report.html: one self-contained page (inline CSS and SVG, no script, nothing fetched) with everything report.md
 * says, each open-run statistic with its spread and run figures, the charts (latency by percentile from the
 * HdrHistogram logs; medians of create, open, count and close; memory and disk per store), the gate's verdicts and
 * the environment. Like report.md, a pure function of the run's output files.
 */
public final class HtmlReport {
    public static final String NAME = "report.html";
    static final String VERDICTS = "verdicts.json";
    /** The gate's section of report.md (gate.VerdictSection), replaced here by the whole of verdicts.json. */
    private static final String GATE_HEADING = "## Regression gate";
    private static final List<String> VERDICT_COLUMNS = List.of("status", "kind", "engine", "setting", "workload",
            "stat", "measured", "limit", "margin", "marginPercent", "rule", "detail", "file", "line");

    private final Path runDir;
    private final RunResults results;
    private final JsonNode verdicts;
    private final List<String> engines;
    private final List<String> settings;
    private final int notesPerStore;
    private final int held;
    private final List<String[]> toc = new ArrayList<>();
    private int chartIds;

    /**
     * @param runDir   the run's folder, where the HdrHistogram logs are (hdr/)
     * @param verdicts the parsed verdicts.json, or null where the gate wrote none
     */
    public HtmlReport(Path runDir, RunResults results, JsonNode verdicts) {
        this.runDir = runDir;
        this.results = results;
        this.verdicts = verdicts;
        this.engines = columns(results);
        this.settings = new ArrayList<>();
        results.run().path("settings").forEach(s -> settings.add(s.asText()));
        if (settings.isEmpty()) {
            results.measurements().stream().map(m -> m.setting).distinct().forEach(settings::add);
        }
        this.notesPerStore = results.run().path("notesPerStore").asInt();
        this.held = results.run().path("hold").asInt();
    }

    /** Renders report.html of a run's folder from its files (results.jsonl, environment.json, verdicts.json, hdr/). */
    public static Path write(Path runDir) throws IOException {
        headless();
        Path out = runDir.resolve(NAME);
        Files.writeString(out, new HtmlReport(runDir, RunResults.load(runDir), readVerdicts(runDir)).render(),
                StandardCharsets.UTF_8);
        return out;
    }

    /** {@code mvn -q compile exec:java -Dexec.mainClass=storebench.report.HtmlReport -Dexec.args=target/bench}. */
    public static void main(String[] args) {
        if (args.length != 1 || !Files.isDirectory(Path.of(args[0]))) {
            System.err.println("usage: HtmlReport <run folder>   (a folder with results.jsonl, e.g. target/bench)");
            System.exit(2);
        }
        try {
            System.out.println("wrote " + write(Path.of(args[0])));
        } catch (IOException e) {
            System.err.println("HtmlReport: " + e.getMessage().lines().findFirst().orElse(""));
            System.exit(2);
        }
    }

    /** Charts are drawn off screen: no display is needed, or wanted, on a bench machine. */
    static void headless() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    static JsonNode readVerdicts(Path runDir) throws IOException {
        Path file = runDir.resolve(VERDICTS);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return ResultsFile.JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IOException(file + ": not valid JSON (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }

    public String render() {
        headless();
        List<List<String>> sections = sections(new MarkdownReport(results).render());
        boolean gateInMarkdown = sections.stream().anyMatch(s -> s.get(0).equals(GATE_HEADING));
        StringBuilder body = new StringBuilder();
        int settingIndex = 0;
        boolean chartsDone = false;
        for (List<String> section : sections) {
            String heading = section.get(0);
            boolean isTable = statTable(section).isPresent();
            if (!isTable && settingIndex > 0 && !chartsDone) {
                charts(body);
                if (verdicts != null || !gateInMarkdown) {
                    verdicts(body);
                }
                chartsDone = true;
            }
            if (heading.equals(GATE_HEADING) && verdicts != null) {
                continue; // verdicts.json is rendered in full above
            }
            if (heading.startsWith("## ")) {
                toc.add(new String[]{HtmlPage.slug(heading.substring(3)), heading.substring(3)});
            }
            if (isTable && settingIndex < settings.size()) {
                settingSection(body, section, settings.get(settingIndex++));
            } else {
                body.append(HtmlMarkdown.toHtml(section));
            }
        }
        if (!chartsDone) {
            charts(body);
            if (verdicts != null || !gateInMarkdown) {
                verdicts(body);
            }
        }
        environment(body);
        String title = sections.isEmpty() ? "storebench" : sections.get(0).get(0).replaceFirst("^# ", "");
        StringBuilder page = new StringBuilder();
        int firstSection = body.indexOf("<h2");
        page.append(firstSection < 0 ? body : body.substring(0, firstSection));
        page.append("<nav class=\"toc\">");
        toc.forEach(t -> page.append("<a href=\"#").append(t[0]).append("\">").append(HtmlPage.esc(t[1])).append("</a> "));
        page.append("</nav>\n");
        if (firstSection >= 0) {
            page.append(body.substring(firstSection));
        }
        page.append("<footer>Rendered by storebench.report.HtmlReport from the files of ")
                .append(HtmlPage.esc(runDir.toString()))
                .append(" (results.jsonl, environment.json, verdicts.json, hdr/). One self-contained file: no script,"
                        + " nothing fetched when opened.</footer>\n");
        return HtmlPage.document(title, page.toString());
    }

    /** report.md split at its "## " headings; the first part holds the "# " title and the line under it. */
    private static List<List<String>> sections(String md) {
        List<List<String>> sections = new ArrayList<>();
        List<String> current = null;
        for (String line : md.split("\n", -1)) {
            if (current == null || line.startsWith("## ")) {
                current = new ArrayList<>();
                sections.add(current);
            }
            current.add(line);
        }
        return sections;
    }

    /** Where a section holds a statistics table (its rows are the Stat labels): the table's first and last line. */
    private Optional<int[]> statTable(List<String> section) {
        String firstRow = Phases.stats().get(0).label(notesPerStore, held);
        for (int k = 0; k < section.size(); k++) {
            if (!section.get(k).startsWith("|")) {
                continue;
            }
            int end = k;
            boolean stats = false;
            while (end < section.size() && section.get(end).startsWith("|")) {
                stats |= HtmlMarkdown.cells(section.get(end)).get(0).equals(firstRow);
                end++;
            }
            if (stats) {
                return Optional.of(new int[]{k, end});
            }
            k = end;
        }
        return Optional.empty();
    }

    /** One setting's section of report.md with its table replaced by one that shows the runs' spread. */
    private void settingSection(StringBuilder html, List<String> section, String setting) {
        int[] table = statTable(section).orElseThrow();
        html.append(HtmlMarkdown.toHtml(section.subList(0, table[0])));
        html.append("<div class=\"table-wrap\"><table class=\"stats\" data-setting=\"").append(HtmlPage.esc(setting))
                .append("\">\n<thead><tr><th></th>");
        for (String e : engines) {
            html.append("<th data-engine=\"").append(HtmlPage.esc(e)).append("\">").append(HtmlPage.esc(title(e))).append("</th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        for (Stat stat : Phases.stats()) {
            html.append("<tr data-stat=\"").append(stat.id()).append("\"><th scope=\"row\">")
                    .append(HtmlPage.esc(stat.label(notesPerStore, held))).append("</th>");
            for (String e : engines) {
                html.append(cell(e, setting, stat));
            }
            html.append("</tr>\n");
        }
        html.append("</tbody></table></div>\n");
        boolean anyRuns = results.measurements().stream().anyMatch(m -> m.setting.equals(setting) && !m.runs.isEmpty());
        if (anyRuns) {
            html.append("<p class=\"lead\">Under each open-run figure: its spread, (max − min) / median of the ")
                    .append(results.run().path("runs").asInt())
                    .append(" runs' figures (the noise), and below it those figures, run 1 first.</p>\n");
        }
        html.append(HtmlMarkdown.toHtml(section.subList(table[1], section.size())));
    }

    private String cell(String engine, String setting, Stat stat) {
        String attrs = " data-engine=\"" + HtmlPage.esc(engine) + "\"";
        Optional<RunResults.Measurement> found = results.measurement(engine, setting, stat.id());
        if (found.isEmpty()) {
            boolean failed = results.lines("status", engine, setting).stream()
                    .anyMatch(l -> "failed".equals(l.path("status").asText()));
            return failed ? "<td class=\"failed\"" + attrs + ">failed</td>"
                    : "<td class=\"none\"" + attrs + ">" + MarkdownReport.NONE + "</td>";
        }
        RunResults.Measurement m = found.get();
        StringBuilder td = new StringBuilder("<td class=\"num\"").append(attrs).append('>')
                .append(HtmlPage.esc(MarkdownReport.value(stat, m.value)));
        if (m.spread != null) {
            td.append("<span class=\"spread\">spread ").append(HtmlPage.percent(m.spread)).append("</span>");
        }
        if (!m.runs.isEmpty()) {
            td.append("<span class=\"spread\" title=\"the runs' figures\">").append(runs(stat, m.runs)).append("</span>");
        }
        return td.append("</td>").toString();
    }

    /** The run figures: all of them for a few runs, their range for many. */
    private static String runs(Stat stat, List<Double> runs) {
        if (runs.size() <= 5) {
            return runs.stream().map(r -> MarkdownReport.fmt(r, stat.decimals())).collect(Collectors.joining(" "));
        }
        double min = runs.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = runs.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        return MarkdownReport.fmt(min, stat.decimals()) + "–" + MarkdownReport.fmt(max, stat.decimals());
    }

    private void charts(StringBuilder html) {
        toc.add(new String[]{"charts", "Charts"});
        html.append("<h2 id=\"charts\">Charts</h2>\n");
        html.append("<h3 id=\"latency-by-percentile\">Open, query, close: latency by percentile</h3>\n<div class=\"charts\">\n");
        for (String setting : settings) {
            Map<String, ChartPercentiles> series = new LinkedHashMap<>();
            List<String> missing = new ArrayList<>();
            long perEngine = 0;
            for (String e : engines) {
                Path log = ChartPercentiles.log(runDir, e, setting);
                if (!Files.isRegularFile(log)) {
                    if (!skipped(e, setting)) {
                        missing.add(title(e) + " (no log)");
                    }
                    continue;
                }
                try {
                    ChartPercentiles p = ChartPercentiles.read(log);
                    series.put(e, p);
                    perEngine = Math.max(perEngine, p.count);
                } catch (IOException ex) {
                    missing.add(title(e) + " (" + ex.getMessage() + ")");
                }
            }
            String title = "Open, query, close by percentile, " + settingTitle(setting);
            if (series.isEmpty()) {
                html.append("<p>").append(HtmlPage.esc(title)).append(": no HdrHistogram logs under hdr/.</p>\n");
                continue;
            }
            String caption = "Every visit of the warm open runs, all runs merged (up to " + MarkdownReport.fmt(perEngine, 0)
                    + " per engine), from hdr/&lt;engine&gt;/" + HtmlPage.esc(setting) + "/" + ChartPercentiles.OQC_LOG
                    + ". Both axes are logarithmic; the last point of a line is the slowest visit."
                    + (missing.isEmpty() ? "" : " Not drawn: " + HtmlPage.esc(String.join(", ", missing)) + ".");
            figure(html, Charts.percentiles(title, series), 420, title, caption);
        }
        html.append("</div>\n");
        List<String> settingTitles = settings.stream().map(HtmlReport::settingTitle).collect(Collectors.toList());
        // the bar charts, group by group, in the order of their statistics' rows
        Map<String, List<Stat>> groups = new LinkedHashMap<>();
        Phases.stats().stream().filter(st -> st.chartGroup() != null)
                .forEach(st -> groups.computeIfAbsent(st.chartGroup(), k -> new ArrayList<>()).add(st));
        for (Map.Entry<String, List<Stat>> group : groups.entrySet()) {
            String groupTitle = group.getKey();
            StringBuilder figures = new StringBuilder();
            for (Stat stat : group.getValue()) {
                Double[][] values = new Double[settings.size()][engines.size()];
                boolean any = false;
                for (int s = 0; s < settings.size(); s++) {
                    for (int e = 0; e < engines.size(); e++) {
                        Optional<RunResults.Measurement> m = results.measurement(engines.get(e), settings.get(s), stat.id());
                        values[s][e] = m.map(x -> x.value).orElse(null);
                        any |= m.isPresent();
                    }
                }
                if (!any) {
                    continue;
                }
                String title = chartTitle(stat);
                String caption = "Statistic <code>" + stat.id() + "</code>, as in the tables"
                        + (settings.size() > 1 ? "; one colour per setting" : "") + "; no bar: not measured.";
                figure(figures, Charts.bars(title, stat.unit() == Stat.Unit.MS ? "ms" : "KB (1,024 bytes)", engines,
                        settingTitles, values, stat.decimals()), Charts.barsHeight(engines.size(), settings.size()),
                        title, caption);
            }
            if (figures.length() > 0) {
                html.append("<h3 id=\"").append(HtmlPage.slug(groupTitle)).append("\">").append(HtmlPage.esc(groupTitle))
                        .append("</h3>\n<div class=\"charts\">\n").append(figures).append("</div>\n");
            }
        }
    }

    private void figure(StringBuilder html, org.jfree.chart.JFreeChart chart, int height, String title, String caption) {
        String id = "chart-" + (++chartIds);
        html.append("<figure class=\"chart\" id=\"").append(id).append("-figure\">\n")
                .append(ChartSvg.render(chart, Charts.WIDTH, height, id, title))
                .append("\n<figcaption>").append(caption).append("</figcaption>\n</figure>\n");
    }

    private String chartTitle(Stat stat) {
        return stat.chartTitle(notesPerStore, held);
    }

    /** The gate's verdicts.json as it is: its top-level fields, then one row per verdict with all its fields. */
    private void verdicts(StringBuilder html) {
        toc.add(new String[]{"regression-gate", "Regression gate"});
        html.append("<h2 id=\"regression-gate\">Regression gate</h2>\n");
        if (verdicts == null) {
            html.append("<p>No verdicts: the gate wrote no ").append(VERDICTS).append(" for this run.</p>\n");
            return;
        }
        JsonNode list = verdictList(verdicts);
        if (verdicts.isObject()) {
            StringBuilder kv = new StringBuilder();
            for (Iterator<Map.Entry<String, JsonNode>> it = verdicts.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                if (f.getValue() == list) {
                    continue;
                }
                kv.append("<tr><th scope=\"row\">").append(HtmlPage.esc(f.getKey())).append("</th><td>")
                        .append(HtmlPage.esc(scalar(f.getValue()))).append("</td></tr>\n");
            }
            if (kv.length() > 0) {
                html.append("<div class=\"table-wrap\"><table class=\"kv\"><tbody>\n").append(kv).append("</tbody></table></div>\n");
            }
        }
        List<JsonNode> rows = new ArrayList<>();
        list.forEach(rows::add);
        if (rows.isEmpty()) {
            html.append("<p>The gate judged no rule.</p>\n");
            return;
        }
        Set<String> columns = new LinkedHashSet<>();
        Set<String> present = new LinkedHashSet<>();
        rows.forEach(r -> r.fieldNames().forEachRemaining(present::add));
        VERDICT_COLUMNS.stream().filter(present::contains).forEach(columns::add);
        columns.addAll(present);
        // failures first, then passes, then the rest, each in the file's order
        rows.sort(Comparator.comparingInt(r -> {
            String s = r.path("status").asText("").toUpperCase(Locale.ROOT);
            return s.equals("FAIL") ? 0 : s.equals("PASS") ? 1 : 2;
        }));
        html.append("<div class=\"table-wrap\"><table class=\"verdicts\">\n<thead><tr>");
        columns.forEach(c -> html.append("<th>").append(HtmlPage.esc(c)).append("</th>"));
        html.append("</tr></thead>\n<tbody>\n");
        for (JsonNode r : rows) {
            html.append("<tr>");
            for (String c : columns) {
                JsonNode v = r.path(c);
                String cls = c.equals("status") ? " class=\"status-" + HtmlPage.slug(v.asText()).toUpperCase(Locale.ROOT)
                        .replace('-', '_') + "\"" : v.isNumber() ? " class=\"num\"" : "";
                html.append("<td").append(cls).append('>').append(HtmlPage.esc(verdictValue(r, c, v))).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody></table></div>\n");
    }

    /** The verdicts in verdicts.json: the root itself if it is an array, else its "verdicts" or first array. */
    private static JsonNode verdictList(JsonNode root) {
        if (root.isArray()) {
            return root;
        }
        if (root.path("verdicts").isArray()) {
            return root.get("verdicts");
        }
        for (JsonNode f : root) {
            if (f.isArray() && f.size() > 0 && f.get(0).isObject()) {
                return f;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    private static String verdictValue(JsonNode row, String column, JsonNode v) {
        if (v.isMissingNode() || v.isNull()) {
            return MarkdownReport.NONE;
        }
        if (v.isNumber()) {
            if (column.equals("marginPercent")) {
                return String.format(Locale.US, "%+.1f%%", v.asDouble());
            }
            if (List.of("measured", "limit", "margin").contains(column)) {
                try {
                    return MarkdownReport.value(Phases.stat(row.path("stat").asText()), v.asDouble());
                } catch (IllegalArgumentException e) {
                    // a rule over several statistics: a plain number
                }
            }
            return v.isIntegralNumber() ? v.asText() : String.format(Locale.US, "%,.3f", v.asDouble());
        }
        return scalar(v);
    }

    private static String scalar(JsonNode v) {
        if (v.isValueNode()) {
            return v.isNull() ? MarkdownReport.NONE : v.asText();
        }
        if (v.isObject()) {
            List<String> parts = new ArrayList<>();
            v.fields().forEachRemaining(f -> parts.add(f.getKey() + " " + scalar(f.getValue())));
            return String.join(" · ", parts);
        }
        return v.toString();
    }

    /** environment.json: the machine, the JVM and timer, then each engine's versions and settings. */
    private void environment(StringBuilder html) {
        JsonNode env = results.environment();
        toc.add(new String[]{"environment", "Environment"});
        html.append("<h2 id=\"environment\">Environment</h2>\n");
        if (env.isMissingNode()) {
            html.append("<p>No environment.json in this run.</p>\n");
            return;
        }
        html.append("<div class=\"table-wrap\"><table class=\"kv\"><tbody>\n");
        for (Iterator<Map.Entry<String, JsonNode>> it = env.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!f.getKey().equals("engines")) {
                kvRows(html, f.getKey(), f.getValue());
            }
        }
        html.append("</tbody></table></div>\n");
        JsonNode described = env.path("engines");
        for (Iterator<Map.Entry<String, JsonNode>> it = described.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            html.append("<h3>").append(HtmlPage.esc(title(e.getKey()))).append(" (<code>").append(HtmlPage.esc(e.getKey()))
                    .append("</code>)</h3>\n<div class=\"table-wrap\"><table class=\"kv\"><tbody>\n");
            for (Iterator<Map.Entry<String, JsonNode>> f = e.getValue().fields(); f.hasNext(); ) {
                Map.Entry<String, JsonNode> field = f.next();
                if (field.getKey().equals("info") && field.getValue().isObject()) {
                    field.getValue().fields().forEachRemaining(i -> kvRows(html, i.getKey(), i.getValue()));
                } else if (!field.getKey().equals("title")) {
                    kvRows(html, field.getKey(), field.getValue());
                }
            }
            html.append("</tbody></table></div>\n");
        }
    }

    /** One row per scalar, nested objects flattened as "parent › child". */
    private static void kvRows(StringBuilder html, String key, JsonNode value) {
        if (value.isObject()) {
            value.fields().forEachRemaining(f -> kvRows(html, key + " › " + f.getKey(), f.getValue()));
            return;
        }
        String text = value.isValueNode() ? value.asText() : value.toString();
        html.append("<tr><th scope=\"row\">").append(HtmlPage.esc(key)).append("</th><td>");
        if (text.length() > 160) {
            html.append("<details><summary>").append(HtmlPage.esc(text.substring(0, 100))).append(" … (")
                    .append(text.length()).append(" characters)</summary>").append(HtmlPage.esc(text)).append("</details>");
        } else {
            html.append(HtmlPage.esc(text));
        }
        html.append("</td></tr>\n");
    }

    private boolean skipped(String engine, String setting) {
        return results.lines("status", engine, setting).stream().anyMatch(l -> "skipped".equals(l.path("status").asText()));
    }

    /** The engines that ran, in the engines' own order (the report's column order). */
    static List<String> columns(RunResults results) {
        List<String> listed = new ArrayList<>();
        results.run().path("engines").forEach(e -> listed.add(e.asText()));
        if (listed.isEmpty()) {
            results.measurements().stream().map(m -> m.engine).distinct().forEach(listed::add);
        }
        listed.sort(Comparator.comparingInt(HtmlReport::engineRank));
        return listed;
    }

    static int engineRank(String engine) {
        return Engines.rank(engine);
    }

    static String title(String engine) {
        return Charts.engineTitle(engine);
    }

    static String settingTitle(String setting) {
        try {
            return Setting.of(setting).title();
        } catch (IllegalArgumentException e) {
            return setting;
        }
    }
}

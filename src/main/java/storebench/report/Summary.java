package storebench.report;

import storebench.model.StatId;
import storebench.results.OpenStoreMemory;
import storebench.results.RunResults.Measurement;
import storebench.results.Stat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static storebench.report.model.Titles.engineTitle;
import static storebench.report.model.Titles.fmt;
import static storebench.report.model.Titles.settingTitle;

/**
 * What the run found, in words: the opening's three points of the reference write-up (fastest visit, an open store's
 * cost, a create's cost) and each row group's ranking, with ties and the fact its rows show. Every number comes from
 * the run.
 */
final class Summary {
    /** What the row's figure is, and how its ratio reads: "takes 2.8 times as long", "needs 5.8 times as much". */
    private record Wording(String name, String what, String lead, String more) {
        /** A row of times: its leader "leads at" a figure, the others take "%s times as long". */
        static Wording timed(String name, String what) {
            return new Wording(name, what, "leads at", "takes %s times as long");
        }
    }

    private static final Wording OQC = Wording.timed("open-query-close", "Open, query (count), close");
    private static final Wording COUNT = Wording.timed("count", "The count query alone");
    private static final Wording MEMORY = new Wording("memory",
            "Memory per open store, in total (resident, plus the Java heap's growth in a JVM)", "needs the least,",
            "needs %s times as much");
    private static final Wording CREATE = Wording.timed("create", "Creating a store and writing its notes in one"
            + " transaction");
    private static final Wording DISK = new Wording("disk", "Disk per store", "needs the least,",
            "needs %s times as much");
    private static final Wording READ = Wording.timed("read", "Open, read every note, close");
    private static final Wording COLD = Wording.timed("cold", "With the pool dropped from the page cache, open, query,"
            + " close");

    private static final Wording CONCURRENCY = new Wording("concurrency",
            "Two workers at once, open-query-close per second", "leads with", "is %s times slower");
    private static final Wording CAPACITY = new Wording("capacity", "Stores held open at once", "holds the most,",
            "holds %s times fewer");
    private static final Wording TRAFFIC = Wording.timed("traffic", "Tenant traffic at a share of each engine's own"
            + " rate, every request's p99 from its due time");

    /** How an opening sentence names its leader, a run's only engine, and the others' ratios. */
    private record Headline(String best, String only, String more) {
    }

    private static final Headline VISIT = new Headline("a visit (open, count query, close) is fastest with %s, %s",
            "a visit (open, count query, close) takes %2$s with %1$s", "takes %s times as long");
    private static final Headline HELD_TOTAL = new Headline("An open store costs least memory with %s, %s (resident"
            + " plus, in a JVM, heap growth)", "An open store costs %2$s of memory with %1$s (resident plus, in a JVM,"
            + " heap growth)", "needs %s times as much");
    private static final Headline TRAFFIC_P99 = new Headline("a tenant's request waits least at the p99 with %s, %s"
            + " (tenant traffic at a share of each engine's own rate, from each request's due time)", "a tenant's"
            + " request waits %2$s at the p99 with %1$s (tenant traffic, from each request's due time)",
            "waits %s times as long");

    private final ReportRun ctx;
    private final Predicate<String> inReference;
    /** The statistics whose one-pass tolerance decided a tie, for the closing parenthesis. */
    private final Map<String, Double> tolerancesUsed = new LinkedHashMap<>();

    Summary(ReportRun ctx, Predicate<String> inReference) {
        this.ctx = ctx;
        this.inReference = inReference;
    }

    /** The opening's sentences for the first setting, at most three. */
    List<String> opening() {
        String s = ctx.settings().get(0);
        List<String> out = new ArrayList<>();
        rank(s, StatId.OQC_MS.id(), OQC).ifPresent(r -> out.add("With " + settingTitle(s) + ", " + r.headline(VISIT)));
        rank(s, OpenStoreMemory.TOTAL, MEMORY).map(r -> r.headline(HELD_TOTAL)).ifPresent(out::add);
        String creating = "Creating a store with its " + fmt(ctx.notesPerStore(), 0) + " notes in one transaction";
        Headline created = new Headline(creating + " is fastest with %s, %s", creating + " takes %2$s with %1$s",
                "takes %s times as long");
        rank(s, StatId.CREATE_MS.id(), CREATE).ifPresent(r -> out.add(r.headline(created)));
        if (out.isEmpty()) { // a run of the phases beyond the reference's rows: its traffic, where it has it
            rank(s, StatId.TRAFFIC_ALL_P99_MS.id(), TRAFFIC).ifPresent(r -> out.add("With " + settingTitle(s) + ", "
                    + r.headline(TRAFFIC_P99)));
        }
        return out;
    }

    /** Every row group's ranking for the first setting, a line each; {@code note}: the setting, and when two tie. */
    record Rankings(List<String> lines, String note) {
    }

    Rankings rankings() {
        String s = ctx.settings().get(0);
        tolerancesUsed.clear();
        List<String> out = new ArrayList<>();
        rank(s, StatId.OQC_MS.id(), OQC).ifPresent(r -> out.add(r.sentence() + largestPart(r)));
        rank(s, StatId.COUNT_MS.id(), COUNT).ifPresent(r -> out.add(r.sentence()));
        rank(s, OpenStoreMemory.TOTAL, MEMORY).ifPresent(r -> out.add(r.sentence() + ownMemory(r) + otherSetting(r)));
        rank(s, StatId.CREATE_MS.id(), CREATE).ifPresent(r -> out.add(r.sentence()));
        rank(s, StatId.DISK_KB.id(), DISK).ifPresent(r -> out.add(r.sentence()));
        rank(s, StatId.ORC_MS.id(), READ).ifPresent(r -> out.add(r.sentence()));
        rank(s, StatId.concOqcPerS(2), CONCURRENCY).ifPresent(r -> out.add(r.sentence() + speedUp(r)));
        rank(s, StatId.COLD_OQC_MS.id(), COLD).ifPresent(r -> out.add(r.sentence() + coldCost(r)));
        rank(s, StatId.CAPACITY_STORES.id(), CAPACITY).ifPresent(r -> out.add(r.sentence()));
        rank(s, StatId.TRAFFIC_ALL_P99_MS.id(), TRAFFIC).ifPresent(r -> out.add(r.sentence()));
        String note = out.isEmpty() ? "" : "Each line ranks the engines under " + settingTitle(s)
                + " (the run's first setting); tied: figures whose runs' ranges overlap"
                + tolerances() + ".";
        return new Rankings(out, note);
    }

    private String tolerances() {
        if (tolerancesUsed.isEmpty()) {
            return "";
        }
        Map<String, List<String>> byTolerance = new LinkedHashMap<>();
        tolerancesUsed.forEach((name, t) -> byTolerance.computeIfAbsent(fmt(100 * t, 0) + "%", k -> new ArrayList<>())
                .add(name));
        return ", or for figures of one pass within " + byTolerance.entrySet().stream()
                .map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + ")")
                .collect(Collectors.joining(" and ")) + " of each other";
    }

    /** A row's engines, best first, all measured on the leader's machine. */
    private Optional<Ranking> rank(String setting, String statId, Wording wording) {
        Optional<Stat> found = ctx.stat(statId);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Stat stat = found.get();
        Comparator<Measurement> order = Comparator.comparingDouble(m -> m.value());
        List<Measurement> ms = ctx.engines().stream()
                .map(e -> ctx.results().measurement(e, setting, statId))
                .flatMap(Optional::stream)
                .filter(m -> Double.isFinite(m.value()) && m.value() > 0)
                .sorted(stat.higherIsBetter() ? order.reversed() : order)
                .collect(Collectors.toList());
        if (ms.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> machine = ctx.results().machine(ms.get(0).engine(), setting);
        ms.removeIf(m -> !ctx.results().machine(m.engine(), setting).equals(machine));
        Measurement leader = ms.get(0);
        List<Measurement> tied = new ArrayList<>();
        List<Measurement> rest = new ArrayList<>();
        for (Measurement m : ms.subList(1, ms.size())) {
            (rest.isEmpty() && tie(stat, leader, m) ? tied : rest).add(m);
        }
        if (!tied.isEmpty() && !stat.hasSpread() && stat.tolerance() != null) {
            tolerancesUsed.put(wording.name(), stat.tolerance());
        }
        Optional<Measurement> runnerUp = rest.isEmpty() ? Optional.empty() : Optional.of(rest.get(0));
        List<Measurement> references = rest.stream().skip(1).filter(m -> inReference.test(m.engine())).toList();
        return Optional.of(new Ranking(setting, stat, wording, leader, tied, runnerUp, references, inReference));
    }

    /** Whether two figures cannot be told apart: their runs' ranges overlap, or they lie within a tolerance. */
    static boolean tie(Stat stat, Measurement a, Measurement b) {
        if (stat.hasSpread() && a.runs().size() > 1 && b.runs().size() > 1) {
            return Math.max(Collections.min(a.runs()), Collections.min(b.runs()))
                    <= Math.min(Collections.max(a.runs()), Collections.max(b.runs()));
        }
        if (stat.tolerance() != null) {
            return Math.abs(a.value() - b.value()) <= stat.tolerance() * Math.min(a.value(), b.value());
        }
        return a.value() == b.value();
    }

    /** A ratio as the sentences print it: "1.06", "2.8", "45". */
    static String ratio(double r) {
        return r < 2 ? fmt(r, 2) : r < 10 ? fmt(r, 1) : fmt(r, 0);
    }

    /** One row's ranking: the leader, its ties, the runner-up, and the reference's engines after it. */
    private record Ranking(String setting, Stat stat, Wording w, Measurement leader, List<Measurement> tied,
                           Optional<Measurement> runnerUp, List<Measurement> references,
                           Predicate<String> inReference) {

        /** Every engine the sentence names, in its order. */
        List<Measurement> named() {
            List<Measurement> all = new ArrayList<>();
            all.add(leader);
            all.addAll(tied);
            runnerUp.ifPresent(all::add);
            all.addAll(references);
            return all;
        }

        double ratio(Measurement m) {
            return stat.higherIsBetter() ? leader.value() / m.value() : m.value() / leader.value();
        }

        /** Whether the leader's figure prints as zero (Xodus' 0.3 KB per store): ratios to it would be noise. */
        boolean leaderBelowPrint() {
            return !stat.higherIsBetter() && leader.value() < 0.5 * Math.pow(10, -stat.decimals());
        }

        /** "takes 2.8 times as long (0.774 ms)", or the figure alone where the leader's prints as zero. */
        String against(Measurement m, String more) {
            if (leaderBelowPrint()) {
                String verb = more.substring(0, more.indexOf("%s")).trim(); // "needs 242 KB"
                return (verb.isEmpty() ? "" : verb + " ") + value(m);
            }
            return String.format(more, Summary.ratio(ratio(m))) + " (" + value(m) + ")";
        }

        String value(Measurement m) {
            return stat.format(m.value());
        }

        /** An opening sentence: leader, up to two ties, runner-up and the reference's base engine, with ratios. */
        String headline(Headline h) {
            String led = leaderBelowPrint() ? "under " + stat.format(Math.pow(10, -stat.decimals())) : value(leader);
            boolean alone = tied.isEmpty() && runnerUp.isEmpty();
            StringBuilder b = new StringBuilder(String.format(alone ? h.only() : h.best(), engineTitle(leader.engine()),
                    led));
            if (!tied.isEmpty()) {
                // two ties at most: a sentence that names more is a ranking, which the Rankings section gives
                List<String> named = tied.stream().limit(2).map(m -> engineTitle(m.engine()) + " at " + value(m))
                        .toList();
                b.append(", tied with ").append(tied.size() > 2 ? String.join(", ", named) + " and others"
                        : list(named));
            }
            runnerUp.ifPresent(r -> {
                b.append("; the runner-up, ").append(engineTitle(r.engine())).append(", ").append(against(r, h.more()));
                reference().ifPresent(m -> b.append(", ").append(engineTitle(m.engine())).append(' ')
                        .append(against(m, "%s times")));
            });
            return b.append('.').toString();
        }

        /** The reference's engine an opening sentence adds after the runner-up, where it is not named already. */
        private Optional<Measurement> reference() {
            Optional<Measurement> base = references.stream()
                    .filter(m -> m.engine().equals(AgainstReference.BASE)).findFirst();
            boolean anyNamed = inReference.test(leader.engine()) || !tied.isEmpty() && inReference.test(
                    tied.get(0).engine()) || runnerUp.map(r -> inReference.test(r.engine())).orElse(false);
            return base.isPresent() || anyNamed ? base : references.stream().findFirst();
        }

        /** "Open, query (count), close: SQLite leads at 0.275 ms, tied with ...; the runner-up, X, takes ...". */
        String sentence() {
            String led = leaderBelowPrint() ? "under " + stat.format(Math.pow(10, -stat.decimals())) : value(leader);
            StringBuilder b = new StringBuilder(w.what()).append(": ").append(engineTitle(leader.engine())).append(' ')
                    .append(w.lead()).append(' ').append(led);
            if (!tied.isEmpty()) {
                b.append(", tied with ").append(list(tied.stream()
                        .map(m -> engineTitle(m.engine()) + " (" + value(m) + ")").toList()));
            }
            runnerUp.ifPresent(r -> {
                b.append("; the runner-up, ").append(engineTitle(r.engine())).append(", ").append(against(r, w.more()));
                for (Measurement m : references) {
                    b.append(", ").append(engineTitle(m.engine())).append(' ').append(against(m, "%s times"));
                }
            });
            return b.append('.').toString();
        }
    }

    /** "Most of it is the open for A (61%) and B (62%), the count query for C (74%)": its largest part, per engine. */
    private String largestPart(Ranking r) {
        Map<String, String> parts = new LinkedHashMap<>();
        parts.put(StatId.OPEN_MS.id(), "the open");
        parts.put(StatId.COUNT_MS.id(), "the count query");
        parts.put(StatId.CLOSE_MS.id(), "the close");
        Map<String, List<String>> byPart = new LinkedHashMap<>();
        for (Measurement m : r.named()) {
            Map<String, Double> figures = new LinkedHashMap<>();
            for (String p : parts.keySet()) {
                ctx.results().measurement(m.engine(), r.setting(), p).ifPresent(f -> figures.put(p, f.value()));
            }
            if (figures.size() < parts.size()) {
                continue;
            }
            double sum = figures.values().stream().mapToDouble(Double::doubleValue).sum();
            Map.Entry<String, Double> largest = figures.entrySet().stream().max(Map.Entry.comparingByValue())
                    .orElseThrow();
            if (sum > 0) {
                byPart.computeIfAbsent(largest.getKey(), k -> new ArrayList<>())
                        .add(engineTitle(m.engine()) + " (" + fmt(100 * largest.getValue() / sum, 0) + "%)");
            }
        }
        if (byPart.isEmpty()) {
            return "";
        }
        return " Most of it is " + byPart.entrySet().stream()
                .map(e -> parts.get(e.getKey()) + " for " + list(e.getValue()))
                .collect(Collectors.joining(", ")) + ": each engine's largest part, as a share of its open, count and"
                + " close medians.";
    }

    /** How much resident memory is the process' own; the rest is file-backed, held by the page cache anyway. */
    private String ownMemory(Ranking r) {
        List<String> nearlyAll = new ArrayList<>();
        List<String> part = new ArrayList<>();
        for (Measurement m : r.named()) {
            Optional<Measurement> anon = ctx.results().measurement(m.engine(), r.setting(), StatId.MEM_ANON_KB.id());
            Optional<Measurement> resident = ctx.results().measurement(m.engine(), r.setting(),
                    StatId.MEM_RESIDENT_KB.id());
            if (anon.isEmpty() || resident.isEmpty() || resident.get().value() <= 0) {
                continue;
            }
            double share = anon.get().value() / resident.get().value();
            if (share >= 0.9) {
                nearlyAll.add(engineTitle(m.engine()));
            } else {
                part.add(engineTitle(m.engine()) + " " + fmt(100 * share, 0) + "% ("
                        + r.stat().format(anon.get().value()) + ")");
            }
        }
        if (nearlyAll.isEmpty() && part.isEmpty()) {
            return "";
        }
        List<String> clauses = new ArrayList<>();
        if (!nearlyAll.isEmpty()) {
            clauses.add("at least 90% for " + list(nearlyAll));
        }
        if (!part.isEmpty()) {
            clauses.add(list(part) + ", the rest file-backed pages of its mapped store, which the page cache holds"
                    + " in any case");
        }
        return " Of the resident part, the process' own (anonymous) memory is " + String.join("; ", clauses) + ".";
    }

    /** Where the run has a second setting: whose memory it moves beyond the comparisons' tolerance, and how far. */
    private String otherSetting(Ranking r) {
        if (ctx.settings().size() < 2 || r.stat().tolerance() == null) {
            return "";
        }
        String other = ctx.settings().get(1);
        List<String> moved = new ArrayList<>();
        int compared = 0;
        for (Measurement m : r.named()) {
            Optional<Measurement> there = ctx.results().measurement(m.engine(), other, r.stat().id());
            if (there.isEmpty()) {
                continue;
            }
            compared++;
            if (Math.abs(there.get().value() - m.value()) > r.stat().tolerance() * m.value()) {
                moved.add(engineTitle(m.engine()) + "'s " + (there.get().value() < m.value() ? "falls" : "rises") + " to "
                        + r.stat().format(there.get().value()));
            }
        }
        if (compared == 0) {
            return "";
        }
        String within = "within " + fmt(100 * r.stat().tolerance(), 0) + "%";
        return " With " + settingTitle(other) + ", " + (moved.isEmpty() ? "each of these stays " + within
                : list(moved) + (moved.size() < compared ? "; the others' stay " + within : "")) + ".";
    }

    /** What the dropped page cache costs: the most and the least, as multiples of the warm figure. */
    private String coldCost(Ranking r) {
        Map<String, Double> ratios = new LinkedHashMap<>();
        for (Measurement m : r.named()) {
            ctx.results().measurement(m.engine(), r.setting(), StatId.OQC_MS.id()).filter(warm -> warm.value() > 0)
                    .ifPresent(warm -> ratios.put(engineTitle(m.engine()), m.value() / warm.value()));
        }
        if (ratios.size() < 2) {
            return "";
        }
        Map.Entry<String, Double> most = ratios.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
        Map.Entry<String, Double> least = ratios.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow();
        if (most.getValue() <= 1.05 * least.getValue()) {
            return " Against its warm figure, the dropped cache costs each of these about " + ratio(most.getValue())
                    + " times.";
        }
        return " Against its warm figure, the dropped cache costs " + most.getKey() + " most (" + ratio(most.getValue())
                + " times) and " + least.getKey() + " least (" + ratio(least.getValue()) + " times).";
    }

    /** What the second worker brings each engine: its throughput over one worker's. */
    private String speedUp(Ranking r) {
        List<String> out = new ArrayList<>();
        for (Measurement m : r.named()) {
            ctx.results().measurement(m.engine(), r.setting(), StatId.concOqcPerS(1)).filter(one -> one.value() > 0)
                    .ifPresent(one -> out.add(engineTitle(m.engine()) + " " + ratio(m.value() / one.value()) + " times"));
        }
        return out.isEmpty() ? "" : " Against one worker, two give " + list(out) + " the throughput.";
    }

    /** "A", "A and B", "A, B and C". */
    static String list(List<String> items) {
        if (items.size() <= 1) {
            return String.join("", items);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }
}

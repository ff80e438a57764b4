package storebench.report;

import storebench.model.FsType;
import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.Text;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static storebench.report.model.Titles.engineTitle;

/** The report's last two sections: the engines' versions and the machine's timer and device, and the command again. */
final class ReproduceSections {
    private final ReportRun ctx;

    ReproduceSections(ReportRun ctx) {
        this.ctx = ctx;
    }

    Section versions(JsonNode env) {
        List<Text> items = new ArrayList<>();
        JsonNode described = env.path("engines");
        for (String e : ctx.engines()) {
            JsonNode d = described.path(e);
            if (d.isMissingNode()) {
                continue;
            }
            List<String> parts = new ArrayList<>();
            d.path("info").fields().forEachRemaining(f -> {
                if (!f.getKey().equals("compile_options") && !f.getKey().equals("compileOptions")) {
                    parts.add(f.getKey() + " " + f.getValue().asText());
                }
            });
            items.add(Text.of(engineTitle(e) + " (").plusCode(e).plus(", " + d.path("runtime").asText() + "): "
                    + String.join("; ", parts)));
        }
        items.add(Text.of("Timer: System.nanoTime, back-to-back median "
                + env.path("timer").path("backToBackMedianNs").asLong() + " ns; JVM " + env.path("jvm").asText("?")
                + "; commit " + env.path("gitCommit").asText("?") + "."));
        JsonNode direct = env.path("benchRoot").path("directRead");
        String fsType = env.path("benchRoot").path("fsType").asText("");
        if (direct.has("medianMs") && FsType.inMemory(fsType)) {
            // no device to read from: the figure is a copy from memory, not a host's cache
            items.add(Text.of(String.format(Locale.US, "The bench root is on %s: its files are memory, with no"
                    + " device under them; a 4 KiB read with O_DIRECT (random offsets) takes %.3f ms (median of %d;"
                    + " p99 %.3f ms), a copy from memory.", fsType, direct.path("medianMs").asDouble(),
                    direct.path("reads").asInt(), direct.path("p99Ms").asDouble())));
        } else if (direct.has("medianMs")) {
            double median = direct.path("medianMs").asDouble();
            items.add(Text.of(String.format(Locale.US, "The bench root's device: a 4 KiB read past the page cache"
                    + " (O_DIRECT, random offsets) takes %.3f ms (median of %d; p99 %.3f ms)%s.", median,
                    direct.path("reads").asInt(), direct.path("p99Ms").asDouble(), median < 0.05 ? ": faster than a"
                    + " device answers, so something below the guest (the host's cache) holds the data, and cold"
                    + " reads here are cheaper than on a machine of its own" : "")));
        }
        items.add(mapping(env.path("mapping")).orElse(Text.of("Memory mapping here: " + (env.path("mapping")
                .has("error") ? "not measured (" + env.path("mapping").path("error").asText() + ")" : "not recorded"
                + " (the run was made before storebench measured it)") + "; kernel " + env.path("kernel")
                .asText("unknown") + ". The mapping engines' open and close cannot be set against this machine's cost"
                + " of a mapping and a page fault; a run that records it can.")));
        items.add(Text.of("SQLite compile options and every other detail: environment.json."));
        return new Section(Block.Heading.of(2, "Engines and versions"), List.of(new Block.BulletList(items)));
    }

    /** What mapping a store costs this machine (environment.json's mapping); empty for a run from before it had it. */
    private static Optional<Text> mapping(JsonNode mapping) {
        JsonNode file = mapping.path("file");
        JsonNode fault = mapping.path("minorFault");
        if (!file.has("medianUs") || !fault.has("medianNs")) {
            return Optional.empty();
        }
        String what = String.format(Locale.US, "Memory mapping here: mapping a %d KiB file of the bench root with a"
                + " %d GiB length (read-only, MAP_SHARED, as LMDB and ObjectBox map a store at every open), reading a"
                + " byte of each of its %d pages and unmapping it", file.path("fileBytes").asLong() >> 10,
                file.path("mapBytes").asLong() >> 30, file.path("touchedPages").asInt());
        String cost = String.format(Locale.US, " takes %.3f ms (median of %d; p99 %.3f ms; map %.3f, touch %.3f,"
                + " unmap %.3f; %.1f page faults per map)", ms(file, "medianUs"), file.path("maps").asInt(),
                ms(file, "p99Us"), ms(file, "mapMedianUs"), ms(file, "touchMedianUs"), ms(file, "unmapMedianUs"),
                file.path("faultsPerMap").asDouble());
        String minorFault = String.format(Locale.US, "; a minor page fault %.2f µs (p99 %.2f µs)",
                fault.path("medianNs").asDouble() / 1e3, fault.path("p99Ns").asDouble() / 1e3);
        return Optional.of(Text.of(what + cost + minorFault + ". Set the mapping engines' open and close against it."));
    }

    private static double ms(JsonNode node, String microsecondsField) {
        return node.path(microsecondsField).asDouble() / 1e3;
    }

    /** The phases' options as the run had them (a run from before the run line recorded them: none). */
    private String phaseOptions() {
        StringBuilder options = new StringBuilder();
        ctx.run().path("phaseOptions").fields().forEachRemaining(f -> options.append(" -D").append(f.getKey())
                .append("=").append(f.getValue().asText()));
        return options.toString();
    }

    Section reproduce() {
        String maxLoad = ctx.run().path("maxLoad").asText("");
        String command = "mvn verify -Pbench -Dbench.engines=" + String.join(",", ctx.engines())
                + " -Dbench.settings=" + String.join(",", ctx.settings())
                + " -Dbench.stores=" + ctx.results().runLine().scale().stores()
                + " -Dbench.workload=" + ctx.results().runLine().scale().workload() + " -Dbench.runs="
                + ctx.results().runLine().scale().runs()
                + " -Dbench.hold=" + ctx.held() + (maxLoad.isEmpty() ? "" : " -Dbench.maxLoad=" + maxLoad)
                + (ctx.run().has("warmupOpens") ? " -Dbench.warmupOpens=" + ctx.run().path("warmupOpens").asInt() : "")
                + ("fixed".equals(ctx.run().path("warmup").asText()) ? " -Dbench.warmup=fixed" : "")
                + (ctx.run().has("trialHeapMb") ? " -Dbench.trialHeapMb=" + ctx.run().path("trialHeapMb").asInt() : "")
                + phaseOptions();
        return new Section(Block.Heading.of(2, "Reproduce"), List.of(new Block.CodeBlock(List.of(command,
                "# re-render this report from the run's files:",
                "mvn -q compile exec:java -Dexec.mainClass=storebench.tools.Render -Dexec.args=target/bench"))));
    }
}

package storebench.report;

import storebench.model.FsType;
import storebench.model.Workload;
import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.Text;
import storebench.results.EnvironmentFile;
import storebench.results.RunLine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

import static storebench.report.model.Titles.engineTitle;

/** The report's last two sections: the engines' versions and the machine's timer and device, and the command again. */
final class ReproduceSections {
    private static final String DEFAULT_OUT = "target/bench";
    private final ReportRun ctx;

    ReproduceSections(ReportRun ctx) {
        this.ctx = ctx;
    }

    /** The engines' versions and the machine's timer, device and mapping cost, from environment.json. */
    Section versions() {
        EnvironmentFile environment = ctx.results().environmentFile();
        List<Text> items = new ArrayList<>();
        for (String e : ctx.engines()) {
            EnvironmentFile.Engine d = environment.engines().get(e);
            if (d == null) {
                continue;
            }
            items.add(Text.of(engineTitle(e) + " (").plusCode(e).plus(", " + d.runtime() + "): " + d.info().entrySet()
                    .stream().filter(i -> !List.of("compile_options", "compileOptions").contains(i.getKey()))
                    .map(i -> i.getKey() + " " + i.getValue()).collect(Collectors.joining("; "))));
        }
        EnvironmentFile.Suite suite = environment.suite();
        items.add(Text.of("Timer: System.nanoTime, back-to-back median " + suite.timer().backToBackMedianNs()
                + " ns; JVM " + suite.jvm() + "; commit " + suite.gitCommit() + "."));
        String fsType = environment.benchRoot().fsType().orElse("");
        environment.benchRoot().directRead().ifPresent(direct -> items.add(directRead(direct, fsType)));
        EnvironmentFile.Mapping mapping = environment.costs().mapping();
        items.add(mapping(mapping).orElse(Text.of("Memory mapping here: " + mapping.error()
                .map(error -> "not measured (" + error + ")").orElse("not recorded (the run was made before"
                        + " storebench measured it)") + "; kernel " + environment.host().kernel().orElse("unknown")
                + ". The mapping engines' open and close cannot be set against this machine's cost of a mapping and"
                + " a page fault; a run that records it can.")));
        items.add(Text.of("SQLite compile options and every other detail: environment.json."));
        return new Section(Block.Heading.of(2, "Engines and versions"), List.of(new Block.BulletList(items)));
    }

    /** What a read past the page cache costs on the bench root's device, or on its memory where it has no device. */
    private static Text directRead(EnvironmentFile.DirectRead direct, String fsType) {
        if (FsType.inMemory(fsType)) {
            // no device to read from: the figure is a copy from memory, not a host's cache
            return Text.of(String.format(Locale.US, "The bench root is on %s: its files are memory, with no"
                    + " device under them; a 4 KiB read with O_DIRECT (random offsets) takes %.3f ms (median of %d;"
                    + " p99 %.3f ms), a copy from memory.", fsType, direct.medianMs(), direct.reads(), direct.p99Ms()));
        }
        return Text.of(String.format(Locale.US, "The bench root's device: a 4 KiB read past the page cache"
                + " (O_DIRECT, random offsets) takes %.3f ms (median of %d; p99 %.3f ms)%s.", direct.medianMs(),
                direct.reads(), direct.p99Ms(), direct.medianMs() < 0.05 ? ": faster than a"
                + " device answers, so something below the guest (the host's cache) holds the data, and cold"
                + " reads here are cheaper than on a machine of its own" : ""));
    }

    /** What mapping a store costs this machine (environment.json's mapping); empty for a run from before it had it. */
    private static Optional<Text> mapping(EnvironmentFile.Mapping mapping) {
        if (mapping.file().isEmpty() || mapping.minorFault().isEmpty()) {
            return Optional.empty();
        }
        EnvironmentFile.MappedFile file = mapping.file().get();
        EnvironmentFile.MapTimes us = file.times();
        EnvironmentFile.MinorFault fault = mapping.minorFault().get();
        String what = String.format(Locale.US, "Memory mapping here: mapping a %d KiB file of the bench root with a"
                + " %d GiB length (read-only, MAP_SHARED, as LMDB and ObjectBox map a store at every open), reading a"
                + " byte of each of its %d pages and unmapping it", file.fileBytes() >> 10, file.mapBytes() >> 30,
                file.touchedPages());
        String cost = String.format(Locale.US, " takes %.3f ms (median of %d; p99 %.3f ms; map %.3f, touch %.3f,"
                + " unmap %.3f; %.1f page faults per map)", us.medianUs() / 1e3, file.maps(), us.p99Us() / 1e3,
                us.mapMedianUs() / 1e3, us.touchMedianUs() / 1e3, us.unmapMedianUs() / 1e3, file.faultsPerMap());
        String minorFault = String.format(Locale.US, "; a minor page fault %.2f µs (p99 %.2f µs)",
                fault.medianNs() / 1e3, fault.p99Ns() / 1e3);
        return Optional.of(Text.of(what + cost + minorFault + ". Set the mapping engines' open and close against it."));
    }

    /** The options that name a workload: a custom one's id (custom-<W>x<C>) is given as its three options. */
    static String workloadOptions(String id) {
        if (!Workload.isId(id) || !Workload.of(id).isCustom()) {
            return " -Dbench.workload=" + id;
        }
        Workload w = Workload.of(id);
        return " -Dbench.workload=" + Workload.CUSTOM + " -Dbench.notes=" + w.notesPerStore() + " -Dbench.noteChars="
                + w.noteChars();
    }

    Section reproduce() {
        RunLine run = ctx.results().runLine();
        String maxLoad = run.options().load().maxLoad();
        OptionalInt heap = run.options().trialHeapMb();
        String command = "mvn verify -Pbench -Dbench.engines=" + String.join(",", ctx.engines())
                + " -Dbench.settings=" + String.join(",", ctx.settings())
                + " -Dbench.stores=" + run.scale().stores()
                + workloadOptions(run.scale().workload()) + " -Dbench.runs=" + run.scale().runs()
                + " -Dbench.hold=" + ctx.held() + (maxLoad.isEmpty() ? "" : " -Dbench.maxLoad=" + maxLoad)
                + (run.scale().warmupCeiling().isPresent() ? " -Dbench.warmupOpens=" + run.scale().warmupOpens() : "")
                + ("fixed".equals(run.options().warmup()) ? " -Dbench.warmup=fixed" : "")
                + (heap.isPresent() ? " -Dbench.trialHeapMb=" + heap.getAsInt() : "")
                + unlessDefault("bench.phases", run.asked().phasesAsked(), "reference")
                + run.options().phaseOptions().entrySet().stream().map(o -> " -D" + o.getKey() + "=" + o.getValue())
                .collect(Collectors.joining()) + outputs(run.options().outputs());
        String out = run.options().outputs().out();
        return new Section(Block.Heading.of(2, "Reproduce"), List.of(new Block.CodeBlock(List.of(command,
                "# re-render this report from the run's files:",
                "mvn -q compile exec:java -Dexec.mainClass=storebench.tools.Render -Dexec.args="
                        + (out.isEmpty() ? DEFAULT_OUT : out)))));
    }

    /** Where the run wrote and what judged it, where not the defaults. */
    private static String outputs(RunLine.Outputs outputs) {
        return unlessDefault("bench.out", outputs.out(), DEFAULT_OUT)
                + unlessDefault("bench.thresholds", outputs.thresholds(), "thresholds.yaml")
                + outputs.baseline().map(b -> " -Dbench.baseline=" + b).orElse("");
    }

    /** " -Dname=value", or nothing where the value is the default or not recorded. */
    private static String unlessDefault(String name, String value, String otherwise) {
        return value.isEmpty() || value.equals(otherwise) ? "" : " -D" + name + "=" + value;
    }
}

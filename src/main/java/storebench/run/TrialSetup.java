package storebench.run;

import storebench.engine.EngineDescriptor;
import storebench.model.Setting;
import storebench.model.TrialRuntime;
import storebench.model.Workload;
import storebench.phase.PhaseOption;
import storebench.phase.TrialParams;
import storebench.phase.WarmUp;
import storebench.profile.Profiler;

import java.nio.file.Path;
import java.util.List;

/** What a trial's phases run on: its engine and setting, the run's options, the profilers of the phase being run. */
record TrialSetup(Bench bench, EngineDescriptor engine, Setting setting, TrialProcesses processes)
        implements TrialParams {
    @Override
    public String engineId() {
        return engine.id();
    }

    @Override
    public String settingId() {
        return setting.id();
    }

    @Override
    public TrialRuntime runtime() {
        return engine.runtime();
    }

    @Override
    public Workload workload() {
        return bench.options.workload;
    }

    @Override
    public int stores() {
        return bench.options.stores;
    }

    @Override
    public int runs() {
        return bench.options.runs;
    }

    @Override
    public int hold() {
        return bench.options.hold;
    }

    @Override
    public <T> T option(PhaseOption<T> option) {
        return bench.options.option(option);
    }

    @Override
    public Path root() {
        return bench.pool.root();
    }

    @Override
    public List<String> profilers() {
        return processes.profilers().stream().map(Profiler::id).toList();
    }

    @Override
    public WarmUp.Rule warmupRule() {
        return bench.options.warmup;
    }

    @Override
    public int warmupOpens() {
        return bench.options.warmupOpens;
    }

    /** The library's version as the trial's first process reported it (its engine's describe), and the setting. */
    @Override
    public String ran() {
        com.fasterxml.jackson.databind.JsonNode info = processes.engineInfo();
        if (info == null) {
            return "";
        }
        String version = engine.library().map(l -> info.path(l.versionKey()).asText("")).orElse("");
        String library = engine.library().map(l -> l.versionKey().replaceFirst("^package ", "")).orElse(engine.id());
        return (version.isEmpty() ? engine.id() : library + " " + version) + " under " + setting.id();
    }
}

package storebench.run;

import storebench.engine.EngineDescriptor;
import storebench.measure.DiskFull;
import storebench.measure.LoadGate;
import storebench.model.Setting;
import storebench.model.TrialRuntime;
import storebench.phase.AgainstSide;
import storebench.results.AgainstLine;
import storebench.phase.Measured;
import storebench.phase.NotMeasured;
import storebench.phase.OpenRunsPhase;
import storebench.phase.Phase;
import storebench.phase.PhaseProcesses;
import storebench.phase.PhaseResults;
import storebench.phase.PhaseRun;
import storebench.phase.PhaseStores;
import storebench.phase.Phases;
import storebench.phase.Precision;
import storebench.phase.TrialParams;
import storebench.profile.Profiler;
import storebench.results.NotProfiledLine;
import storebench.results.ProfileLine;
import storebench.results.ResampleLine;
import storebench.results.StatusLine;
import storebench.trial.TrialFailure;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One trial: one engine under one setting over N stores, on the parent's side. It runs the phases, with processes
 * started and closed as each phase's policy says, and turns any failure into the trial's failed status line. It is the
 * {@link PhaseRun} a phase sees, in four roles: {@link TrialSetup}, its stores ({@link TrialPool}), its requests
 * ({@link TrialRequests}) and its results ({@link TrialResults}).
 */
public final class Trial implements PhaseRun, AutoCloseable {
    private final Bench bench;
    private final EngineDescriptor engine;
    private final Setting setting;
    private final String name;
    private final TrialProcesses starter;
    private final TrialSetup params;
    /** Its pool, or for side B of a version A's where B's library reads it, and the phases' own. */
    private final TrialPool pool;
    /** Null for any trial but side B of a version comparison. */
    private final SideBStores sideBStores;
    private final TrialRequests processes;
    private final TrialResults results;
    private final List<Measured> log = new ArrayList<>();
    /** Profiler/phase pairs already said to be skipped. */
    private final Set<String> profilerSkips = new java.util.HashSet<>();
    /** The gate's extra open run is under way: a failure is the gate's, not the trial's (no status line). */
    private boolean resampling;
    private String failed;
    private boolean statusRecorded;
    private String loadFailure;
    /** Null for any trial but side B. */
    private final SideB sideB;
    /** This trial's side B, made when its phase first asks for it. */
    private Trial b;

    /** Side B of A's comparison: A's trial (whose pool B reads, for a version), what B is, what its processes get. */
    record SideB(Trial a, Against against, Against.Arm arm) {
        /** The folder of B's own pool beside A's: its setting's, or for a version "default@V". */
        String poolFolder(Setting setting) {
            return against.ofSetting() ? setting.id() : setting.id() + "@" + against.value();
        }
    }

    Trial(Bench bench, EngineDescriptor engine, Setting setting, SideB sideB) {
        this.bench = bench;
        this.engine = engine;
        this.setting = setting;
        this.sideB = sideB;
        this.name = engine.id() + "/" + setting.id() + (sideB == null ? "" : " B (" + sideB.against() + ")");
        this.starter = new TrialProcesses(bench, this, engine, setting, name, sideB == null ? Against.Arm.SAME
                : sideB.arm(), bench.options.slowdown + (sideB == null ? 0 : bench.options.againstSlowdown));
        this.params = new TrialSetup(bench, engine, setting, starter);
        this.results = new TrialResults(bench, params, sideB != null);
        String poolFolder = sideB == null ? setting.id() : sideB.poolFolder(setting);
        this.sideBStores = sideB == null || sideB.against().ofSetting() ? null
                : new SideBStores(bench, this, sideB.a().pool, poolFolder, starter, results);
        this.pool = sideBStores != null ? sideBStores : new TrialPool(bench, this, poolFolder, starter, results);
        this.processes = new TrialRequests(bench, this, starter, sideBStores == null ? pool::poolDir
                : sideBStores::root);
    }

    /** Side B of this trial's A/B comparison, where the run has one and this is side A. */
    @Override
    public synchronized Optional<AgainstSide> against() {
        if (bench.options.against.isEmpty() || sideB != null) {
            return Optional.empty();
        }
        Against asked = bench.options.against.get();
        if (b == null) {
            b = new Trial(bench, engine, asked.settingOf(setting), new SideB(this, asked, bench.againstArm));
        }
        return Optional.of(new AgainstSide(b, new AgainstLine.Asked(asked.kind(), asked.toString(),
                bench.options.againstSlowdown), b::ownPool, bench.againstTolerances(), bench.options.againstPairs,
                line -> bench.console.println("[storebench] " + name + " against " + asked + ": " + line)));
    }

    /** Why this side B visits a pool of its own (a setting; a version that could not read A's); empty for A's. */
    private Optional<String> ownPool() {
        return sideBStores != null ? sideBStores.ownPool()
                : Optional.of("a setting may make its stores differently, so each setting visits the pool it made");
    }

    @Override
    public TrialParams params() {
        return params;
    }

    @Override
    public PhaseStores stores() {
        return pool;
    }

    @Override
    public PhaseProcesses processes() {
        return processes;
    }

    @Override
    public PhaseResults results() {
        return results;
    }

    public EngineDescriptor engine() {
        return engine;
    }

    public Setting setting() {
        return setting;
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * Whether this trial can run here, found out by starting its trial process (which then serves the first phase);
     * where it cannot, the trial is recorded as skipped, once, and the reason returned.
     */
    public synchronized Optional<String> skipIfUnavailable() throws IOException {
        Optional<String> why = engine.unavailable().or(() -> engine.runtime() == TrialRuntime.NODE
                ? bench.commands.nodeUnavailable() : Optional.empty());
        if (why.isEmpty() && loadFailure == null && starter.engineInfo() == null) {
            // a native library that cannot load is a skip, with the loader's reason
            try {
                starter.current();
            } catch (TrialFailure e) {
                if (e.engineUnavailable()) {
                    loadFailure = e.getMessage().lines().findFirst().orElse(e.getMessage());
                }
            } catch (Exception e) {
                // any other failure to start is the first phase's to report, as a failure
            }
        }
        why = why.or(() -> Optional.ofNullable(loadFailure));
        if (why.isPresent() && !statusRecorded) {
            statusRecorded = true;
            results.status(StatusLine.SKIPPED, null, why.get(), List.of());
        }
        return why;
    }

    /** Measures one phase; any failure becomes the trial's failed status line, and later phases refuse to run. */
    public synchronized Measured measure(Phase phase) throws Exception {
        return measure(phase, bench.options.profilers);
    }

    /** The same, each process fresh under these profilers; one that cannot profile here gets a line saying why. */
    public synchronized Measured measure(Phase phase, List<Profiler> with) throws Exception {
        if (failed != null) {
            throw new TrialFailure(name + ": " + phase.id() + " not run, an earlier phase failed: " + failed);
        }
        bench.phaseStarts(params.column(), phase);
        List<Profiler> profilers = usable(with, phase.id());
        starter.phase(phase.id(), profilers);
        starter.phaseJvm(phase.serving(params));
        try {
            processesBefore(phase);
            Measured m = phase.measure(this);
            results.record(phase, m);
            log.add(m);
            return m;
        } catch (NotMeasured e) {
            // a "not measured" status line: the statistics it would have given, described, say why their rows are empty
            results.notMeasured(phase, phase.stats(), e.getMessage());
            bench.console.println("[storebench] " + name + ": " + phase.id() + " not measured: " + e.getMessage());
            throw e;
        } catch (Exception e) {
            throw recordFailure(phase.id(), null, e);
        } finally {
            if (phase.processes() != Phase.Processes.SHARED || !profilers.isEmpty()) {
                starter.fresh(); // closed, and the next one gets the default heap again
            }
            starter.phaseJvm(Optional.empty());
            starter.phase("", List.of());
        }
    }

    /**
     * The one place {@link Phase#processes()} is applied. A phase that holds stores open gets a fresh process with the
     * heap for them only after the pool is made, so its stores are created under the default heap as any phase's are.
     */
    private void processesBefore(Phase phase) throws Exception {
        if (phase.processes() != Phase.Processes.SHARED) {
            starter.closeCurrent();
        }
        if (phase.processes() == Phase.Processes.FRESH_ALONE) {
            starter.closeKept();
        }
        int holding = phase.holdsOpen(params);
        if (holding > 0) {
            if (phase.usesPool()) {
                pool.ensure();
            }
            starter.freshHolding(holding);
        }
    }

    /** The profilers usable here; a profile line says why each other is not. */
    private List<Profiler> usable(List<Profiler> with, String phaseId) throws IOException {
        List<Profiler> usable = new ArrayList<>();
        for (Profiler p : with) {
            Optional<String> why = p.unavailable(engine.runtime());
            if (why.isEmpty()) {
                usable.add(p);
            } else if (profilerSkips.add(p.id() + "/" + phaseId)) {
                results.append(ProfileLine.KIND, new NotProfiledLine(p.id(), phaseId, why.get()));
            }
        }
        return List.copyOf(usable);
    }

    /**
     * One more fresh-process open run for the gate's resampling unless {@code decided}, the gate's stop rule, holds
     * (false: none added); the statistics are recorded again over all runs. A failure is the gate's, thrown without a
     * failed status line (the figures measured stand).
     */
    public synchronized boolean resample(Precision.StopRule decided) throws Exception {
        Measured earlier = results.has(Phases.OPEN_RUNS) ? results.recorded(Phases.OPEN_RUNS) : null;
        if (failed != null || earlier == null) {
            throw new IllegalStateException(name + ": no open runs to add to"
                    + (failed != null ? " (an earlier phase failed: " + failed + ")" : ""));
        }
        resampling = true;
        // the added run is measured as the others were: under the run's profilers, if it has any
        starter.phase(Phases.OPEN_RUNS.id(), usable(bench.options.profilers, Phases.OPEN_RUNS.id()));
        try {
            starter.closeCurrent();
            int runs = earlier.runs(OpenRunsPhase.OQC_MS).size();
            Measured m = Phases.OPEN_RUNS.more(this, earlier, runs + 1, decided);
            if (m != earlier) {
                results.record(Phases.OPEN_RUNS, m);
                results.append(ResampleLine.KIND, new ResampleLine(params.column(), runs + 1,
                        runs + 1 - bench.options.runs, null));
            }
            return m != earlier;
        } catch (TrialFailure e) {
            throw e;
        } catch (Exception e) {
            throw recordFailure("resample", null, e);
        } finally {
            resampling = false;
            starter.closeCurrent();
            starter.phase("", List.of());
        }
    }

    /** Measured, and no phase failed. */
    synchronized boolean hasOpenRuns() {
        return failed == null && results.has(Phases.OPEN_RUNS);
    }

    /**
     * Records that a phase failed, once, and returns the failure to throw (during {@link #resample} nothing is
     * recorded); {@code progress}: how far the phase got, where a trial process said so, else null.
     */
    public synchronized Exception recordFailure(String phase, String progress, Exception e) throws IOException {
        if (failed != null) {
            return e;
        }
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        String reason = phase + " failed" + (progress == null ? "" : " (" + progress + ")") + ": " + message
                + (e instanceof DiskFull.RootFull ? "" : pool.diskFullHint(message, params.workload()));
        starter.closeCurrent();
        if (resampling) {
            return new TrialFailure(name + ": " + reason);
        }
        failed = reason;
        // the statistics the phase would have given, described, so that their rows say it failed
        results.status(StatusLine.FAILED, phase, failed, Phases.byId(phase).map(Phase::stats).orElse(List.of()));
        return new TrialFailure(name + ": " + failed);
    }

    public int createdStores() {
        return pool.created();
    }

    public int reusedStores() {
        return pool.reused();
    }

    public synchronized List<Measured> measuredLog() {
        return List.copyOf(log);
    }

    /** The loads at the start of its load-gated steps, in order. */
    public synchronized List<LoadGate.Wait> loadWaits() {
        return processes.waits();
    }

    /** Called from a shutdown hook. */
    void stopProcesses() {
        starter.stopAll();
        Trial other = b;
        if (other != null) {
            other.stopProcesses();
        }
    }

    /** Called from the shutdown hook: deletes the stores as the trial's end would have. */
    void deleteStoresOnInterrupt() throws IOException {
        Trial other = b;
        if (other != null) {
            other.pool.deleteOnInterrupt(); // B's own pool, where it made one; A's pool is A's to delete
        }
        pool.deleteOnInterrupt();
    }

    /** Stops its processes and deletes its stores, unless bench.keep or the gate may add open runs (then: finish). */
    @Override
    public synchronized void close() throws IOException {
        end(!bench.mayResample(this));
    }

    /** Ends the trial for good, after the gate's resampling. */
    synchronized void finish() throws IOException {
        end(true);
    }

    /** Side B deletes only a pool it made, and leaves A's to A. */
    private void end(boolean deleteStores) throws IOException {
        starter.closeCurrent();
        starter.closeKept();
        if (b != null) {
            b.finish();
        }
        if (deleteStores) {
            pool.deletePool();
        }
    }
}

package storebench.run;

import storebench.model.Setting;
import storebench.model.Workload;
import storebench.phase.CreatePhase;
import storebench.phase.OpenRunsPhase;
import storebench.phase.Phase;
import storebench.phase.Phases;
import storebench.phase.ReadPhase;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How a kept step's seconds change from the large workload to the run's: the steps that touch every note split into
 * a part per store, kept, and a part per note byte, scaled. A read visit less an open-run visit is what the notes cost
 * to read; writing a note is taken to cost what reading it does.
 */
final class WorkloadScale {
    /** A note's bytes beyond its text: the 8-byte ts and about 8 of key or row header. */
    static final int NOTE_OVERHEAD_BYTES = 16;
    /** An engine's per-store share where no kept run has both visits: half. */
    static final double UNKNOWN_SHARE = 0.5;

    private final Workload to;
    private final CostTable table;
    private boolean scaled;

    WorkloadScale(Workload to, CostTable table) {
        this.to = to;
        this.table = table;
    }

    boolean scaled() {
        return scaled;
    }

    static double noteBytes(Workload w) {
        return (double) w.notesPerStore() * (w.noteChars() + NOTE_OVERHEAD_BYTES);
    }

    /** 1 where the step does not touch every note or was kept of this run's workload. */
    double factor(CostTable.Point point, Phase phase, String op) {
        if (point.workload().equals(to.id()) || !touchesNotes(phase, op)) {
            return 1;
        }
        scaled = true;
        double share = phase == Phases.CREATE ? createStoreShare(point, op)
                : storeShare(point.engine(), point.setting(), point.stores());
        return share + (1 - share) * noteBytes(to) / noteBytes(Workload.LARGE);
    }

    private static boolean touchesNotes(Phase phase, String op) {
        return phase == Phases.CREATE && op.equals(CreatePhase.CREATE.op())
                || phase == Phases.READ && (op.equals(ReadPhase.READRUN.op()) || op.equals(ReadPhase.READWARMUP.op()));
    }

    /** An open-run visit's seconds over a read visit's, kept nearest this N; {@link #UNKNOWN_SHARE} where none is. */
    double storeShare(String engine, String setting, int stores) {
        Optional<double[]> visits = visits(engine, setting, stores)
                .or(() -> visits(engine, Setting.DEFAULT.id(), stores));
        return visits.map(v -> Math.min(1, v[0] / v[1])).orElse(UNKNOWN_SHARE);
    }

    /** A kept create's seconds per store less its notes' cost, over its seconds per store. */
    double createStoreShare(CostTable.Point point, String op) {
        Optional<CostTable.StepCost> create = point.step(Phases.CREATE.id(), op).filter(s -> s.work().visited() > 0);
        Optional<double[]> visits = visits(point.engine(), point.setting(), point.stores())
                .or(() -> visits(point.engine(), Setting.DEFAULT.id(), point.stores()));
        if (create.isEmpty() || visits.isEmpty()) {
            return UNKNOWN_SHARE;
        }
        double perStore = create.get().seconds().wallS() / create.get().work().visited();
        double notes = Math.max(0, visits.get()[1] - visits.get()[0]);
        return Math.max(0, Math.min(1, 1 - notes / perStore));
    }

    /** {open-run seconds per visit, read seconds per visit} at the kept N nearest {@code stores}, if kept. */
    private Optional<double[]> visits(String engine, String setting, int stores) {
        List<CostTable.Point> own = table.points().stream().filter(p -> p.engine().equals(engine)
                && p.setting().equals(setting) && p.workload().equals(Workload.LARGE.id())).toList();
        return own.stream().map(CostTable.Point::stores).distinct()
                .sorted(Comparator.comparingDouble(n -> Math.abs(Math.log((double) n / stores))))
                .map(n -> perVisit(own, n, OpenRunsPhase.OPENRUN.op()).flatMap(o -> perVisit(own, n, ReadPhase.READRUN.op())
                        .map(r -> new double[] {o, r})))
                .flatMap(Optional::stream).findFirst();
    }

    private static Optional<Double> perVisit(List<CostTable.Point> points, int stores, String op) {
        return points.stream().filter(p -> p.stores() == stores).flatMap(p -> p.steps().stream())
                .filter(s -> s.op().equals(op) && s.work().visited() > 0)
                .map(s -> s.seconds().wallS() / s.work().visited()).findFirst();
    }

    String note() {
        return String.format(Locale.ROOT, "bench.workload=%s: where no kept run is of this workload, create and read"
                + " steps of the large one scaled to %.2f of its note bytes beyond each engine's per-store share (a read"
                + " visit less an open-run visit is what its notes cost)", to.id(), noteBytes(to) / noteBytes(Workload.LARGE));
    }
}

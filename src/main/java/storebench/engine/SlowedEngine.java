package storebench.engine;

import java.nio.file.Path;
import java.util.List;

/**
 * A decorator that makes every operation of an engine slower by a fraction of its own duration, by spinning
 * inside the operation (so inside the timed region). It exists to prove the regression gate's teeth
 * ({@code -Dbench.slowdown=0.3} = 30% slower); a normal run never uses it.
 */
public final class SlowedEngine implements Engine {
    private final Engine inner;
    private final double fraction;

    public SlowedEngine(Engine inner, double fraction) {
        this.inner = inner;
        this.fraction = fraction;
    }

    @Override
    public OpenStore create(Path dir) throws Exception {
        return slowed(() -> inner.create(dir));
    }

    @Override
    public OpenStore open(Path dir) throws Exception {
        return slowed(() -> inner.open(dir));
    }

    @Override
    public OpenStore openForReading(Path dir) throws Exception {
        return slowed(() -> inner.openForReading(dir));
    }

    /** A store made or opened by {@code how}, the call held to the added time, every later call slowed too. */
    private OpenStore slowed(java.util.concurrent.Callable<OpenStore> how) throws Exception {
        long t0 = System.nanoTime();
        OpenStore store = how.call();
        spin(t0);
        return new Slowed(store);
    }

    @Override
    public Description describe() throws Exception {
        return inner.describe().with(new Description.Named("slowdown", "every operation made "
                + Math.round(fraction * 100) + "% slower (test knob bench.slowdown)"));
    }

    /** Spins for {@code fraction} of the time since {@code t0}. */
    private void spin(long t0) {
        long until = System.nanoTime() + (long) ((System.nanoTime() - t0) * fraction);
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    private final class Slowed implements OpenStore {
        private final OpenStore inner;

        Slowed(OpenStore inner) {
            this.inner = inner;
        }

        @Override
        public void putAll(Note[] notes) throws Exception {
            long t0 = System.nanoTime();
            inner.putAll(notes);
            spin(t0);
        }

        @Override
        public void append(long firstId, Note[] notes) throws Exception {
            long t0 = System.nanoTime();
            inner.append(firstId, notes);
            spin(t0);
        }

        @Override
        public void write(long id, Note note) throws Exception {
            long t0 = System.nanoTime();
            inner.write(id, note);
            spin(t0);
        }

        @Override
        public long count() throws Exception {
            long t0 = System.nanoTime();
            long n = inner.count();
            spin(t0);
            return n;
        }

        @Override
        public List<Note> readAll() throws Exception {
            long t0 = System.nanoTime();
            List<Note> notes = inner.readAll();
            spin(t0);
            return notes;
        }

        @Override
        public java.util.Optional<Record> layout() throws Exception {
            return inner.layout();
        }

        @Override
        public void close() throws Exception {
            long t0 = System.nanoTime();
            inner.close();
            spin(t0);
        }
    }
}

import storebench.engine.Engine;
import storebench.engine.Engines;
import storebench.model.Setting;
import storebench.model.StoreLayout;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * A visit loop written apart from the suite's (PhaseLoops), over a pool the suite kept: open for reading, count,
 * close, each store once per pass in a seeded shuffled order, nanoTime around the three; prints each pass's median.
 * Issue 66 compared it with the suite's open runs in one sitting (docs/measuring.md):
 * {@code java -Xms256m -Xmx256m -XX:+AlwaysPreTouch -XX:+UseSerialGC -cp target/classes:DEPS
 * scripts/probes/VisitLoop.java
 * lmdb tuned ROOT N PASSES}; with PASSES 0, a pass per line read on stdin (scripts/probes/interleave.mjs).
 */
public final class VisitLoop {
    private VisitLoop() {
    }

    public static void main(String[] args) throws Exception {
        Engine engine = Engines.of(args[0]).newEngine(Setting.of(args[1]));
        Path root = Path.of(args[2]);
        int n = Integer.parseInt(args[3]);
        int passes = Integer.parseInt(args[4]);
        long[] oqc = new long[n];
        long[] open = new long[n];
        // passes 0: a pass per line read on stdin, its median answered (scripts/probes/interleave.mjs takes turns)
        java.io.BufferedReader turns = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));
        for (int pass = 0; passes > 0 ? pass < passes : turns.readLine() != null; pass++) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                order.add(i);
            }
            Collections.shuffle(order, new Random(pass + 1));
            long sum = 0;
            for (int k = 0; k < n; k++) {
                Path dir = StoreLayout.storeDir(root, order.get(k));
                long t0 = System.nanoTime();
                Engine.OpenStore s = engine.openForReading(dir);
                long t1 = System.nanoTime();
                sum += s.count();
                s.close();
                long t3 = System.nanoTime();
                oqc[k] = t3 - t0;
                open[k] = t1 - t0;
            }
            Arrays.sort(oqc);
            Arrays.sort(open);
            System.out.printf("pass %d: oqc median %.4f ms, open median %.4f ms (count sum %d)%n", pass,
                    oqc[n / 2] / 1e6, open[n / 2] / 1e6, sum);
            System.out.flush();
        }
    }
}

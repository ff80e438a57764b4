package storebench.trial.child;

import storebench.engine.Engine;
import storebench.engine.Engines;
import storebench.model.Setting;
import storebench.model.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Probe: opening K stores held open at once (as the traffic cache fills), fresh copies, then again. */
public class FillOpen {
    public static void main(String[] a) throws Exception {
        String id = a[0];
        int n = Integer.parseInt(a[1]);
        Path root = Files.createTempDirectory(Path.of(a[2]), "fill-");
        Engine engine = Engines.of(id).newEngine(Setting.DEFAULT);
        Path first = root.resolve("0");
        Files.createDirectory(first);
        try (var s = engine.create(first)) {
            s.putAll(PhaseLoops.notes(Workload.LARGE, 0));
        }
        StoreCopy t = StoreCopy.of(first);
        for (int i = 1; i <= 3 * n; i++) {
            t.writeSyncedTo(root.resolve(String.valueOf(i)));
        }
        for (int pass = 1; pass <= 4; pass++) {
            int base = pass <= 3 ? (pass - 1) * n : 0; // passes 1-3 fresh copies, pass 4 the first set again
            List<Engine.OpenStore> open = new ArrayList<>();
            long[] ns = new long[n];
            for (int i = 1; i <= n; i++) {
                long t0 = System.nanoTime();
                var s = engine.open(root.resolve(String.valueOf(base + i)));
                s.count();
                ns[i - 1] = System.nanoTime() - t0;
                open.add(s);
            }
            long c0 = System.nanoTime();
            for (var s : open) {
                s.close();
            }
            long closeNs = System.nanoTime() - c0;
            long[] sorted = ns.clone();
            java.util.Arrays.sort(sorted);
            System.out.printf("%s fill %d (%s): open+count median %.3f ms, p90 %.3f, mean %.3f, first10 mean %.3f, last10 mean %.3f; close mean %.3f ms%n",
                    id, pass, pass <= 3 ? "fresh copies" : "first set again", sorted[n / 2] / 1e6, sorted[n * 9 / 10] / 1e6,
                    java.util.Arrays.stream(ns).average().orElse(0) / 1e6,
                    java.util.Arrays.stream(ns, 0, 10).average().orElse(0) / 1e6,
                    java.util.Arrays.stream(ns, n - 10, n).average().orElse(0) / 1e6, closeNs / 1e6 / n);
        }
    }
}

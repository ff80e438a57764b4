import storebench.engine.*;
import storebench.model.*;
import java.nio.file.*;

/** One store's open-count-close visits in a JVM, outside the bench (scripts/probes/syscalls.sh runs it under strace). */
public class Visits {
    public static void main(String[] a) throws Exception {
        String which = a[0];
        int visits = Integer.parseInt(a[1]);
        Path root = Path.of(a[2]);
        Engine e = which.equals("sqlite") ? new SqliteEngine() : which.equals("lmdb") ? new LmdbEngine(Setting.DEFAULT) : new ObjectBoxEngine(true);
        Path dir = root.resolve(which);
        if (!Files.exists(dir)) {
            Files.createDirectories(dir);
            Note[] notes = new Note[1000];
            for (int j = 0; j < 1000; j++) notes[j] = new Note(Workload.LARGE.text(0, j), Workload.ts(j));
            try (var s = e.create(dir)) { s.putAll(notes); }
        }
        for (int i = 0; i < 2000; i++) { try (var s = e.open(dir)) { s.count(); } }   // warm
        for (int i = 0; i < visits; i++) { try (var s = e.open(dir)) { s.count(); } }
    }
}

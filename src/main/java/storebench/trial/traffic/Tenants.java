package storebench.trial.traffic;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.BiFunction;

/** Which tenant each request goes to: a sequence of tenant ids 0..N-1 drawn from one random stream. */
public interface Tenants {
    int next();

    /** bench.trafficDist: the distributions a run draws its tenants from, by id. */
    enum Distribution {
        /** A Zipfian (0.99) over the N tenants, ranks permuted: {@link PermutedZipfian}. */
        ZIPF("zipf", PermutedZipfian::new),
        /** YCSB's ScrambledZipfianGenerator: a Zipfian over 10^10 items hashed onto the N tenants: {@link YcsbZipfian}. */
        YCSB("ycsb", YcsbZipfian::new);

        private final String id;
        private final BiFunction<Integer, Xoshiro128, Tenants> make;

        Distribution(String id, BiFunction<Integer, Xoshiro128, Tenants> make) {
            this.id = id;
            this.make = make;
        }

        public String id() {
            return id;
        }

        public Tenants over(int stores, Xoshiro128 random) {
            return make.apply(stores, random);
        }

        /** The distribution named {@code id} (any case); an unknown one is refused, naming the valid ones. */
        public static Distribution of(String id) {
            return Arrays.stream(values()).filter(d -> d.id.equals(id.trim().toLowerCase(Locale.ROOT))).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown tenant distribution '" + id + "'; valid: "
                            + String.join(", ", Arrays.stream(values()).map(Distribution::id).toList())));
        }
    }
}

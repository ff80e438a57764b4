package storebench.phase;

import java.util.function.Function;

/**
 * An option a phase reads ({@code bench.capacityMax}), listed in {@link Phase#options()} and read with every other
 * option at start, so that a bad value stops the run before anything is measured.
 *
 * @param parser reads a value (trimmed); throws IllegalArgumentException saying what would be valid, without the
 *               option's name, which the bench run puts first
 */
public record PhaseOption<T>(String name, String fallback, Function<String, T> parser) {
    /** A whole number >= 1 ("20_000" reads as 20000). */
    public static PhaseOption<Integer> positiveInt(String name, int fallback) {
        return new PhaseOption<>(name, String.valueOf(fallback), value -> wholeNumber(value, 1, ""));
    }

    /** A number of seconds above 0, at most an hour ("2.5" reads as 2.5). */
    public static PhaseOption<Double> seconds(String name, String fallback) {
        return new PhaseOption<>(name, fallback, value -> {
            double s;
            try {
                s = Double.parseDouble(value);
            } catch (NumberFormatException e) {
                s = Double.NaN; // not a number: the range below says what is
            }
            if (!(s > 0 && s <= 3600)) {
                throw new IllegalArgumentException("give a number of seconds above 0, at most 3,600");
            }
            return s;
        });
    }

    /** From {@code least} up ("20_000" reads as 20000); the error ends with {@code note} (" (0: no floor)"). */
    public static int wholeNumber(String value, int least, String note) {
        try {
            int n = Integer.parseInt(value.trim().replace("_", ""));
            if (n >= least) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // falls through to the message below (a number past the range, too)
        }
        throw new IllegalArgumentException(String.format(java.util.Locale.US, "give a whole number from %,d to %,d%s",
                least, Integer.MAX_VALUE, note));
    }

    /** The same option with a further check, which returns the value or throws saying what would be valid. */
    public PhaseOption<T> and(java.util.function.UnaryOperator<T> check) {
        return new PhaseOption<>(name, fallback, parser.andThen(check));
    }

    public T read(String value) {
        try {
            return parser.apply(value.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + "='" + value + "' is not valid: " + e.getMessage(), e);
        }
    }
}

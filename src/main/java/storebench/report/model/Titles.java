package storebench.report.model;

import storebench.engine.EngineDescriptor;
import storebench.engine.Engines;
import storebench.model.Setting;
import storebench.results.Stat;

import java.util.Locale;

/** How every part of a report names engines and settings, prints numbers and anchors headings. */
public final class Titles {
    private Titles() {
    }

    /** An engine's title ("ObjectBox, cached model"); its id where this build does not know it. */
    public static String engineTitle(String engine) {
        return Engines.find(engine).map(EngineDescriptor::title).orElse(engine);
    }

    /** A setting's title ("mmap threshold 131072"); its id where this build does not know it. */
    public static String settingTitle(String setting) {
        try {
            return Setting.of(setting).title();
        } catch (IllegalArgumentException e) {
            return setting;
        }
    }

    /** A number as every report prints it: thousands separators, the given decimals. */
    public static String fmt(double v, int decimals) {
        return Stat.number(v, decimals);
    }

    /** A heading's anchor: lower case, runs of other characters as one dash ("section" where nothing is left). */
    public static String slug(String s) {
        String slug = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return slug.isEmpty() ? "section" : slug;
    }

    /** A field name in words: camelCase split ("cpuModel" reads "cpu model"); runs of capitals (JVM) stay. */
    public static String words(String name) {
        String spaced = name.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replaceAll("([A-Z]+)([A-Z][a-z])", "$1 $2");
        StringBuilder out = new StringBuilder();
        for (String word : spaced.split(" ")) {
            boolean acronym = word.length() > 1 && word.equals(word.toUpperCase(Locale.ROOT));
            out.append(out.length() == 0 ? "" : " ").append(acronym ? word : word.toLowerCase(Locale.ROOT));
        }
        return out.toString();
    }
}

package storebench.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What identifies what was measured of an engine, as its trial process reports it (hello; environment.json's
 * {@code info}): its libraries' versions, the options it opens stores with (each by its vendor's name, with why where
 * it is not the default, and what the engine does per store) and what the run's setting changes from the defaults.
 */
public record Description(List<Named> versions, List<Named> options, String setting) {
    /** The name the setting's line has in {@link #info()}. */
    public static final String SETTING = "setting";

    /** A library and its version, or an option and its value. */
    public record Named(String name, String value) {
    }

    /** Deletes a scratch directory an engine's describe made, and the files in it. */
    static void deleteScratch(java.nio.file.Path dir) throws java.io.IOException {
        try (var files = java.nio.file.Files.list(dir)) {
            for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
                java.nio.file.Files.deleteIfExists(f);
            }
        }
        java.nio.file.Files.deleteIfExists(dir);
    }

    /** The same description with one option more (a test knob's). */
    public Description with(Named option) {
        List<Named> more = new ArrayList<>(options);
        more.add(option);
        return new Description(versions, List.copyOf(more), setting);
    }

    /** As the hello answer carries it: the versions, the options, then the setting. */
    public Map<String, String> info() {
        Map<String, String> info = new LinkedHashMap<>();
        versions.forEach(v -> info.put(v.name(), v.value()));
        options.forEach(o -> info.put(o.name(), o.value()));
        info.put(SETTING, setting);
        return info;
    }
}

package storebench.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Top frames of a V8 CPU profile ({@code node --cpu-prof}, a .cpuprofile file): nodes with call frames and
 * parent/child links, and one sampled node per sample. A native addon's work shows as the JS-visible function of
 * the binding that runs it (e.g. better-sqlite3's {@code run}, {@code prepare}, {@code exec}, the
 * {@code Database} constructor): the profiler sees no frames inside the engine's C/C++/Rust code.
 */
public final class NodeCpuProfile {
    static final ObjectMapper JSON = new ObjectMapper();

    private NodeCpuProfile() {
    }

    /**
     * The top {@code limit} frames of the samples whose stack holds a frame of function {@code within} (e.g. the
     * worker's {@code createprofile} or {@code openrun}); {@code null} counts every sample but the idle ones.
     */
    public static List<JfrFrames.Frame> top(Path cpuprofile, String within, int limit) throws IOException {
        return top(JSON.readTree(cpuprofile.toFile()), within, limit);
    }

    static List<JfrFrames.Frame> top(JsonNode profile, String within, int limit) {
        Map<Integer, JsonNode> nodes = new HashMap<>();
        Map<Integer, Integer> parent = new HashMap<>();
        for (JsonNode n : profile.path("nodes")) {
            int id = n.path("id").asInt();
            nodes.put(id, n);
            for (JsonNode c : n.path("children")) {
                parent.put(c.asInt(), id);
            }
        }
        Map<Integer, Boolean> inside = new HashMap<>();
        Map<String, int[]> counts = new HashMap<>();
        int total = 0;
        for (JsonNode s : profile.path("samples")) {
            int id = s.asInt();
            JsonNode node = nodes.get(id);
            if (node == null) {
                continue;
            }
            String name = name(node);
            if (name.equals("(idle)")) {
                continue;
            }
            if (within != null && !inside.computeIfAbsent(id, k -> holds(k, within, nodes, parent))) {
                continue;
            }
            counts.computeIfAbsent(name, k -> new int[1])[0]++;
            total++;
        }
        List<JfrFrames.Frame> frames = new ArrayList<>();
        for (Map.Entry<String, int[]> c : counts.entrySet()) {
            frames.add(new JfrFrames.Frame(c.getKey(), "js", c.getValue()[0], (double) c.getValue()[0] / total));
        }
        frames.sort((a, b) -> b.samples() != a.samples() ? Integer.compare(b.samples(), a.samples())
                : a.frame().compareTo(b.frame()));
        return frames.subList(0, Math.min(limit, frames.size()));
    }

    private static boolean holds(int id, String function, Map<Integer, JsonNode> nodes, Map<Integer, Integer> parent) {
        for (Integer k = id; k != null; k = parent.get(k)) {
            JsonNode n = nodes.get(k);
            if (n != null && function.equals(n.path("callFrame").path("functionName").asText())) {
                return true;
            }
        }
        return false;
    }

    /** "function (file:line)", the file's name only; "(anonymous)" for a nameless function. */
    static String name(JsonNode node) {
        JsonNode f = node.path("callFrame");
        String fn = f.path("functionName").asText("");
        String url = f.path("url").asText("");
        if (fn.isEmpty()) {
            fn = "(anonymous)";
        }
        if (url.isEmpty()) {
            return fn;
        }
        String file = url.substring(url.lastIndexOf('/') + 1);
        return fn + " (" + file + ":" + (f.path("lineNumber").asInt() + 1) + ")";
    }
}

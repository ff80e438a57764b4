package storebench.profile;

import storebench.results.ProfileLine;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Top frames of a V8 CPU profile ({@code node --cpu-prof}): a native addon's work shows as the binding's JS-visible
 * function (better-sqlite3's {@code run}, {@code prepare}); no frames inside the engine's native code.
 */
public final class NodeCpuProfile {
    static final ObjectMapper JSON = new ObjectMapper();

    private NodeCpuProfile() {
    }

    /** A .cpuprofile as this reads it: its nodes and the sampled node's id of each sample (V8's other fields unread). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Profile(List<Node> nodes, List<Integer> samples) {
        Profile {
            nodes = nodes == null ? List.of() : nodes;
            samples = samples == null ? List.of() : samples;
        }
    }

    /** A node of the call tree: its id, the function it is a frame of, and its children's ids. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Node(int id, CallFrame callFrame, List<Integer> children) {
        Node {
            callFrame = callFrame == null ? CallFrame.NONE : callFrame;
            children = children == null ? List.of() : children;
        }
    }

    /** A frame's function: its name ("" for an anonymous one), its script's URL ("" for none) and 0-based line. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record CallFrame(String functionName, String url, int lineNumber) {
        static final CallFrame NONE = new CallFrame("", "", 0);

        CallFrame {
            functionName = functionName == null ? "" : functionName;
            url = url == null ? "" : url;
        }
    }

    /** The top frames of samples whose stack holds function {@code within} ({@code null}: all but idle). */
    public static List<ProfileLine.Frame> top(Path cpuprofile, String within, int limit) throws IOException {
        return top(JSON.readValue(cpuprofile.toFile(), Profile.class), within, limit);
    }

    static List<ProfileLine.Frame> top(Profile profile, String within, int limit) {
        Map<Integer, Node> nodes = new HashMap<>();
        Map<Integer, Integer> parent = new HashMap<>();
        for (Node n : profile.nodes()) {
            nodes.put(n.id(), n);
            for (Integer c : n.children()) {
                parent.put(c, n.id());
            }
        }
        Map<Integer, Boolean> inside = new HashMap<>();
        Map<List<String>, int[]> counts = new HashMap<>();
        int total = 0;
        for (Integer id : profile.samples()) {
            Node node = nodes.get(id);
            if (node == null) {
                continue;
            }
            String name = name(node.callFrame());
            if (name.equals("(idle)")) {
                continue;
            }
            if (within != null && !inside.computeIfAbsent(id, k -> holds(k, within, nodes, parent))) {
                continue;
            }
            counts.computeIfAbsent(List.of(name, "js"), k -> new int[1])[0]++;
            total++;
        }
        return Frames.top(counts, total, limit);
    }

    private static boolean holds(int id, String function, Map<Integer, Node> nodes, Map<Integer, Integer> parent) {
        for (Integer k = id; k != null; k = parent.get(k)) {
            Node n = nodes.get(k);
            if (n != null && function.equals(n.callFrame().functionName())) {
                return true;
            }
        }
        return false;
    }

    /** "function (file:line)", the file's name only; "(anonymous)" for a nameless function. */
    static String name(CallFrame f) {
        String fn = f.functionName().isEmpty() ? "(anonymous)" : f.functionName();
        return f.url().isEmpty() ? fn : fn + " (" + f.url().substring(f.url().lastIndexOf('/') + 1) + ":"
                + (f.lineNumber() + 1) + ")";
    }
}

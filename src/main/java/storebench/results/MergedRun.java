package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a merged run (storebench.tools.Merge) keeps of its parts' files as written: their lines but run and end lines
 * and repeated descriptions, each tagged with its part, and the first part's environment.json with every part under
 * "sources".
 */
public final class MergedRun {
    /** The field of a merged run's line that names the part it came from (1 for the first). */
    public static final String SOURCE = "source";

    private MergedRun() {
    }

    /** A part: its folder, the engines and settings its run line names, and its files read back. */
    public record Part(Path dir, List<String> engines, List<String> settings, RunResults results) {
    }

    /** A part's lines in the merged run: all but run, end and already {@code described} about lines, each tagged. */
    public static List<ObjectNode> lines(List<JsonNode> lines, int part, Set<String> described) {
        List<ObjectNode> out = new ArrayList<>();
        for (JsonNode line : lines) {
            String kind = line.path("kind").asText();
            if (kind.equals("run") || kind.equals(EndLine.KIND)
                    || kind.equals(AboutLine.KIND) && !described.add(line.path("stat").asText())) {
                continue;
            }
            ObjectNode copy = line.deepCopy();
            copy.put(SOURCE, part);
            out.add(copy);
        }
        return out;
    }

    /** The merged environment.json: the first part's, every part's engines, and each part under "sources". */
    public static ObjectNode environment(List<Part> parts) {
        JsonNode first = parts.get(0).results().environment();
        ObjectNode env = first.isObject() ? (ObjectNode) first.deepCopy() : ResultsFile.JSON.createObjectNode();
        ObjectNode engines = env.putObject("engines");
        ArrayNode list = env.putArray("sources");
        for (Part p : parts) {
            JsonNode own = p.results().environment();
            own.path("engines").fields().forEachRemaining(f -> engines.putIfAbsent(f.getKey(), f.getValue()));
            if (own.path("sources").isArray() && !p.results().sources().isEmpty()) {
                own.path("sources").forEach(list::add);
                continue;
            }
            RunLine run = p.results().runLine();
            ObjectNode entry = list.addObject();
            entry.put("dir", p.dir().toAbsolutePath().normalize().toString());
            p.engines().forEach(entry.putArray("engines")::add);
            p.settings().forEach(entry.putArray("settings")::add);
            // its cells are judged by the phases it measured
            run.asked().phases().ifPresent(phases -> phases.forEach(entry.putArray("phases")::add));
            // and by the statistics its build recorded, where its run line lists them
            RunLine.texts(p.results().run(), RunResults.RECORDED).ifPresent(ids -> ids.forEach(
                    entry.putArray(RunResults.RECORDED)::add));
            entry.put("machine", p.results().environmentFile().host().machine());
            entry.put("started", run.started().isEmpty() ? "?" : run.started());
            entry.set("environment", own);
        }
        return env;
    }
}

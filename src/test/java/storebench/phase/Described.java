package storebench.phase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.results.AboutLine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test lines as a run writes them: each statistic of a stat line described once, by an about line before the others.
 * A test may give a stat line its own description (its "about", taken off the line); a statistic the phases declare
 * is described as its phase describes it.
 */
public final class Described {
    private Described() {
    }

    /** The lines, each statistic described for the run line's W and M (1,000 each where it has none). */
    public static List<JsonNode> lines(List<JsonNode> lines) {
        JsonNode run = lines.stream().filter(l -> l.path("kind").asText().equals("run")).findFirst()
                .orElse(com.fasterxml.jackson.databind.node.MissingNode.getInstance());
        int notes = run.path("notesPerStore").asInt(1000);
        int hold = run.path("hold").asInt(1000);
        Map<String, JsonNode> abouts = new LinkedHashMap<>();
        List<JsonNode> figures = new ArrayList<>();
        for (JsonNode l : lines) {
            String id = l.path("stat").asText();
            if (!l.path("kind").asText().equals("stat")) {
                figures.add(l);
            } else if (l.has("about")) {
                abouts.putIfAbsent(id, l.get("about"));
                figures.add(((ObjectNode) l.deepCopy()).without("about"));
            } else {
                figures.add(l);
                Phases.find(id).filter(s -> !abouts.containsKey(id)).ifPresent(s -> abouts.put(id, s.about(notes,
                        hold, Phases.phaseOf(s).id(), Phases.order(s))));
            }
        }
        List<JsonNode> out = new ArrayList<>();
        abouts.forEach((id, about) -> out.add(new AboutLine(id, about).line()));
        out.addAll(figures);
        return out;
    }
}

package storebench.phase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/** Test lines as a run writes them: each stat line of a statistic the phases declare carries its "about". */
public final class Described {
    private Described() {
    }

    /** The lines, each stat line described for the run line's W and M (1,000 each where it has none). */
    public static List<JsonNode> lines(List<JsonNode> lines) {
        JsonNode run = lines.stream().filter(l -> l.path("kind").asText().equals("run")).findFirst()
                .orElse(com.fasterxml.jackson.databind.node.MissingNode.getInstance());
        int notes = run.path("notesPerStore").asInt(1000);
        int hold = run.path("hold").asInt(1000);
        for (JsonNode l : lines) {
            if (l.path("kind").asText().equals("stat") && !l.has("about")) {
                Phases.find(l.path("stat").asText()).ifPresent(s -> ((ObjectNode) l).set("about",
                        s.about(notes, hold, Phases.phaseOf(s).id(), Phases.order(s))));
            }
        }
        return lines;
    }
}

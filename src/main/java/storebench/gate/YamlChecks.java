package storebench.gate;

import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reading YAML nodes with every problem collected with its line: what a node must be and what it is instead. */
abstract class YamlChecks {
    /** The file the document came from, for the problems' messages. */
    final String file;
    final List<ThresholdsException.Problem> problems = new ArrayList<>();

    YamlChecks(String file) {
        this.file = file;
    }

    /** A mapping node's keys (null on error); unknown keys (given {@code valid}) and duplicates are problems. */
    Map<String, NodeTuple> mapping(Node node, String what, List<String> valid) {
        if (!(node instanceof MappingNode)) {
            problem(line(node), what + " must be a mapping (key: value lines)"
                    + (valid != null ? " with the keys " + String.join(", ", valid) : "") + ", not "
                    + describe(node));
            return null;
        }
        Map<String, NodeTuple> keys = new LinkedHashMap<>();
        for (NodeTuple t : ((MappingNode) node).getValue()) {
            String key = scalar(t.getKeyNode());
            int line = line(t.getKeyNode());
            if (key == null) {
                problem(line, "a key in " + what + " is not a plain word");
            } else if (keys.containsKey(key)) {
                problem(line, "'" + key + "' is given twice in " + what + " (first at line "
                        + line(keys.get(key).getKeyNode()) + ")");
            } else if (valid != null && !valid.contains(key)) {
                problem(line, "unknown key '" + key + "' in " + what + "; valid keys: " + String.join(", ", valid));
            } else {
                keys.put(key, t);
            }
        }
        return keys;
    }

    List<Node> sequence(Node node, String what) {
        if (node instanceof SequenceNode) {
            return ((SequenceNode) node).getValue();
        }
        problem(line(node), what + ": must be a list of entries, each starting with '- ', not " + describe(node));
        return List.of();
    }

    static String plural(String what) {
        return what.endsWith("y") ? what.substring(0, what.length() - 1) + "ies" : what + "s";
    }

    /** A finite number >= 0 (> 0 if {@code positive}); null after a problem. */
    Double number(Node node, String what, boolean positive, String hint) {
        String text = scalar(node);
        Double v = null;
        if (text != null && !isNull(node) && !node.getTag().equals(Tag.BOOL)) {
            String t = text.trim().replace("_", "");
            if (t.endsWith("%") && what.startsWith("tolerance_percent")) {
                t = t.substring(0, t.length() - 1).trim();
            }
            try {
                v = Double.parseDouble(t);
            } catch (NumberFormatException ignored) {
                v = null;
            }
        }
        if (v == null || !Double.isFinite(v)) {
            problem(line(node), what + " = " + (text == null ? describe(node) : "'" + text + "'")
                    + " is not a number; give " + hint);
            return null;
        }
        if (v < 0 || (positive && v == 0)) {
            problem(line(node), what + " = " + text + " is " + (v < 0 ? "negative" : "zero") + "; give " + hint);
            return null;
        }
        return v;
    }

    static String scalar(Node node) {
        return node instanceof ScalarNode ? ((ScalarNode) node).getValue() : null;
    }

    static boolean isNull(Node node) {
        return node instanceof ScalarNode && node.getTag().equals(Tag.NULL);
    }

    static String describe(Node node) {
        return node instanceof MappingNode ? "a mapping" : node instanceof SequenceNode ? "a list"
                : isNull(node) ? "nothing" : "'" + scalar(node) + "'";
    }

    static int line(Node node) {
        return node.getStartMark().getLine() + 1;
    }

    void problem(int line, String message) {
        problems.add(new ThresholdsException.Problem(line, message));
    }
}

package storebench.trial.child;

import com.fasterxml.jackson.databind.JsonNode;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import storebench.trial.Protocol;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The ops of the trial protocol are one table per runtime, each derived from what is there: ChildOps.ALL (the JVM's op
 * classes), the files of src/main/node/lib/ops (the Node worker's), the answer records' OP constants, and the two tables
 * of docs/protocol.md, the contract. An op added to one of them alone fails here.
 */
class ChildOpsTest {
    private static final Path PROJECT = Path.of(System.getProperty("user.dir"));

    private static List<String> jvmOps() {
        return ChildOps.ALL.stream().map(ChildOp::name).toList();
    }

    /** hello, the JVM's ops in ChildOps.ALL's order, exit. */
    private static List<String> jvmProtocol() {
        List<String> ops = new ArrayList<>(List.of(Protocol.HELLO));
        ops.addAll(jvmOps());
        ops.add(Protocol.EXIT);
        return ops;
    }

    @Test
    void theNodeWorkerHasAFileInLibOpsForEveryJvmOpAndNoOther() throws IOException {
        TreeSet<String> node = new TreeSet<>();
        try (Stream<Path> files = Files.list(PROJECT.resolve("src/main/node/lib/ops"))) {
            files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".js"))
                    .forEach(f -> node.add(f.substring(0, f.length() - ".js".length())));
        }
        assertThat(node).as("src/main/node/lib/ops against ChildOps.ALL").isEqualTo(new TreeSet<>(jvmOps()));
    }

    @Test
    void protocolMdListsEveryOpRequestAndAnswerInChildOpsOrder() throws IOException {
        List<List<String>> tables = opTables(Files.readAllLines(PROJECT.resolve("docs/protocol.md")));
        assertThat(tables).as("docs/protocol.md: the requests' and the results' tables").hasSize(2);
        assertThat(tables.get(0)).as("docs/protocol.md, requests").isEqualTo(jvmProtocol());
        assertThat(tables.get(1)).as("docs/protocol.md, result fields").isEqualTo(jvmProtocol());
    }

    @Test
    void everyOpAnAnswerRecordNamesIsServedAndEveryOpIsNamedByOne() throws Exception {
        TreeSet<String> named = new TreeSet<>();
        for (JavaClass answer : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("storebench.trial.answer")) {
            if (answer.getSimpleName().equals("package-info")) {
                continue;
            }
            for (Field f : Class.forName(answer.getName()).getDeclaredFields()) {
                boolean constant = Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers())
                        && f.getType() == String.class;
                if (constant && (f.getName().equals("OP") || f.getName().endsWith("_OP"))) {
                    named.add((String) f.get(null));
                }
            }
        }
        assertThat(named).as("the answer records' OP constants against ChildOps.ALL")
                .isEqualTo(new TreeSet<>(jvmOps()));
        assertThat(jvmOps()).as("one op class per name").doesNotHaveDuplicates();
    }

    @Test
    void rejectsAnUnknownOpListingTheValidOnesInProtocolOrder() {
        TrialMain main = new TrialMain(new PrintStream(new ByteArrayOutputStream()));
        JsonNode request = Protocol.request("frobnicate");
        assertThatThrownBy(() -> main.serve("frobnicate", request)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown op 'frobnicate'; valid ops: " + String.join(", ", jvmProtocol()));
        assertThatThrownBy(() -> main.serve(jvmOps().get(0), Protocol.request(jvmOps().get(0))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("before 'hello'");
    }

    /** The first column of each table of protocol.md whose first header is "op", in order. */
    private static List<List<String>> opTables(List<String> lines) {
        List<List<String>> tables = new ArrayList<>();
        List<String> table = null;
        for (String line : lines) {
            if (line.startsWith("| op |")) {
                table = new ArrayList<>();
                tables.add(table);
            } else if (table != null && line.startsWith("| `")) {
                table.add(line.substring(3, line.indexOf('`', 3)));
            } else if (table != null && !line.startsWith("| ---")) {
                table = null;
            }
        }
        return tables;
    }
}

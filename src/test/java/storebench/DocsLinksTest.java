package storebench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every relative link of README.md and docs/*.md finds its file in a clean clone (a kept run's derived files are not
 * in git: docs/runs.md), and every anchor into a Markdown file finds its heading. The reports' own links are
 * RenderedReportsTest's.
 */
class DocsLinksTest {
    /** A Markdown link or image: {@code [text](target#anchor)}; a target with a scheme is not ours to check. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]*)(?:#([^)\\s]*))?\\)");
    /** What .gitignore keeps out of git under docs/: a link to one of these would be broken in a clean clone. */
    private static final Pattern NOT_IN_GIT = Pattern.compile(
            "docs/(runs|probes)/.*(report\\.html|report\\.png|\\.svg|bmf\\.json|github-action-benchmark-.*\\.json"
                    + "|jmh-result\\.json|/hdr/.*)|docs/probes/.*report\\.md");

    /** A link of one of the docs: the doc, the whole link, its target (empty: the doc itself) and its anchor or null. */
    record Link(Path doc, String text, String target, String anchor) {
        boolean ours() {
            return !target.matches("^[a-z]+:.*");
        }

        Path file() {
            return target.isEmpty() ? doc : doc.resolveSibling(target).normalize();
        }
    }

    static List<Link> links() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> md = Files.list(Path.of("docs"))) {
            md.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        List<Link> links = new ArrayList<>();
        for (Path doc : docs) {
            Matcher m = LINK.matcher(Files.readString(doc, StandardCharsets.UTF_8));
            while (m.find()) {
                links.add(new Link(doc, m.group(), m.group(1), m.group(2)));
            }
        }
        return links;
    }

    @Test
    void everyRelativeLinkOfReadmeAndTheDocsFindsAFileThatIsInGit() throws IOException {
        List<String> broken = links().stream().filter(l -> l.ours() && !l.target().isEmpty())
                .filter(l -> !Files.exists(l.file())
                        || NOT_IN_GIT.matcher(l.file().toString().replace('\\', '/')).matches())
                .map(l -> l.doc() + ": " + l.text()).toList();
        assertThat(broken).as("links that find no file kept in git").isEmpty();
    }

    @Test
    void everyAnchorIntoAMarkdownFileFindsItsHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Link l : links()) {
            if (l.anchor() != null && l.ours() && l.file().toString().endsWith(".md") && Files.exists(l.file())
                    && !anchors(l.file()).contains(l.anchor())) {
                broken.add(l.doc() + ": " + l.text());
            }
        }
        assertThat(broken).as("anchors that find no heading").isEmpty();
    }

    /** GitHub's anchors of a Markdown file's headings: lower case, punctuation dropped, spaces as dashes. */
    static Set<String> anchors(Path md) throws IOException {
        Set<String> anchors = new HashSet<>();
        boolean code = false;
        for (String line : Files.readAllLines(md, StandardCharsets.UTF_8)) {
            code ^= line.startsWith("```");
            if (!code && line.startsWith("#")) {
                anchors.add(line.replaceFirst("^#+\\s*", "").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "")
                        .replace(' ', '-'));
            }
        }
        return anchors;
    }
}

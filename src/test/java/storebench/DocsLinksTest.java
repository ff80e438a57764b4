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

    static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> md = Files.list(Path.of("docs"))) {
            md.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    @Test
    void everyRelativeLinkOfReadmeAndTheDocsFindsAFileThatIsInGit() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path doc : docs()) {
            Matcher links = LINK.matcher(Files.readString(doc, StandardCharsets.UTF_8));
            while (links.find()) {
                String target = links.group(1);
                if (target.isEmpty() || target.matches("^[a-z]+:.*")) {
                    continue;
                }
                Path file = doc.resolveSibling(target).normalize();
                if (!Files.exists(file) || NOT_IN_GIT.matcher(file.toString().replace('\\', '/')).matches()) {
                    broken.add(doc + ": " + links.group());
                }
            }
        }
        assertThat(broken).as("links that find no file kept in git").isEmpty();
    }

    @Test
    void everyAnchorIntoAMarkdownFileFindsItsHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path doc : docs()) {
            Matcher links = LINK.matcher(Files.readString(doc, StandardCharsets.UTF_8));
            while (links.find()) {
                String target = links.group(1);
                String anchor = links.group(2);
                if (anchor == null || target.matches("^[a-z]+:.*") || !(target.isEmpty() || target.endsWith(".md"))) {
                    continue;
                }
                Path file = target.isEmpty() ? doc : doc.resolveSibling(target).normalize();
                if (Files.exists(file) && !anchors(file).contains(anchor)) {
                    broken.add(doc + ": " + links.group());
                }
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

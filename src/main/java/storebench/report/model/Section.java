package storebench.report.model;

import java.util.List;
import java.util.stream.Stream;

/** A section of the report: its heading (level 2) and the blocks under it, subheadings included. */
public record Section(Block.Heading heading, List<Block> blocks) {
    public Section {
        blocks = List.copyOf(blocks);
    }

    public List<Block> all() {
        return Stream.concat(Stream.of(heading), blocks.stream()).toList();
    }
}

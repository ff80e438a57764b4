package storebench.model;

import java.nio.file.Path;

/** Where store i of a trial lives (docs/protocol.md, "Store layout"): the directory {@code root/store-<i>}. */
public final class StoreLayout {
    public static final String PREFIX = "store-";

    private StoreLayout() {
    }

    public static Path storeDir(Path root, int i) {
        return root.resolve(PREFIX + i);
    }

    /** The directories of stores 0 .. n-1 under {@code root}. */
    public static java.util.List<Path> storeDirs(Path root, int n) {
        return java.util.stream.IntStream.range(0, n).mapToObj(i -> storeDir(root, i)).toList();
    }

    /** The store index of a directory name like {@code store-42}, or -1 if it is not a store's name. */
    public static int indexOf(String name) {
        if (!name.startsWith(PREFIX)) {
            return -1;
        }
        String digits = name.substring(PREFIX.length());
        if (digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(Character::isDigit)
                || (digits.length() > 1 && digits.charAt(0) == '0')) {
            return -1;
        }
        return Integer.parseInt(digits);
    }
}

package storebench.model;

/** What a file system's type (findmnt's FSTYPE, environment.json's benchRoot.fsType) says about its files. */
public final class FsType {
    private FsType() {
    }

    /** Whether its files live in memory (tmpfs, ramfs): no device, no disk sync, no page cache to drop. */
    public static boolean inMemory(String fsType) {
        return "tmpfs".equals(fsType) || "ramfs".equals(fsType);
    }
}

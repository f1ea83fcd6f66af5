package dev.rdcp.cli;

/** How one entry of a copied tree differs from its original, metadata only (contents are compared apart). */
final class TreeDifference {

    private TreeDifference() {
    }

    /** The first difference in what lstat says, or null; {@code null} entries are missing ones. */
    static String between(TreeEntry expected, TreeEntry actual, boolean directoryTimes) {
        return between(expected, actual, directoryTimes, true);
    }

    /**
     * {@code fileTimes} false: copies made without -t, whose files both tools date at the moment
     * each wrote them, so their times differ by when each ran.
     */
    static String between(TreeEntry expected, TreeEntry actual, boolean directoryTimes, boolean fileTimes) {
        if (actual == null) {
            return "missing (expected a " + expected.type() + ")";
        }
        if (expected == null) {
            return "unexpected " + actual.type();
        }
        if (expected.type() != actual.type()) {
            return "is a " + actual.type() + ", expected a " + expected.type();
        }
        if (expected.type() == TreeEntry.Type.SYMLINK) {
            if (!expected.linkTarget().equals(actual.linkTarget())) {
                return "link target is '" + actual.linkTarget() + "', expected '" + expected.linkTarget() + "'";
            }
            // rsync -a keeps a symlink's own mtime; its mode means nothing on Linux.
            return !fileTimes || expected.mtime().equals(actual.mtime()) ? null
                    : "symlink mtime is " + actual.mtime() + ", expected " + expected.mtime();
        }
        if (expected.permissions() != actual.permissions()) {
            return "mode is " + actual.permissionsInOctal() + ", expected " + expected.permissionsInOctal();
        }
        boolean isFile = expected.type() == TreeEntry.Type.FILE;
        if (isFile && expected.size() != actual.size()) {
            return "size is " + actual.size() + ", expected " + expected.size();
        }
        if (expected.rdev() != actual.rdev()) {
            return "device " + actual.rdev() + ", expected " + expected.rdev();
        }
        if ((((isFile || expected.type().isNode()) && fileTimes) || directoryTimes) && !expected.mtime().equals(actual.mtime())) {
            return "mtime is " + actual.mtime() + ", expected " + expected.mtime();
        }
        return null;
    }
}

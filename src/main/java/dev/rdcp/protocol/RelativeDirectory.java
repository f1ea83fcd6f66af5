package dev.rdcp.protocol;

/**
 * The check a directory a REQUEST names for the receiver (--backup-dir, --partial-dir) must pass:
 * relative, no NUL, and no empty, "." or ".." component, so that it resolves beneath the
 * directory it is named from and cannot climb out of it.
 */
final class RelativeDirectory {

    private RelativeDirectory() {
    }

    /**
     * What is wrong with {@code directory} (non-empty), or null; {@code what} names it in the
     * message, and {@code base} what it is relative to.
     */
    static String problem(byte[] directory, String what, String base) {
        int start = 0;
        for (int i = 0; i <= directory.length; i++) {
            if (i < directory.length && directory[i] == 0) {
                return what + " contains NUL";
            }
            if (i == directory.length || directory[i] == '/') {
                int length = i - start;
                if (length == 0 || (length == 1 && directory[start] == '.')
                        || (length == 2 && directory[start] == '.' && directory[start + 1] == '.')) {
                    return what + " must be relative to " + base + ", without '.' or '..'";
                }
                start = i + 1;
            }
        }
        return null;
    }
}

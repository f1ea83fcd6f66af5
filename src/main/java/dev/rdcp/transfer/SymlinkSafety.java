package dev.rdcp.transfer;

/**
 * rsync's "unsafe" symlink (its unsafe_symlink()): absolute or empty, or leading above the top of
 * the transfer, counting each ".." of its target against the depth of its name in the transfer.
 * The target is read as text, never resolved: a symlink on the way does not count.
 */
final class SymlinkSafety {

    private SymlinkSafety() {
    }

    /** Whether symlink {@code name} (its '/'-separated name in the transfer) to {@code target} is unsafe. */
    static boolean unsafe(byte[] target, byte[] name) {
        if (target.length == 0 || target[0] == '/') {
            return true;
        }
        int depth = 0;
        int start = 0;
        // The name's directories: ".." starts the count over, "." counts nothing, the last component is the link.
        for (int slash = indexOf(name, start); slash >= 0; slash = indexOf(name, start)) {
            if (isDotDot(name, start, slash)) {
                depth = 0;
            } else if (!isDot(name, start, slash) && slash > start) {
                depth++;
            }
            start = slash + 1;
        }
        if (isDotDot(name, start, name.length)) {
            depth = 0;
        }
        start = 0;
        for (int slash = indexOf(target, start); slash >= 0; slash = indexOf(target, start)) {
            if (isDotDot(target, start, slash)) {
                if (--depth < 0) {
                    return true;
                }
            } else if (!isDot(target, start, slash) && slash > start) {
                depth++;
            }
            start = slash + 1;
        }
        return isDotDot(target, start, target.length) && depth - 1 < 0;
    }

    private static int indexOf(byte[] name, int from) {
        for (int i = from; i < name.length; i++) {
            if (name[i] == '/') {
                return i;
            }
        }
        return -1;
    }

    private static boolean isDot(byte[] name, int start, int end) {
        return end - start == 1 && name[start] == '.';
    }

    private static boolean isDotDot(byte[] name, int start, int end) {
        return end - start == 2 && name[start] == '.' && name[start + 1] == '.';
    }
}

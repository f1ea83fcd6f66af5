package dev.rdcp.posix;

import java.util.List;

/** Why a native library could not be loaded, as one line. */
public final class NativeLoadError {

    private NativeLoadError() {
    }

    /**
     * Whether {@code e} comes of a native library that would not load: an UnsatisfiedLinkError,
     * itself or as the cause of the NoClassDefFoundError a class whose loading needed it gives after.
     */
    public static boolean isNative(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnsatisfiedLinkError) {
                return true;
            }
        }
        return false;
    }

    /**
     * The innermost cause's message on one line. JNA's names the library on its first line, which
     * ends in ':', and each place it looked on one line after it: the first of those is the reason
     * a user can act on (a missing file, a missing dependency); the rest would repeat it.
     */
    public static String reason(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        String message = t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName()
                : t.getMessage();
        List<String> lines = message.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
        if (lines.size() > 1 && lines.get(0).endsWith(":")) {
            return lines.get(0) + " " + lines.get(1);
        }
        return lines.get(0);
    }
}

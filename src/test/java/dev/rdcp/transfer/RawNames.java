package dev.rdcp.transfer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Creates files whose names are raw bytes (not necessarily UTF-8) without going through Java's path encoding. */
public final class RawNames {

    private RawNames() {
    }

    /** printf's octal escape of every byte of {@code name}. */
    private static String octal(byte[] name) {
        StringBuilder out = new StringBuilder();
        for (byte b : name) {
            out.append(String.format("\\%03o", b & 0xff));
        }
        return out.toString();
    }

    /** Creates an empty file {@code name} (a relative '/'-separated path of raw bytes, no trailing newline) in {@code directory}. */
    public static void createFile(Path directory, byte[] name) throws IOException, InterruptedException {
        run(directory, ": > \"$(printf '" + octal(name) + "')\"");
    }

    /** Creates directory {@code name} (relative, raw bytes) in {@code directory}. */
    static void createDirectory(Path directory, byte[] name) throws IOException, InterruptedException {
        run(directory, "mkdir -- \"$(printf '" + octal(name) + "')\"");
    }

    private static void run(Path directory, String script) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("sh", "-c", script).directory(directory.toFile()).inheritIO().start();
        if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException("sh failed: " + script);
        }
    }
}

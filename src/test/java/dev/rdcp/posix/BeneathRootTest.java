package dev.rdcp.posix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tests of names resolved beneath a directory descriptor: a handle on {@code root} (holding
 * {@code a/b/file}) beside a directory {@code outside} it, closed after each test, with the
 * openat2 path restored.
 */
abstract class BeneathRootTest {

    @TempDir
    Path dir;

    Path root;
    Path outside;
    DirectoryHandle handle;

    static byte[] bytes(String name) {
        return name.getBytes(StandardCharsets.UTF_8);
    }

    @BeforeEach
    void rootAndOutside() throws IOException {
        root = Files.createDirectories(dir.resolve("root"));
        outside = Files.createDirectories(dir.resolve("outside"));
        Files.createDirectories(root.resolve("a/b"));
        Files.writeString(root.resolve("a/b/file"), "inside");
        more();
        handle = DirectoryHandle.open(root, bytes(root.toString()));
    }

    /** What a test class adds to the tree before the handle is opened. */
    void more() throws IOException {
    }

    @AfterEach
    void closeHandle() throws IOException {
        handle.close();
        DirectoryHandle.walkOnly = false;
    }
}

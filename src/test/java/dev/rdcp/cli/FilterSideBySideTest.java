package dev.rdcp.cli;

import java.nio.file.Path;

/** Side-by-side tests of the filter options: pushes of src/ into dst/, their listed names compared. */
abstract class FilterSideBySideTest extends SideBySideTest {

    /**
     * Both push src/ into dst/ with {@code options}; their listed names must be the same. The top is
     * dated first, older than either destination: each lists "./" then, whichever second each
     * destination was made in (a loaded machine may make them a second apart).
     */
    SideBySide.Outputs push(int exitCode, String... options) throws Exception {
        SideBySide.datedDirectory(sides.source);
        return sides.pushListing(exitCode, new byte[0], "dst", options);
    }

    /** {@code name} in rdcp's dst/. */
    Path served(String name) {
        return sides.rdcpCopy("dst/" + name);
    }

    /**
     * Dates the source's {@code directories}, older than any destination's: each side lists
     * them as changed, whatever second it runs in.
     */
    void dateDirectories(String... directories) throws Exception {
        for (String directory : directories) {
            SideBySide.datedDirectory(sides.source.resolve(directory));
        }
    }
}

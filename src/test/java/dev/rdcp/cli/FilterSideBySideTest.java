package dev.rdcp.cli;

import java.nio.file.Path;

/** Side-by-side tests of the filter options: pushes of src/ into dst/, their listed names compared. */
abstract class FilterSideBySideTest extends SideBySideTest {

    /** Both push src/ into dst/ with {@code options}; their listed names must be the same. */
    SideBySide.Outputs push(int exitCode, String... options) throws Exception {
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

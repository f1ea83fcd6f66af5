package dev.rdcp.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * rsync options that RDMA makes moot: accepted so that rsync command lines run unchanged, with
 * a note at -v saying why each changes nothing.
 */
final class MootOptions {

    @Option(names = {"-z", "--compress"}, description = "Accepted, no effect: RDMA moves the data uncompressed.")
    boolean compress;

    @Option(names = {"--compress-level", "--zl"}, paramLabel = "NUM", description = "Accepted, no effect (see -z).")
    Integer compressLevel;

    @Option(names = {"-W", "--whole-file"}, description = "Accepted: rdcp always copies whole files (no delta transfer).")
    boolean wholeFile;

    @Option(names = "--numeric-ids", description = "Accepted: owners and groups always travel as numbers, never as names.")
    boolean numericIds;

    /** One line per moot option given, for -v. */
    List<String> notes() {
        List<String> notes = new ArrayList<>();
        if (compress || compressLevel != null) {
            notes.add("-z/--compress-level: ignored: RDMA moves the data uncompressed, and compressing would cost"
                    + " more CPU than it saves on the link");
        }
        if (wholeFile) {
            notes.add("-W: rdcp always copies whole files");
        }
        if (numericIds) {
            notes.add("--numeric-ids: rdcp always sends owners and groups as numeric ids");
        }
        return notes;
    }
}

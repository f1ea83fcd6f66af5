package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;

/**
 * One line of {@code rdcp doctor}: what was checked, what was found, and for a problem how to fix
 * it and the exit code a copy would meet because of it.
 */
record Finding(Status status, String subject, String detail, String fix, ExitCode code) {

    enum Status {
        OK("ok"),
        /** Worth knowing, but no copy fails because of it. */
        WARN("warn"),
        FAIL("FAIL");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        String label() {
            return label;
        }
    }

    static Finding ok(String subject, String detail) {
        return new Finding(Status.OK, subject, detail, null, ExitCode.OK);
    }

    static Finding warn(String subject, String detail, String fix) {
        return new Finding(Status.WARN, subject, detail, fix, ExitCode.OK);
    }

    static Finding fail(ExitCode code, String subject, String detail, String fix) {
        return new Finding(Status.FAIL, subject, detail, fix, code);
    }

    /** "ok    subject: detail", then "      fix: ..." for a problem. */
    String render() {
        String line = String.format("%-5s %s: %s", status.label(), subject, detail);
        return fix == null ? line : line + System.lineSeparator() + "      fix: " + fix;
    }
}

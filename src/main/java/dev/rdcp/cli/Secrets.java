package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a shared secret: the first line of the file, without surrounding white space. */
final class Secrets {

    private Secrets() {
    }

    static byte[] read(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "cannot read the secret file " + file + ": " + e.getMessage());
        }
        String secret = text.lines().findFirst().orElse("").strip();
        if (secret.isEmpty()) {
            throw new RdcpException(ExitCode.USAGE, "the secret file " + file + " is empty");
        }
        return secret.getBytes(StandardCharsets.UTF_8);
    }
}

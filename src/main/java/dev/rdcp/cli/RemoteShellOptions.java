package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** How rdcp reaches the other host over ssh, shared by the copy and doctor commands. */
final class RemoteShellOptions {

    @Option(names = {"-e", "--rsh"}, paramLabel = "COMMAND", defaultValue = "ssh",
            description = "Remote shell for HOST:PATH (default: ${DEFAULT-VALUE}).")
    String rsh;

    @Option(names = "--rdcp-path", paramLabel = "PROGRAM", defaultValue = "rdcp",
            description = "rdcp on the remote host (default: ${DEFAULT-VALUE}).")
    String rdcpPath;

    /**
     * The remote shell command and its own arguments, split as rsync splits -e: at spaces (not
     * other white space); single or double quotes keep spaces in an argument, and a quote
     * doubled inside quotes of its kind is one quote (no backslash escapes).
     */
    List<String> shell() throws RdcpException {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < rsh.length(); i++) {
            char c = rsh.charAt(i);
            if (quote == 0 && c == ' ') {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                continue;
            }
            word = word == null ? new StringBuilder() : word;
            if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (c == quote && i + 1 < rsh.length() && rsh.charAt(i + 1) == quote) {
                word.append(quote);
                i++;
            } else if (c == quote) {
                quote = 0;
            } else {
                word.append(c);
            }
        }
        if (quote != 0) {
            throw new RdcpException(ExitCode.USAGE, "Missing trailing-" + quote + " in remote-shell command.");
        }
        if (word != null) {
            words.add(word.toString());
        }
        if (words.isEmpty()) {
            throw new RdcpException(ExitCode.USAGE, "-e names no remote shell");
        }
        return words;
    }
}

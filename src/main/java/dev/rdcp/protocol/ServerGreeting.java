package dev.rdcp.protocol;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The line an rdcp started over ssh prints once it listens (docs/protocol.md, "Over ssh"):
 * {@code RDCP-SERVER <port> <token>}, the port it listens on and the token its one client must
 * prove, in hex. ASCII, one line ending in '\n'.
 */
public record ServerGreeting(int port, String token) {

    public static final String WORD = "RDCP-SERVER";
    /** The longest line a client reads as a greeting: anything longer is not one. */
    public static final int MAX_LINE = 256;
    private static final Pattern LINE = Pattern.compile(WORD + " ([1-9][0-9]{0,4}) ([0-9a-f]{48})");

    public ServerGreeting {
        if (port < 1 || port > 65535 || !token.matches("[0-9a-f]{48}")) {
            throw new IllegalArgumentException("not a greeting's port and token");
        }
    }

    /** The line, without its newline. */
    public String line() {
        return WORD + " " + port + " " + token;
    }

    /** The greeting {@code line} (without its newline) holds, or empty when it is none. */
    public static Optional<ServerGreeting> parse(String line) {
        if (line == null || line.length() > MAX_LINE) {
            return Optional.empty();
        }
        var matcher = LINE.matcher(line.strip());
        if (!matcher.matches()) {
            return Optional.empty();
        }
        int port = Integer.parseInt(matcher.group(1));
        return port > 65535 ? Optional.empty() : Optional.of(new ServerGreeting(port, matcher.group(2)));
    }
}

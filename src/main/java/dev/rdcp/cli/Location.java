package dev.rdcp.cli;

import dev.rdcp.session.Daemon;

/**
 * One operand, as rsync reads it: {@code PATH} (local), {@code [user@]HOST:PATH} (ssh),
 * {@code HOST::PATH} or {@code rdcp://[USER@]HOST[:PORT]/PATH} (a daemon; also {@code rsync://}).
 * A daemon serving modules reads the first component of PATH as the module. A colon after a
 * slash belongs to a local path.
 */
record Location(Kind kind, String userAtHost, String host, int port, String path) {

    private static final String URL = "rdcp://";
    /** rsync's own spelling, so that a script's rsync:// operands work unchanged. */
    private static final String RSYNC_URL = "rsync://";

    enum Kind { LOCAL, SSH, DAEMON }

    boolean isRemote() {
        return kind != Kind.LOCAL;
    }

    /** True when the path ends in '/': the destination must then be a directory. */
    boolean namesDirectory() {
        return path.endsWith("/");
    }

    /** A daemon operand that names no module and no path ({@code HOST::}, {@code rdcp://HOST/}): rsync lists the modules. */
    boolean namesNoModule() {
        return kind == Kind.DAEMON && (path.equals(".") || path.equals("/"));
    }

    /** Same remote end: same kind, host and port. */
    boolean sameRemote(Location other) {
        return kind == other.kind && userAtHost.equals(other.userAtHost) && port == other.port;
    }

    static Location parse(String operand, int defaultPort) {
        String scheme = operand.startsWith(URL) ? URL : operand.startsWith(RSYNC_URL) ? RSYNC_URL : null;
        if (scheme != null) {
            String rest = operand.substring(scheme.length());
            int slash = rest.indexOf('/');
            String authority = slash < 0 ? rest : rest.substring(0, slash);
            String path = slash < 0 ? "/" : rest.substring(slash);
            int port = defaultPort;
            int colon = authority.lastIndexOf(':');
            if (colon >= 0 && authority.indexOf(']') < colon) {
                port = parsePort(authority.substring(colon + 1), operand);
                authority = authority.substring(0, colon);
            }
            // As rsync: a user in the URL names the daemon's user, not a host; rdcp daemons have none.
            authority = authority.substring(authority.indexOf('@') + 1);
            require(!authority.isEmpty(), operand);
            return new Location(Kind.DAEMON, authority, authority, port, path);
        }
        int colon = operand.indexOf(':');
        int slash = operand.indexOf('/');
        if (colon <= 0 || (slash >= 0 && slash < colon)) {
            return new Location(Kind.LOCAL, null, null, 0, operand);
        }
        String userAtHost = operand.substring(0, colon);
        String host = userAtHost.substring(userAtHost.indexOf('@') + 1);
        require(!host.isEmpty(), operand);
        if (operand.startsWith("::", colon)) {
            return new Location(Kind.DAEMON, host, host, defaultPort, orDot(operand.substring(colon + 2)));
        }
        return new Location(Kind.SSH, userAtHost, host, 0, orDot(operand.substring(colon + 1)));
    }

    private static String orDot(String path) {
        return path.isEmpty() ? "." : path;
    }

    private static int parsePort(String text, String operand) {
        try {
            int port = Integer.parseInt(text);
            if (port > 0 && port < 65536) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("bad port in " + operand);
    }

    private static void require(boolean condition, String operand) {
        if (!condition) {
            throw new IllegalArgumentException("no host in " + operand);
        }
    }

    static int defaultPort() {
        return Daemon.DEFAULT_PORT;
    }
}

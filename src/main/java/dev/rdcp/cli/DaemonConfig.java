package dev.rdcp.cli;

import dev.rdcp.session.AddressRange;
import dev.rdcp.session.DaemonModule;
import dev.rdcp.session.OptionRefusals;
import dev.rdcp.transfer.ChmodRules;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code rdcp serve --config FILE}: rsyncd.conf's syntax and the part of its parameters rdcp
 * has. Parameters before the first {@code [module]} (or in {@code [global]}) are the daemon's
 * ({@code port}, {@code address}, {@code pid file}) and the defaults of every module. Names are matched as rsync
 * matches them: case and spaces do not count ({@code read only} = {@code ReadOnly}). An
 * unknown parameter is an error, not a warning: a misspelt {@code hosts allow} must not open a
 * module to everyone. Those rdcp knows of and does not take yet are refused with the reason.
 */
record DaemonConfig(Integer port, String address, Path pidFile, Path logFile, List<Module> modules) {

    /**
     * One {@code [name]} section, defaults applied; {@code uid} and {@code gid} as written (name or
     * number), or null.
     */
    record Module(String name, Path path, boolean readOnly, Path secretsFile, boolean strictModes,
            List<AddressRange> hostsAllow, List<AddressRange> hostsDeny, int maxConnections, String uid, String gid,
            String comment, DaemonModule.Serving serving) {
    }

    /** A line of the file that rdcp cannot take: {@code FILE:LINE: what}. */
    static final class Invalid extends Exception {
        Invalid(String message) {
            super(message);
        }
    }

    private static final String GLOBAL = "global";
    private static final List<String> DAEMON_ONLY = List.of("port", "address", "pid file", "log file");
    /**
     * Those rdcp takes in a module (or as every module's default). {@code use chroot}, {@code lock
     * file} and {@code dont compress} are checked and change nothing: rdcp confines every module as
     * a chroot would, counts connections in its one process, and compresses nothing.
     */
    private static final List<String> MODULE_PARAMETERS = List.of("path", "comment", "read only", "list",
            "secrets file", "strict modes", "hosts allow", "hosts deny", "max connections", "timeout", "uid", "gid",
            "transfer logging", "write only", "fake super", "incoming chmod", "outgoing chmod", "refuse options", "use chroot", "numeric ids", "lock file", "dont compress");
    private static final String NOT_ENFORCED_FILTER = "rdcp's daemon does not apply a module's filter rules, and one"
            + " it did not apply would show or take what it was written to keep out";
    /** rsyncd.conf parameters rdcp does not take yet, each refused with the reason. */
    private static final Map<String, String> NOT_YET = Map.of(
            "authusers", "rdcp's challenge carries no user name: a module's clients all prove the one shared secret"
                    + " of its 'secrets file'",
            "exclude", NOT_ENFORCED_FILTER,
            "include", NOT_ENFORCED_FILTER,
            "filter", NOT_ENFORCED_FILTER,
            "excludefrom", NOT_ENFORCED_FILTER,
            "includefrom", NOT_ENFORCED_FILTER,
            "logformat", "rdcp's transfer log has rsync's default format only, \"%o %h [%a] %m (%u) %f %l\"");

    /** Parses {@code text}, read from {@code file} (named in the errors). */
    static DaemonConfig parse(String text, String file) throws Invalid {
        Map<String, Value> global = new LinkedHashMap<>();
        Map<String, Map<String, Value>> sections = new LinkedHashMap<>();
        Map<String, Value> current = global;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int number = i + 1;
            StringBuilder joined = new StringBuilder(stripLineEnd(lines[i]));
            // As rsync: a line ending in a backslash continues on the next.
            while (joined.length() > 0 && joined.charAt(joined.length() - 1) == '\\' && i + 1 < lines.length) {
                joined.setLength(joined.length() - 1);
                joined.append(stripLineEnd(lines[++i]));
            }
            String line = joined.toString().strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                continue;
            }
            if (line.startsWith("[")) {
                if (!line.endsWith("]")) {
                    throw new Invalid(file + ":" + number + ": a section header must end in ']': " + line);
                }
                String name = line.substring(1, line.length() - 1).strip();
                if (name.equalsIgnoreCase(GLOBAL)) {
                    if (!sections.isEmpty()) {
                        throw new Invalid(file + ":" + number + ": [global] must come before the modules");
                    }
                    current = global;
                    continue;
                }
                if (name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..")) {
                    throw new Invalid(file + ":" + number + ": bad module name '" + name + "'");
                }
                if (sections.containsKey(name)) {
                    throw new Invalid(file + ":" + number + ": module [" + name + "] is defined twice");
                }
                current = new LinkedHashMap<>();
                sections.put(name, current);
                continue;
            }
            int equals = line.indexOf('=');
            if (equals <= 0) {
                throw new Invalid(file + ":" + number + ": expected 'name = value' or '[module]': " + line);
            }
            String raw = line.substring(0, equals).strip();
            String key = key(raw);
            if (NOT_YET.containsKey(key)) {
                throw new Invalid(file + ":" + number + ": rdcp does not support '" + raw + "' yet: " + NOT_YET.get(key));
            }
            boolean daemonOnly = DAEMON_ONLY.stream().anyMatch(name -> key(name).equals(key));
            if (!daemonOnly && MODULE_PARAMETERS.stream().noneMatch(name -> key(name).equals(key))) {
                throw new Invalid(file + ":" + number + ": unknown parameter '" + raw + "' (rdcp takes: "
                        + String.join(", ", DAEMON_ONLY) + ", " + String.join(", ", MODULE_PARAMETERS) + ")");
            }
            if (daemonOnly && current != global) {
                throw new Invalid(file + ":" + number + ": '" + raw + "' belongs before the first module");
            }
            current.put(key, new Value(line.substring(equals + 1).strip(), number));
        }
        if (sections.isEmpty()) {
            throw new Invalid(file + ": no modules: add a [name] section with a path");
        }
        List<Module> modules = new ArrayList<>();
        // A global refuse options is every module's: parsed once, not per module (its wildcards
        // are matched against every option name; 2,000 modules took 97 s to start with one of 28 stars).
        Map<String, OptionRefusals> refusals = new HashMap<>();
        for (Map.Entry<String, Map<String, Value>> section : sections.entrySet()) {
            Map<String, Value> values = new LinkedHashMap<>(global);
            values.putAll(section.getValue());
            modules.add(module(section.getKey(), values, file, refusals));
        }
        Value port = global.get("port");
        Value address = global.get("address");
        return new DaemonConfig(port == null ? null : port(port, file), address == null ? null : address.text(),
                absolute(global.get("pidfile"), "pid file", file), absolute(global.get("logfile"), "log file", file),
                List.copyOf(modules));
    }

    /** A file's path, which must be absolute (the daemon's directory is no one's business); null when not given. */
    private static Path absolute(Value value, String name, String file) throws Invalid {
        if (value == null) {
            return null;
        }
        if (!value.text().startsWith("/")) {
            throw new Invalid(file + ":" + value.line() + ": " + name + " must be absolute: " + value.text());
        }
        return Path.of(value.text());
    }

    /** A parameter's name as rsync compares it: without case or spaces. */
    private static String key(String name) {
        return name.replace(" ", "").replace("\t", "").toLowerCase(Locale.ROOT);
    }

    private record Value(String text, int line) {
    }

    private static String stripLineEnd(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    /** {@code refusals}: the refuse options parsed so far, by their text. */
    private static Module module(String name, Map<String, Value> values, String file,
            Map<String, OptionRefusals> refusals) throws Invalid {
        Value path = values.get("path");
        if (path == null || path.text().isEmpty()) {
            throw new Invalid(file + ": module [" + name + "] has no path");
        }
        if (!path.text().startsWith("/")) {
            throw new Invalid(file + ":" + path.line() + ": module [" + name + "]: path must be absolute: " + path.text());
        }
        bool(values.get("usechroot"), true, file);
        if (bool(values.get("numericids"), false, file)) {
            throw new Invalid(file + ":" + values.get("numericids").line() + ": rdcp does not support 'numeric ids = yes'"
                    + " yet: both ends take --numeric-ids from the client's request, so clients must pass it");
        }
        Value secrets = values.get("secretsfile");
        Value uid = values.get("uid");
        Value gid = values.get("gid");
        return new Module(name, Path.of(path.text()),
                bool(values.get("readonly"), true, file),
                secrets == null || secrets.text().isEmpty() ? null : Path.of(secrets.text()),
                bool(values.get("strictmodes"), true, file),
                ranges(values.get("hostsallow"), file), ranges(values.get("hostsdeny"), file),
                count(values.get("maxconnections"), file),
                uid == null || uid.text().isEmpty() ? null : uid.text(),
                gid == null || gid.text().isEmpty() ? null : gid.text(),
                values.containsKey("comment") ? values.get("comment").text() : "",
                new DaemonModule.Serving(bool(values.get("list"), true, file), timeout(values.get("timeout"), file),
                        bool(values.get("transferlogging"), false, file), bool(values.get("writeonly"), false, file),
                        bool(values.get("fakesuper"), false, file), chmod(values.get("incomingchmod"), file),
                        chmod(values.get("outgoingchmod"), file), refusals(values.get("refuseoptions"), file, refusals)));
    }

    private static boolean bool(Value value, boolean otherwise, String file) throws Invalid {
        if (value == null) {
            return otherwise;
        }
        return switch (value.text().toLowerCase(Locale.ROOT)) {
            case "yes", "true", "1", "on" -> true;
            case "no", "false", "0", "off" -> false;
            default -> throw new Invalid(file + ":" + value.line() + ": expected yes or no, not '" + value.text() + "'");
        };
    }

    private static List<AddressRange> ranges(Value value, String file) throws Invalid {
        List<AddressRange> ranges = new ArrayList<>();
        if (value != null) {
            for (String entry : value.text().split("[,\\s]+")) {
                if (entry.isEmpty()) {
                    continue;
                }
                try {
                    ranges.add(AddressRange.parse(entry));
                } catch (IllegalArgumentException e) {
                    throw new Invalid(file + ":" + value.line() + ": " + e.getMessage());
                }
            }
        }
        return List.copyOf(ranges);
    }

    private static int count(Value value, String file) throws Invalid {
        if (value == null) {
            return 0;
        }
        try {
            int count = Integer.parseInt(value.text());
            if (count >= 0) {
                return count;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new Invalid(file + ":" + value.line() + ": max connections must be a number, 0 for no limit: "
                + value.text());
    }

    private static ChmodRules chmod(Value value, String file) throws Invalid {
        if (value == null || value.text().isEmpty()) {
            return ChmodRules.NONE;
        }
        try {
            return ChmodRules.parse(value.text());
        } catch (IllegalArgumentException e) {
            throw new Invalid(file + ":" + value.line() + ": " + e.getMessage());
        }
    }

    private static OptionRefusals refusals(Value value, String file, Map<String, OptionRefusals> parsed)
            throws Invalid {
        if (value == null) {
            return OptionRefusals.NONE;
        }
        OptionRefusals known = parsed.get(value.text());
        if (known != null) {
            return known;
        }
        try {
            OptionRefusals refusals = OptionRefusals.parse(value.text());
            parsed.put(value.text(), refusals);
            return refusals;
        } catch (IllegalArgumentException e) {
            throw new Invalid(file + ":" + value.line() + ": refuse options: " + e.getMessage());
        }
    }

    private static int timeout(Value value, String file) throws Invalid {
        if (value == null) {
            return 0;
        }
        try {
            int seconds = Integer.parseInt(value.text());
            if (seconds >= 0) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new Invalid(file + ":" + value.line() + ": timeout must be a number of seconds, 0 for the daemon's"
                + " --timeout: " + value.text());
    }

    private static int port(Value value, String file) throws Invalid {
        try {
            int port = Integer.parseInt(value.text());
            // 0 as --port 0: one the system picks, said on the "serving" line.
            if (port >= 0 && port < 65536) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new Invalid(file + ":" + value.line() + ": port must be 0 to 65535: " + value.text());
    }
}

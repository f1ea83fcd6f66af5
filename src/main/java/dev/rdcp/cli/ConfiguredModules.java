package dev.rdcp.cli;

import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.session.DaemonModule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A config file's modules made ready to serve: directories checked, secrets read, and the one
 * identity they run as. Any problem is one line naming the file, and exit code 1.
 */
record ConfiguredModules(DaemonConfig config, List<DaemonModule> modules, ServeIdentity identity) {

    static ConfiguredModules load(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw bad("cannot read " + file + ": " + PathErrors.reason(e));
        }
        DaemonConfig config;
        try {
            config = DaemonConfig.parse(text, file.toString());
        } catch (DaemonConfig.Invalid e) {
            throw bad(e.getMessage());
        }
        List<DaemonModule> modules = new ArrayList<>();
        Set<List<String>> identities = new LinkedHashSet<>();
        for (DaemonConfig.Module m : config.modules()) {
            String where = file + ": module [" + m.name() + "]: ";
            if (!Files.isDirectory(m.path())) {
                throw bad(where + "path " + m.path() + " is not a directory");
            }
            byte[] secret = null;
            if (m.secretsFile() != null) {
                try {
                    secret = Secrets.readForDaemon(m.secretsFile(), m.strictModes());
                } catch (RdcpException e) {
                    throw bad(where + e.getMessage());
                }
            }
            modules.add(new DaemonModule(m.name(), m.path(), m.readOnly(), secret, m.hostsAllow(), m.hostsDeny(),
                    m.maxConnections(), m.comment(), m.serving()));
            identities.add(java.util.Arrays.asList(m.uid(), m.gid()));
        }
        if (identities.size() > 1) {
            // One process serves every module, and a process has one identity.
            throw bad(file + ": modules run as different uid/gid " + identities + ": rdcp serves all modules from one "
                    + "process; give them one uid and gid, or run one 'rdcp serve --config' per identity");
        }
        List<String> identity = identities.iterator().next();
        ServeIdentity drop;
        try {
            drop = ServeIdentity.resolve(identity.get(0), identity.get(1));
        } catch (RdcpException e) {
            throw bad(file + ": " + e.getMessage().replace("--user", "uid").replace("--group", "gid"));
        }
        return new ConfiguredModules(config, List.copyOf(modules), drop);
    }

    private static RdcpException bad(String message) {
        return new RdcpException(ExitCode.USAGE, message);
    }
}

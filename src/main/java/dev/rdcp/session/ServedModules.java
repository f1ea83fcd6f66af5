package dev.rdcp.session;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ModuleList;
import dev.rdcp.protocol.PeerText;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;

/**
 * What a server serves: one directory (ssh mode, and the daemon's {@code --root} shortcut), whose
 * paths a client names directly, or named modules, which a client names as the first component
 * of each path ({@code HOST::module/path}, as rsync).
 */
public final class ServedModules {

    private final ServerPolicy single;
    private final Map<String, DaemonModule> modules;
    private final Map<String, Semaphore> connections;

    private ServedModules(ServerPolicy single, Map<String, DaemonModule> modules) {
        this.single = single;
        this.modules = modules;
        this.connections = new LinkedHashMap<>();
        modules.values().forEach(m -> connections.put(m.name(),
                new Semaphore(m.maxConnections() > 0 ? m.maxConnections() : Integer.MAX_VALUE)));
    }

    public static ServedModules one(ServerPolicy policy) {
        return new ServedModules(policy, Map.of());
    }

    public static ServedModules named(List<DaemonModule> list) {
        Map<String, DaemonModule> byName = new LinkedHashMap<>();
        list.forEach(m -> byName.put(m.name(), m));
        return new ServedModules(null, byName);
    }

    /**
     * Whether the challenge says a secret is required. With modules it is required when every
     * module has one; otherwise the module the request names decides, after the request.
     */
    boolean secretRequired() {
        return single != null ? single.secret() != null
                : !modules.isEmpty() && modules.values().stream().allMatch(m -> m.secret() != null);
    }

    /**
     * What {@code HOST::} shows {@code peer}: the listed modules ({@code list = yes}) whose hosts
     * rules let it in, with their comments, in the order of the configuration; for one directory,
     * only that it is one.
     */
    ModuleList listing(InetAddress peer) {
        if (single != null) {
            return new ModuleList(true, List.of());
        }
        return new ModuleList(false, modules.values().stream().filter(m -> m.serving().listed() && m.admits(peer))
                .map(m -> new ModuleList.Module(m.name(), m.comment())).toList());
    }

    /**
     * A request let in: the policy its paths fall under, the paths within it, and, with
     * modules, the module and its connection slot, held until closed (both null otherwise).
     */
    public record Admission(SessionRequest request, ServerPolicy policy, List<String> paths, Semaphore slot,
            DaemonModule module) implements AutoCloseable {

        /** How the session serves: its module's way, or rsync's defaults for one directory. */
        public DaemonModule.Serving serving() {
            return module == null ? DaemonModule.Serving.DEFAULT : module.serving();
        }

        @Override
        public void close() {
            if (slot != null) {
                slot.release();
            }
        }
    }

    /**
     * Lets {@code request} in from {@code peer} (null: not known, as over ssh) or says why not.
     * With modules, every path must name the same module (with --files-from only the first, the
     * base the others are relative to), and the module must admit the peer and have a free slot.
     */
    Admission admit(SessionRequest request, InetAddress peer) throws RdcpException {
        if (single != null) {
            return new Admission(request, single, request.paths(), null, null);
        }
        List<String> paths = request.paths();
        int named = request.has(SessionRequest.FILES_FROM) ? 1 : paths.size();
        DaemonModule module = null;
        List<String> within = new ArrayList<>(paths.size());
        for (int i = 0; i < paths.size(); i++) {
            if (i >= named) {
                within.add(paths.get(i));
                continue;
            }
            String path = paths.get(i).replaceFirst("^/+", "");
            int slash = path.indexOf('/');
            String name = slash < 0 ? path : path.substring(0, slash);
            DaemonModule asked = modules.get(name);
            if (asked == null) {
                throw new RdcpException(ExitCode.START_CLIENT_SERVER, name.isEmpty() || name.equals(".")
                        ? "name a module: HOST::MODULE/PATH (modules: " + String.join(", ", modules.keySet()) + ")"
                        : "unknown module '" + PeerText.printable(name) + "'");
            }
            if (module != null && module != asked) {
                throw new RdcpException(ExitCode.START_CLIENT_SERVER, "all paths of a request must be in one module");
            }
            module = asked;
            within.add(slash < 0 ? "" : path.substring(slash + 1));
        }
        if (module == null) {
            throw new RdcpException(ExitCode.START_CLIENT_SERVER, "name a module: HOST::MODULE/PATH");
        }
        if (!module.admits(peer)) {
            throw new RdcpException(ExitCode.START_CLIENT_SERVER, "access denied to module '" + module.name() + "' from "
                    + (peer == null ? "an unknown address" : peer.getHostAddress()));
        }
        Semaphore slot = connections.get(module.name());
        if (!slot.tryAcquire()) {
            throw new RdcpException(ExitCode.START_CLIENT_SERVER, "max connections (" + module.maxConnections()
                    + ") reached for module '" + module.name() + "' -- try again later");
        }
        return new Admission(request, ServerPolicy.daemon(module.path(), module.readOnly(), module.secret())
                .withFakeSuper(module.serving().fakeSuper()), within, slot,
                module);
    }
}

package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;

import dev.rdcp.verbs.DeviceContext;
import dev.rdcp.verbs.GidEntry;
import dev.rdcp.verbs.PortAttributes;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rdcp devices}: a short ibv_devinfo, listing each device, port and GID. */
@Command(name = "devices", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "List RDMA devices with their ports (state, link layer, MTU, LID) and GIDs.")
final class DevicesCommand implements Callable<Integer> {

    @Mixin
    LoggingOptions logging;

    @Option(names = "--device", paramLabel = "NAME", description = "Show only this device.")
    String deviceName;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        List<String> names = deviceName == null ? DeviceContext.deviceNames() : List.of(deviceName);
        if (names.isEmpty()) {
            // Opening "the first device" reports the missing device with its explanation.
            DeviceContext.open(null).close();
        }
        for (String name : names) {
            try (DeviceContext device = DeviceContext.open(name)) {
                print(out, device);
            }
        }
        out.flush();
        return ExitCode.OK.code();
    }

    private static void print(PrintWriter out, DeviceContext device) throws IOException {
        out.println(device.name());
        for (int portNumber = 1; portNumber <= device.portCount(); portNumber++) {
            PortAttributes port = device.queryPort(portNumber);
            out.printf("    port %d: %s, link layer %s, active MTU %d (max %d), LID %d%n", portNumber, port.state(),
                    port.linkLayer(), port.activeMtu().bytes(), port.maxMtu().bytes(), port.lid());
            for (GidEntry gid : device.gids(portNumber)) {
                out.printf("        GID[%d] %s %s%n", gid.index(), gid.gid(), gid.type());
            }
        }
    }
}

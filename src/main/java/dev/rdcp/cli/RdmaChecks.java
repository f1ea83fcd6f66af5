package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.transport.RdmaSettings;
import dev.rdcp.verbs.DeviceContext;
import dev.rdcp.verbs.GidEntry;
import dev.rdcp.verbs.GidSelection;
import dev.rdcp.verbs.LinkLayer;
import dev.rdcp.verbs.Mtu;
import dev.rdcp.verbs.NativeVerbs;
import dev.rdcp.verbs.PortAttributes;
import dev.rdcp.verbs.RdmaUnavailableException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The local half of {@code rdcp doctor}: can this host open the device, port and GID a copy
 * would use. Stops at the first check that leaves nothing further to look at.
 */
final class RdmaChecks {

    private static final Path SYSFS_INFINIBAND = Path.of("/sys/class/infiniband");
    private static final Path SYSFS_NET = Path.of("/sys/class/net");
    /** Roughly what RoCE v2 adds to a packet's payload (Ethernet, IP, UDP, BTH, ICRC headers). */
    private static final int ROCE_OVERHEAD = 100;
    private static final String DEVICE_FIX = "load the adapter's driver, or without RDMA hardware use Soft-RoCE:"
            + " rdma link add rxe0 type rxe netdev IFACE";
    private static final String DEVICES_FIX = "'ibv_devices' and 'rdma link' show what the system sees";

    private RdmaChecks() {
    }

    static void run(RdmaSettings asked, Consumer<Finding> report) throws IOException {
        var unavailable = NativeVerbs.unavailableReason();
        if (unavailable.isPresent()) {
            report.accept(Finding.fail(ExitCode.RDMA_UNAVAILABLE, "libibverbs", unavailable.get(),
                    "apt-get install libibverbs1 ibverbs-providers"));
            return;
        }
        report.accept(Finding.ok("libibverbs", "loaded, struct layouts match"));
        List<String> names;
        try {
            names = DeviceContext.deviceNames();
        } catch (RdmaUnavailableException e) {
            report.accept(Finding.fail(ExitCode.RDMA_UNAVAILABLE, "devices", e.getMessage(), DEVICES_FIX));
            return;
        }
        if (names.isEmpty()) {
            report.accept(Finding.fail(ExitCode.RDMA_UNAVAILABLE, "devices", "no RDMA device found", DEVICE_FIX));
            return;
        }
        report.accept(Finding.ok("devices", String.join(", ", names)));
        try (DeviceContext device = DeviceContext.open(asked.deviceName())) {
            checkPort(device, asked, report);
        } catch (RdmaUnavailableException e) {
            report.accept(Finding.fail(ExitCode.RDMA_UNAVAILABLE, "device", e.getMessage(),
                    "pick one of " + String.join(", ", names) + " with --device"));
        }
    }

    private static void checkPort(DeviceContext device, RdmaSettings asked, Consumer<Finding> report)
            throws IOException {
        String subject = device.name() + " port " + asked.portNumber();
        if (asked.portNumber() < 1 || asked.portNumber() > device.portCount()) {
            report.accept(Finding.fail(ExitCode.RDMA_UNAVAILABLE, subject, "no such port (the device has "
                    + device.portCount() + ")", "pick a port with --ib-port"));
            return;
        }
        PortAttributes port = device.queryPort(asked.portNumber());
        String state = port.state() + ", link layer " + port.linkLayer();
        if (!port.isActive()) {
            report.accept(Finding.fail(ExitCode.RDMA_UNAVAILABLE, subject, state, port.linkLayer() == LinkLayer.ETHERNET
                    ? "bring the network interface up (ip link set IFACE up) and check its cable"
                    : "check the cable and that a subnet manager runs on the fabric (opensm)"));
            return;
        }
        report.accept(Finding.ok(subject, state));
        List<GidEntry> gids = device.gids(asked.portNumber());
        GidEntry gid;
        try {
            gid = GidSelection.select(gids, port.linkLayer(), asked.gidIndex());
        } catch (RdmaUnavailableException e) {
            report.accept(Finding.fail(ExitCode.RDMA_UNAVAILABLE, "GID", e.getMessage() + " (" + gids.size()
                    + " entries)", "give the interface an IP address, or pick a GID with --gid-index"));
            return;
        }
        report.accept(Finding.ok("GID", "would use GID[" + gid.index() + "] " + gid.gid() + " " + gid.type() + " (of "
                + gids.size() + " entries)"));
        if (port.linkLayer() == LinkLayer.ETHERNET) {
            report.accept(mtu(port.activeMtu(), device.name(), asked.portNumber(), gid.index()));
        } else {
            report.accept(Finding.ok("MTU", "active " + port.activeMtu().bytes() + " (max " + port.maxMtu().bytes() + ")"));
        }
    }

    /** RoCE: the active MTU against the MTU of the network interface behind the GID. */
    private static Finding mtu(Mtu active, String device, int port, int gidIndex) {
        Path ndev = SYSFS_INFINIBAND.resolve(device).resolve("ports").resolve(Integer.toString(port))
                .resolve("gid_attrs/ndevs").resolve(Integer.toString(gidIndex));
        String netdev;
        int netdevMtu;
        try {
            netdev = Files.readString(ndev).trim();
            netdevMtu = Integer.parseInt(Files.readString(SYSFS_NET.resolve(netdev).resolve("mtu")).trim());
        } catch (IOException | NumberFormatException e) {
            return Finding.warn("MTU", "active " + active.bytes() + "; the network interface's MTU is unreadable ("
                    + ndev + ")", "compare it with 'ip link' by hand");
        }
        String detail = "active " + active.bytes() + ", " + netdev + " MTU " + netdevMtu;
        if (active.bytes() + ROCE_OVERHEAD > netdevMtu) {
            return Finding.fail(ExitCode.RDMA_UNAVAILABLE, "MTU", detail + ": RoCE packets would not fit",
                    "raise the MTU of " + netdev + " (ip link set " + netdev + " mtu 9000) or lower the port's");
        }
        Mtu fitting = largestFitting(netdevMtu);
        if (fitting.bytes() > active.bytes()) {
            return Finding.warn("MTU", detail + ": the interface would carry " + fitting.bytes(),
                    "a larger RDMA MTU moves data with fewer packets; check the port's MTU setting");
        }
        return Finding.ok("MTU", detail);
    }

    static Mtu largestFitting(int netdevMtu) {
        Mtu fitting = Mtu.MTU_256;
        for (Mtu mtu : Mtu.values()) {
            if (mtu.bytes() + ROCE_OVERHEAD <= netdevMtu) {
                fitting = mtu;
            }
        }
        return fitting;
    }
}

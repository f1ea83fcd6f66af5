package dev.rdcp.verbs;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.rdcp.posix.Errno;
import dev.rdcp.verbs.jna.IbVerbs;
import dev.rdcp.verbs.jna.RdcpShim;
import dev.rdcp.verbs.jna.ibv_gid_entry;
import dev.rdcp.verbs.jna.rdcp_port_fields;
import java.util.ArrayList;
import java.util.List;

/** An opened RDMA device ({@code struct ibv_context}). */
public final class DeviceContext extends NativeHandle {

    private final String name;

    private DeviceContext(Pointer context, String name) {
        super(context, "ibv_close_device");
        this.name = name;
    }

    /** Names of the RDMA devices present, in the order libibverbs lists them. */
    public static List<String> deviceNames() throws RdmaUnavailableException, VerbsException {
        return withDevices(devices -> devices.stream().map(IbVerbs::ibv_get_device_name).toList());
    }

    /**
     * Opens the named device, or the first one when {@code deviceName} is null.
     *
     * @throws RdmaUnavailableException when there is no device, or none of that name
     */
    public static DeviceContext open(String deviceName) throws RdmaUnavailableException, VerbsException {
        return withDevices(devices -> {
            List<String> names = new ArrayList<>(devices.size());
            for (Pointer device : devices) {
                String name = IbVerbs.ibv_get_device_name(device);
                names.add(name);
                if (deviceName == null || deviceName.equals(name)) {
                    Pointer context = checkCreated("ibv_open_device(" + name + ")", IbVerbs.ibv_open_device(device));
                    return new DeviceContext(context, name);
                }
            }
            if (names.isEmpty()) {
                throw new RdmaUnavailableException(noDeviceMessage());
            }
            throw new RdmaUnavailableException("RDMA device '" + deviceName + "' not found; devices here: "
                    + String.join(", ", names));
        });
    }

    /** What is done with the devices while their list is held (a device is valid only until it is freed). */
    private interface DeviceListUse<T> {
        T apply(List<Pointer> devices) throws RdmaUnavailableException, VerbsException;
    }

    private static <T> T withDevices(DeviceListUse<T> use) throws RdmaUnavailableException, VerbsException {
        NativeVerbs.ensureAvailable();
        int[] count = new int[1];
        Pointer list = deviceList(count);
        try {
            List<Pointer> devices = new ArrayList<>(count[0]);
            for (int i = 0; i < count[0]; i++) {
                devices.add(list.getPointer((long) i * Native.POINTER_SIZE));
            }
            return use.apply(devices);
        } finally {
            IbVerbs.ibv_free_device_list(list);
        }
    }

    private static Pointer deviceList(int[] count) throws RdmaUnavailableException, VerbsException {
        Pointer list = IbVerbs.ibv_get_device_list(count);
        if (list == null) {
            int errno = Native.getLastError();
            if (errno == Errno.ENOSYS) {
                throw new RdmaUnavailableException(noDeviceMessage());
            }
            throw VerbsException.ofErrno("ibv_get_device_list", errno);
        }
        return list;
    }

    private static String noDeviceMessage() {
        return "no RDMA device found (no InfiniBand/RoCE adapter, or its driver is not loaded; "
                + "without hardware, try Soft-RoCE: rdma link add rxe0 type rxe netdev IFACE)";
    }

    public String name() {
        return name;
    }

    public int portCount() throws VerbsException {
        int count = RdcpShim.rdcp_port_count(handle());
        checkShim("ibv_query_device(" + name + ")", count);
        return count;
    }

    public PortAttributes queryPort(int portNumber) throws VerbsException, RdmaUnavailableException {
        int ports = portCount();
        if (portNumber < 1 || portNumber > ports) {
            throw new RdmaUnavailableException(name + " has no port " + portNumber + " (ports: 1"
                    + (ports > 1 ? "-" + ports : "") + ")");
        }
        int[] fields = new int[rdcp_port_fields.COUNT];
        int rc = RdcpShim.rdcp_query_port(handle(), (byte) portNumber, fields);
        checkShim("ibv_query_port(" + name + ", " + portNumber + ")", rc);
        return new PortAttributes(portNumber, PortState.ofCode(fields[rdcp_port_fields.STATE]),
                LinkLayer.ofCode(fields[rdcp_port_fields.LINK_LAYER]), Mtu.ofCode(fields[rdcp_port_fields.ACTIVE_MTU]),
                Mtu.ofCode(fields[rdcp_port_fields.MAX_MTU]), fields[rdcp_port_fields.LID],
                fields[rdcp_port_fields.GID_TABLE_LENGTH]);
    }

    /** The valid GIDs of one port, by index. */
    public List<GidEntry> gids(int portNumber) throws VerbsException, RdmaUnavailableException {
        queryPort(portNumber);
        // The table call returns every port's entries and fails if they do not all fit.
        int capacity = 0;
        for (int port = 1; port <= portCount(); port++) {
            capacity += queryPort(port).gidTableLength();
        }
        List<GidEntry> entries = new ArrayList<>();
        if (capacity == 0) {
            return entries;
        }
        int entrySize = new ibv_gid_entry().size();
        try (Memory table = new Memory((long) capacity * entrySize)) {
            int count = RdcpShim.rdcp_query_gid_table(handle(), table, capacity);
            checkShim("ibv_query_gid_table(" + name + ")", count);
            for (int i = 0; i < count; i++) {
                ibv_gid_entry entry = new ibv_gid_entry(table.share((long) i * entrySize));
                if (entry.port_num == portNumber) {
                    entries.add(new GidEntry(entry.gid_index, Gid.of(entry.gid.raw), GidType.ofCode(entry.gid_type)));
                }
            }
        }
        entries.sort((a, b) -> Integer.compare(a.index(), b.index()));
        return entries;
    }

    public ProtectionDomain allocateProtectionDomain() throws VerbsException {
        return new ProtectionDomain(checkCreated("ibv_alloc_pd", IbVerbs.ibv_alloc_pd(handle())));
    }

    public CompletionChannel createCompletionChannel() throws VerbsException {
        return new CompletionChannel(checkCreated("ibv_create_comp_channel", IbVerbs.ibv_create_comp_channel(handle())));
    }

    /** A completion queue of at least {@code depth} entries; with a channel it can also wait for events. */
    public CompletionQueue createCompletionQueue(int depth, CompletionChannel channel) throws VerbsException {
        if (channel == null) {
            return new CompletionQueue(checkCreated("ibv_create_cq", IbVerbs.ibv_create_cq(handle(), depth, null, null, 0)),
                    null);
        }
        // The tag as cq_context: the channel's events say which CQ fired.
        Pointer tag = new Pointer(channel.nextTag());
        Pointer cq = IbVerbs.ibv_create_cq(handle(), depth, tag, channel.handle(), 0);
        CompletionQueue queue = new CompletionQueue(checkCreated("ibv_create_cq", cq), channel);
        channel.attach(queue);
        return queue;
    }

    @Override
    int destroy(Pointer h) {
        return IbVerbs.ibv_close_device(h);
    }
}

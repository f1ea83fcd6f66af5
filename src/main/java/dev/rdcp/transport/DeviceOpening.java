package dev.rdcp.transport;

import dev.rdcp.verbs.RdmaUnavailableException;
import java.io.IOException;
import java.io.InterruptedIOException;

/**
 * A session's {@link RdmaDevice}, opened on a thread of its own as soon as the session starts, so
 * that loading libibverbs and opening the device overlap the TCP handshake instead of following
 * it; the session asks whether RDMA is usable only when its request must say so, and takes the
 * device once both sides agreed on RDMA. The device is opened once per session: this answer and
 * the connection come from the same open.
 *
 * <p>Owns the device until {@link #take} hands it over; {@link #close} waits for the opening to
 * end and closes a device nobody took. Used by one session thread.
 */
public final class DeviceOpening implements AutoCloseable {

    private static final DeviceOpening NONE = new DeviceOpening();

    /** Null for {@link #none()}. */
    private final Thread opener;
    // Written by the opener before it ends; read only after join(), which orders the two.
    private RdmaDevice device;
    private Throwable failure;
    private boolean taken;

    private DeviceOpening() {
        this.opener = null;
    }

    private DeviceOpening(RdmaSettings settings) {
        this.opener = new Thread(() -> {
            try {
                device = RdmaDevice.open(settings);
            } catch (Throwable t) {
                failure = t;
            }
        }, "rdcp-device-open");
        opener.setDaemon(true);
    }

    /** Starts opening the device {@code settings} name. */
    public static DeviceOpening start(RdmaSettings settings) {
        DeviceOpening opening = new DeviceOpening(settings);
        opening.opener.start();
        return opening;
    }

    /** Nothing opened: the session runs over TCP whatever happens. */
    public static DeviceOpening none() {
        return NONE;
    }

    /**
     * Waits for the opening to end; null when the device is usable, else why not (no device, port
     * not active, no usable GID, no libibverbs). Any other failure to open it is thrown.
     */
    public String unavailableReason() throws IOException {
        awaitOpened();
        if (failure instanceof RdmaUnavailableException e) {
            return e.getMessage();
        }
        ThreadFailure.rethrow(failure);
        return null;
    }

    /** Hands the opened device over: the caller owns it from here. */
    public RdmaDevice take() throws IOException {
        awaitOpened();
        if (taken) {
            throw new IllegalStateException("the session's RDMA device was already taken");
        }
        ThreadFailure.rethrow(failure);
        taken = true;
        return device;
    }

    private void awaitOpened() throws InterruptedIOException {
        if (opener == null) {
            throw new IllegalStateException("no RDMA device is being opened for this session (TCP was asked for)");
        }
        try {
            opener.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while opening the RDMA device");
        }
    }

    /** Waits for the opening, then closes the device unless it was taken. */
    @Override
    public void close() throws IOException {
        if (opener == null) {
            return;
        }
        boolean interrupted = false;
        while (opener.isAlive()) {
            try {
                opener.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (!taken && device != null) {
            taken = true;
            device.close();
        }
    }
}

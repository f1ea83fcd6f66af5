package dev.rdcp.session;

import dev.rdcp.protocol.PeerText;
import dev.rdcp.transfer.TransferListener;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.MarkerManager;

/**
 * rsyncd.conf's {@code transfer logging}: one line per file a module's session moved or deleted,
 * in rsync's default {@code log format} "%o %h [%a] %m (%u) %f %l": the operation (send, recv,
 * del.), the host name, which is rsync's "UNDETERMINED" since rdcp looks up no names, the
 * address, the module, the user, always empty (rdcp's secrets have no user name), the file's
 * name as the session knows it, and its length (0 for a deletion).
 */
public final class TransferLog implements TransferListener {

    /** The logger these lines go to, at INFO: the daemon turns it on when a module logs transfers. */
    public static final String LOGGER = "dev.rdcp.session.TransferLog";
    /** Marks the lines, so that a log file can write them without level and logger, as rsync's. */
    public static final Marker MARKER = MarkerManager.getMarker("TRANSFER");
    private static final Logger LOG = LogManager.getLogger(LOGGER);
    /** rsync's host name when it does no reverse lookup. */
    private static final String UNDETERMINED = "UNDETERMINED";

    private final String operation;
    private final String address;
    private final String module;
    private long currentSize;

    /** @param sending whether the daemon sends (a pull) rather than receives (a push) */
    TransferLog(boolean sending, InetAddress peer, String module) {
        this.operation = sending ? "send" : "recv";
        this.address = peer == null ? UNDETERMINED : peer.getHostAddress();
        this.module = module;
    }

    @Override
    public void fileStarted(String name, long size) {
        currentSize = size;
    }

    @Override
    public void fileDone(String name, long bytes) {
        line(operation, name, currentSize);
    }

    @Override
    public void deleted(byte[] name) {
        String text = new String(name, StandardCharsets.UTF_8);
        // rsync's %f has no trailing slash, a directory's included.
        line("del.", text.endsWith("/") ? text.substring(0, text.length() - 1) : text, 0);
    }

    private void line(String op, String name, long length) {
        LOG.info(MARKER, "{} {} [{}] {} () {} {}", op, UNDETERMINED, address, module, PeerText.printable(name), length);
    }
}

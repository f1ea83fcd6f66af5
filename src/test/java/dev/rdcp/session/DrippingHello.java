package dev.rdcp.session;

import dev.rdcp.protocol.Hello;
import dev.rdcp.protocol.MessageType;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;

/**
 * A peer that sends a valid HELLO one byte at a time, slowly enough never to trip a per-read
 * timeout: only a deadline on the whole setup drops it. The pause between bytes is the stimulus
 * under test, not a wait for an event.
 */
final class DrippingHello {

    private DrippingHello() {
    }

    /** The HELLO's length: it must outlast the deadline at {@code millisPerByte}. */
    static int length() {
        return 5 + Hello.SIZE;
    }

    /** Starts dripping into {@code socket} on a daemon thread, until the other side closes. */
    static Thread start(Socket socket, long millisPerByte) {
        ByteBuffer hello = ByteBuffer.allocate(length());
        hello.put((byte) MessageType.HELLO.code()).putInt(Hello.SIZE);
        Hello.current().encode(hello);
        Thread drip = new Thread(() -> {
            try {
                for (byte b : hello.array()) {
                    socket.getOutputStream().write(b);
                    Thread.sleep(millisPerByte);
                }
            } catch (IOException | InterruptedException e) {
                // The other side closed the connection: what the tests wait for.
            }
        }, "dripping-hello");
        drip.setDaemon(true);
        drip.start();
        return drip;
    }
}

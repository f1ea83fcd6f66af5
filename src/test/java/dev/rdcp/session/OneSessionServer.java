package dev.rdcp.session;

import dev.rdcp.transport.BootstrapChannel;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/** A {@link ServerSession} serving one client on a loopback port, in a thread of its own. */
final class OneSessionServer implements AutoCloseable {

    private final ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    private final Thread thread;
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private final AtomicInteger setupsDone = new AtomicInteger();

    OneSessionServer(ServerSession session) throws IOException {
        thread = new Thread(() -> {
            try (BootstrapChannel channel = new BootstrapChannel(listener.accept(), Duration.ofSeconds(10))) {
                session.serve(channel, new ServerSession.SetupGuard() {
                    @Override
                    public boolean answerPasses(BooleanSupplier check) {
                        return check.getAsBoolean();
                    }

                    @Override
                    public DirectMemoryBudget.Reservation reserveMemory(long bytes) {
                        return DirectMemoryBudget.Reservation.NONE;
                    }

                    @Override
                    public void setupDone() {
                        setupsDone.incrementAndGet();
                    }
                });
            } catch (Exception e) {
                failure.set(e);
            }
        });
        thread.start();
    }

    /** A client's bootstrap channel to the server. */
    BootstrapChannel connect() throws IOException {
        return new BootstrapChannel(new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort()),
                Duration.ofSeconds(10));
    }

    /** Waits for the session to end; returns how it failed, or null. */
    Exception awaitEnd() throws InterruptedException {
        thread.join();
        return failure.get();
    }

    int setupsDone() {
        return setupsDone.get();
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}

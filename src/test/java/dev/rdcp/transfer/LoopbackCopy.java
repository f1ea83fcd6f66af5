package dev.rdcp.transfer;

import dev.rdcp.transport.LoopbackTransport;
import dev.rdcp.transport.Transport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Runs a FileSender against a FileReceiver over a {@link LoopbackTransport} pair (or two given
 * ends), each on its own thread, the way a session runs them: run, disconnect, release.
 */
final class LoopbackCopy {

    /** How each side ended: its tally, and the exception it ended with, if any. */
    record Outcome(TransferReport senderReport, Throwable senderError, TransferReport receiverReport,
            Throwable receiverError) {
    }

    private static final long RECEIVER_TIMEOUT_SECONDS = 5;

    private LoopbackCopy() {
    }

    static Outcome run(List<SourceOperand> sources, Path target, boolean directory, TransferOptions options)
            throws Exception {
        return run(sources, target, directory, options, 5, (sender, receiver) -> { });
    }

    interface Faults {
        void inject(LoopbackTransport sender, LoopbackTransport receiver);
    }

    static Outcome run(List<SourceOperand> sources, Path target, boolean directory, TransferOptions options,
            long timeoutSeconds, Faults faults) throws Exception {
        return run(sources, target, directory, options, timeoutSeconds, faults, new TransferListener() { });
    }

    /** {@code senderEvents} hears what the sender does as it does it (a test can act on the source then). */
    static Outcome run(List<SourceOperand> sources, Path target, boolean directory, TransferOptions options,
            long timeoutSeconds, Faults faults, TransferListener senderEvents) throws Exception {
        return run(sources, target, directory, options, timeoutSeconds, faults, senderEvents, null);
    }

    /** As above, the sender a server's that serves {@code sourceRoot} (null: a client's). */
    static Outcome run(List<SourceOperand> sources, Path target, boolean directory, TransferOptions options,
            long timeoutSeconds, Faults faults, TransferListener senderEvents, Path sourceRoot) throws Exception {
        // A test of the sender's timeout must not be ended by the receiver's own (a sender slow to
        // start, on a loaded machine, would time the receiver out first).
        LoopbackTransport[] ends = LoopbackTransport.pair(timeoutSeconds, Math.max(timeoutSeconds, RECEIVER_TIMEOUT_SECONDS));
        faults.inject(ends[0], ends[1]);
        return run(ends[0], ends[1], sources, Destination.of(target, directory, null), options, senderEvents,
                sourceRoot);
    }

    /** As above, over two connected ends of any transport: a test's own, or a real one. */
    static Outcome run(Transport senderEnd, Transport receiverEnd, List<SourceOperand> sources, Destination destination,
            TransferOptions options, TransferListener senderEvents, Path sourceRoot) throws Exception {
        TransferReport sent = new TransferReport();
        TransferReport received = new TransferReport();
        CompletableFuture<Void> sender = CompletableFuture.runAsync(unchecked(() -> {
            try (Transport transport = senderEnd;
                    FileSender role = FileSender.create(transport, options, new FanOutListener(sent, senderEvents), sources,
                            sourceRoot)) {
                try {
                    role.run();
                } finally {
                    transport.disconnect();
                }
            }
        }), LoopbackCopy::thread);
        CompletableFuture<Void> receiver = CompletableFuture.runAsync(unchecked(() -> {
            try (destination; Transport transport = receiverEnd;
                    FileReceiver role = FileReceiver.create(transport, destination, options, received)) {
                try {
                    role.run();
                } finally {
                    transport.disconnect();
                }
            }
        }), LoopbackCopy::thread);
        Throwable senderError = failure(sender);
        Throwable receiverError = failure(receiver);
        sent.finish();
        received.finish();
        return new Outcome(sent, senderError, received, receiverError);
    }

    private interface Body {
        void run() throws IOException;
    }

    private static Runnable unchecked(Body body) {
        return () -> {
            try {
                body.run();
            } catch (IOException e) {
                throw new SideFailed(e);
            }
        };
    }

    private static final class SideFailed extends RuntimeException {
        SideFailed(IOException cause) {
            super(cause);
        }
    }

    private static void thread(Runnable task) {
        Thread thread = new Thread(task, "loopback-role");
        thread.setDaemon(true);
        thread.start();
    }

    private static Throwable failure(CompletableFuture<Void> side) throws InterruptedException {
        try {
            side.get();
            return null;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return cause instanceof SideFailed ? cause.getCause() : cause;
        }
    }
}

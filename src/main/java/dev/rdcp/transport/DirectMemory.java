package dev.rdcp.transport;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Page-aligned direct memory that is freed when its owner closes it, not whenever a garbage
 * collection happens to find it. A daemon allocates megabytes of staging and pool per session
 * while its heap sees so little of a session that collections, and with them the freeing of
 * ordinary direct buffers, can be hundreds of sessions apart: memory any client could make it
 * hold. Close it only once nothing can touch it (no queue pair, no reader thread): a use after
 * close is a crash. The transports own what they register; a role owns its scratch buffers.
 */
public final class DirectMemory implements AutoCloseable {

    static final int PAGE = 4096;

    /** sun.misc.Unsafe.invokeCleaner bound to the instance; null where the JVM has no jdk.unsupported. */
    private static final MethodHandle FREE = freeHandle();
    /** Memory whose owner could not confirm that nothing touches it any more: never freed. */
    private static final List<ByteBuffer> KEPT = new ArrayList<>();

    /** Blocks allocated and neither freed nor kept: what tests check returns to where it was. */
    private static final AtomicLong OUTSTANDING = new AtomicLong();

    private ByteBuffer allocation;
    private final ByteBuffer aligned;

    private DirectMemory(ByteBuffer allocation, ByteBuffer aligned) {
        this.allocation = allocation;
        this.aligned = aligned;
    }

    /**
     * {@code bytes} of zeroed memory starting on a page boundary, as DMA likes it. When the JVM's
     * direct memory is used up (its limit is the heap's maximum unless -XX:MaxDirectMemorySize
     * says otherwise), this throws an IOException that fails one session, rather than an Error
     * that its setup would not clean up after.
     */
    public static DirectMemory allocate(int bytes) throws IOException {
        if (bytes < 0 || bytes > Integer.MAX_VALUE - 2 * PAGE) {
            throw new IllegalArgumentException("cannot allocate " + bytes + " bytes of direct memory");
        }
        // An aligned slice starts and ends on a page boundary, so whole pages plus one to shift by.
        int wholePages = (bytes + PAGE - 1) & -PAGE;
        ByteBuffer allocation;
        try {
            allocation = ByteBuffer.allocateDirect(wholePages + PAGE);
        } catch (OutOfMemoryError e) {
            throw new IOException("out of memory for " + bytes + " bytes of buffers: " + e.getMessage());
        }
        OUTSTANDING.incrementAndGet();
        return new DirectMemory(allocation, allocation.alignedSlice(PAGE).slice(0, bytes));
    }

    /**
     * As {@link #allocate(int)}, added to {@code owner} at once, so an owner that fails later in
     * its construction still frees it with the rest.
     */
    public static DirectMemory allocate(int bytes, List<DirectMemory> owner) throws IOException {
        DirectMemory allocated = allocate(bytes);
        owner.add(allocated);
        return allocated;
    }

    /**
     * How many blocks are allocated and not yet freed or kept for good: back where it was once
     * every owner that allocated since has closed.
     */
    public static long outstanding() {
        return OUTSTANDING.get();
    }

    /** How many blocks are kept for the life of the process, after teardowns that could not confirm their end. */
    public static int kept() {
        synchronized (KEPT) {
            return KEPT.size();
        }
    }

    /** The memory, position 0 and limit its size; not to be touched after {@link #close}. */
    public ByteBuffer buffer() {
        return aligned;
    }

    /**
     * For a teardown that failed part way: the memory may still be registered or read into, so it
     * is kept for the life of the process instead of being freed, now or by a collection.
     */
    private void keepForever() {
        if (allocation != null) {
            synchronized (KEPT) {
                KEPT.add(allocation);
            }
            allocation = null;
            OUTSTANDING.decrementAndGet();
        }
    }

    /**
     * Empties {@code memory}, freeing each if {@code untouchable} (its owner confirmed that nothing
     * can read or write it any more), else keeping it for the life of the process.
     */
    static void release(List<DirectMemory> memory, boolean untouchable) {
        for (DirectMemory allocated : memory) {
            if (untouchable) {
                allocated.close();
            } else {
                allocated.keepForever();
            }
        }
        memory.clear();
    }

    /** Frees the memory; idempotent. */
    @Override
    public void close() {
        ByteBuffer freeing = allocation;
        if (freeing == null) {
            return;
        }
        allocation = null;
        OUTSTANDING.decrementAndGet();
        if (FREE != null) {
            try {
                FREE.invokeExact(freeing);
            } catch (Throwable e) {
                throw new IllegalStateException("freeing direct memory failed", e);
            }
        }
    }

    private static MethodHandle freeHandle() {
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field instance = unsafeClass.getDeclaredField("theUnsafe");
            instance.setAccessible(true);
            return MethodHandles.lookup()
                    .findVirtual(unsafeClass, "invokeCleaner", MethodType.methodType(void.class, ByteBuffer.class))
                    .bindTo(instance.get(null));
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Without jdk.unsupported the memory goes with the next collection, as any direct buffer's.
            return null;
        }
    }
}

package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.ReadOnlyFile;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;

/**
 * rsync's decision whether a listed file needs sending: by default its quick check (same size and
 * modification time means up to date); --checksum compares content, --size-only the size alone;
 * --ignore-existing skips any file already there; --update skips files newer on the receiver.
 */
final class UpdateCheck {

    /**
     * @param attributes the receiver's file's status, or null when there is none
     * @param same the receiver's file passed the check (not merely kept by --ignore-existing or -u)
     */
    record Verdict(boolean upToDate, FileStatus attributes, boolean same) {
        /** Nothing there: the file is new. */
        static final Verdict NOTHING_THERE = new Verdict(false, null, false);
    }

    /** A directory stands where the file would go: the generator may clear it ({@link ReceiverTree#makeWay}). */
    static final class DirectoryInTheWay extends RdcpException {
        private static final long serialVersionUID = 1L;

        DirectoryInTheWay() {
            super(ExitCode.PARTIAL, "cannot overwrite a directory with a file");
        }
    }


    private final boolean checksum;
    private final boolean sizeOnly;
    private final boolean ignoreTimes;
    private final boolean ignoreExisting;
    private final boolean update;
    private final TimeWindow window;
    /** --fake-super: a file here is seen as its stored value says. */
    private final FakeSuper fakeSuper;

    private final Heartbeat heartbeat;
    /** --checksum: what each file is read through for its MD5, allocated at the first; one per session. */
    private final ScratchBuffer md5Buffer = new ScratchBuffer(ContentMd5.BUFFER);

    UpdateCheck(TransferOptions options, Heartbeat heartbeat) {
        this.heartbeat = heartbeat;
        this.checksum = options.has(SessionRequest.CHECKSUM);
        this.sizeOnly = options.has(SessionRequest.SIZE_ONLY);
        this.ignoreTimes = options.has(SessionRequest.IGNORE_TIMES);
        this.ignoreExisting = options.has(SessionRequest.IGNORE_EXISTING);
        this.update = options.has(SessionRequest.UPDATE);
        this.window = new TimeWindow(options.receiver().modifyWindow());
        this.fakeSuper = FakeSuper.of(options);
    }

    /** For entry {@code name}, beneath the destination's directory (in a dry run maybe not there yet). */
    Verdict examine(Entry entry, Destination destination, byte[] name) throws IOException {
        FileStatus existing;
        DirectoryHandle base;
        try {
            base = destination.base();
            existing = fakeSuper.seen(base, name, base.status(name));
        } catch (NoSuchFileException e) {
            return Verdict.NOTHING_THERE;
        }
        int type = FileModes.type(existing.mode());
        if (ignoreExisting) {
            // Whatever is there stays, untouched, its metadata too (as rsync); a symlink's status is
            // not even offered, so that nothing could be applied through it.
            return new Verdict(true, type == FileModes.S_IFREG ? existing : null, false);
        }
        if (type == FileModes.S_IFDIR) {
            throw new DirectoryInTheWay();
        }
        if (update && type == FileModes.S_IFREG && window.compare(existing.mtimeSeconds(), existing.mtimeNanos(),
                entry.mtimeSeconds(), entry.mtimeNanos()) > 0) {
            return new Verdict(true, existing, false);
        }
        if (type != FileModes.S_IFREG) {
            return new Verdict(false, existing, false);
        }
        boolean same = quickCheck(entry, base, name, existing);
        return new Verdict(same, existing, same);
    }

    /** rsync's quick check of regular file {@code name} beneath {@code base}, whose lstat is {@code existing}. */
    boolean quickCheck(Entry entry, DirectoryHandle base, byte[] name, FileStatus existing) {
        if (existing.size() != entry.size()) {
            return false;
        }
        if (sizeOnly) {
            return true;
        }
        if (checksum) {
            return entry.extra().length > 0 && Arrays.equals(entry.extra(), md5(base, name));
        }
        // As rsync: --size-only and --checksum decide before -I, which sends what the time would skip.
        return !ignoreTimes && window.same(existing.mtimeSeconds(), existing.mtimeNanos(), entry.mtimeSeconds(),
                entry.mtimeNanos());
    }

    private byte[] md5(DirectoryHandle base, byte[] name) {
        try (ReadOnlyFile file = ReadOnlyFile.of(base.openRead(name))) {
            return ContentMd5.md5(file, md5Buffer.get(), heartbeat);
        } catch (IOException e) {
            return new byte[0];
        }
    }

    /** Frees the MD5 buffer, if one was needed. */
    void close() {
        md5Buffer.close();
    }
}

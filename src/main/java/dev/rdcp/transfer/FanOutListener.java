package dev.rdcp.transfer;

import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.protocol.ReceiverCounts;

/** Passes every event to several listeners, in order: the tally, the display, the log. */
final class FanOutListener implements TransferListener {

    private final TransferListener[] listeners;

    FanOutListener(TransferListener... listeners) {
        this.listeners = listeners.clone();
    }

    @Override
    public void transportChosen(String transport, String fallbackReason) {
        for (TransferListener listener : listeners) {
            listener.transportChosen(transport, fallbackReason);
        }
    }

    @Override
    public void listed(String name, EntryType type, long size) {
        for (TransferListener l : listeners) {
            l.listed(name, type, size);
        }
    }

    @Override
    public void itemized(ItemizedChange change) {
        for (TransferListener l : listeners) {
            l.itemized(change);
        }
    }

    @Override
    public void upToDate(String name) {
        for (TransferListener l : listeners) {
            l.upToDate(name);
        }
    }

    @Override
    public void receiverCounts(ReceiverCounts counts) {
        for (TransferListener l : listeners) {
            l.receiverCounts(counts);
        }
    }

    @Override
    public void listMessage(int bytes) {
        for (TransferListener l : listeners) {
            l.listMessage(bytes);
        }
    }

    @Override
    public void deleted(byte[] name) {
        for (TransferListener l : listeners) {
            l.deleted(name);
        }
    }

    @Override
    public void backedUp(byte[] name, byte[] backupName) {
        for (TransferListener l : listeners) {
            l.backedUp(name, backupName);
        }
    }

    @Override
    public void fileStarted(String name, long size) {
        for (TransferListener l : listeners) {
            l.fileStarted(name, size);
        }
    }

    @Override
    public void fileSkipped(String name) {
        for (TransferListener l : listeners) {
            l.fileSkipped(name);
        }
    }

    @Override
    public void progress(long done) {
        for (TransferListener l : listeners) {
            l.progress(done);
        }
    }

    @Override
    public void fileDone(String name, long bytes) {
        for (TransferListener l : listeners) {
            l.fileDone(name, bytes);
        }
    }

    @Override
    public void sentFileFailed(long bytes) {
        for (TransferListener l : listeners) {
            l.sentFileFailed(bytes);
        }
    }

    @Override
    public void fileFailed(int exitCode, String message) {
        for (TransferListener l : listeners) {
            l.fileFailed(exitCode, message);
        }
    }

    @Override
    public void traffic(long bytesSent, long bytesReceived) {
        for (TransferListener l : listeners) {
            l.traffic(bytesSent, bytesReceived);
        }
    }
}

package dev.rdcp.cli;

import dev.rdcp.transfer.TransferListener;
import java.io.PrintWriter;

/** -v without --progress: each file's name as it starts, and each deletion, as rsync -v prints them. */
final class NameLister implements TransferListener {

    private final PrintWriter out;

    NameLister(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void fileStarted(String name, long size) {
        out.println(name);
        out.flush();
    }

    @Override
    public void deleted(String name) {
        out.println("deleting " + name);
        out.flush();
    }
}

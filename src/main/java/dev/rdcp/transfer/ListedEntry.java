package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import java.nio.file.Path;

/** An entry of the sender's file list and the local file it stands for (null for list markers). */
record ListedEntry(Entry entry, Path path) {
}

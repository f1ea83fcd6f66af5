package dev.rdcp.transfer;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.filter.FilterScope;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.Xattrs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which extended attributes -X and -A carry, by rsync's rules on Linux: the sender reads every
 * namespace it can list but {@code system.}; a receiver running as root manages the same, any
 * other {@code user.} alone (the only one an ordinary user may set); and {@code system.} never
 * travels but for the POSIX ACLs with -A ({@code system.posix_acl_access}, and a directory's
 * {@code system.posix_acl_default}). On the receiver the attributes it manages are made equal to
 * the sender's: missing ones set, different ones replaced, extra ones removed. A name the 'x'
 * filter rules exclude on a side is neither read by the sender nor set or removed by the
 * receiver, as in rsync (which then drops its own namespace choice; rdcp keeps both). rsync's
 * own {@code user.rsync.%} attributes never travel (rsync sends them only with -XX, which rdcp
 * does not take), so -X neither copies a --fake-super tree's stored values nor touches a
 * receiver's.
 */
final class XattrSync {

    /** What differs between a file here and the sender's set: its ACLs, and its other attributes. */
    record Change(boolean acls, boolean others) {
        static final Change NONE = new Change(false, false);

        boolean any() {
            return acls || others;
        }
    }

    private static final byte[] SYSTEM = ascii("system.");
    private static final byte[] USER = ascii("user.");
    private static final byte[] ACL_ACCESS = ascii("system.posix_acl_access");
    private static final byte[] ACL_DEFAULT = ascii("system.posix_acl_default");
    private static final byte[] CAPABILITY = ascii("security.capability");
    /** rsync's own attributes: --fake-super's {@code user.rsync.%stat} and its ACL stores. */
    private static final byte[] RSYNC_OWN = ascii("user.rsync.%");

    private final boolean xattrs;
    private final boolean acls;
    /** This side's view of the filter rules, whose 'x' rules leave attribute names out. */
    private final FilterScope filters;
    private final boolean root;
    /** For symlinks: Linux keeps no ACLs on them and refuses {@code user.} there, so neither is managed. */
    private final boolean symlinks;

    /** The sender's: every namespace but {@code system.}, whoever runs it (rsync's sender filters none). */
    static XattrSync forSender(TransferOptions options) {
        return new XattrSync(options.has(SessionRequest.XATTRS), options.has(SessionRequest.ACLS),
                options.filters().scope(FilterRules.Side.SENDER), true, false);
    }

    /** A receiver's, as root or not. */
    XattrSync(TransferOptions options, boolean root) {
        this(options.has(SessionRequest.XATTRS), options.has(SessionRequest.ACLS),
                options.filters().scope(FilterRules.Side.RECEIVER), root, false);
    }

    private XattrSync(boolean xattrs, boolean acls, FilterScope filters, boolean root, boolean symlinks) {
        this.xattrs = xattrs;
        this.acls = acls;
        this.filters = filters;
        this.root = root;
        this.symlinks = symlinks;
    }

    /** The receiver's rules for a symlink: what Linux lets it set there (as root, trusted. and security.). */
    XattrSync forSymlinks() {
        return new XattrSync(xattrs, false, filters, root, true);
    }

    /** Whether entries carry attributes in this session. */
    boolean enabled() {
        return xattrs || acls;
    }

    /**
     * Whether this side reads, or manages, the attribute {@code name}. Never {@code
     * security.capability}: a file capability is privilege, as the set-user-ID bits are, which
     * rdcp does not carry either (rsync as root would). Never rsync's own {@code user.rsync.%}
     * names.
     */
    boolean carries(byte[] name) {
        if (startsWith(name, RSYNC_OWN)) {
            return false;
        }
        if (filters.excludesXattr(new String(name, StandardCharsets.UTF_8))) {
            return false;
        }
        if (isAcl(name)) {
            return acls;
        }
        if (symlinks && startsWith(name, USER)) {
            return false;
        }
        return xattrs && !Arrays.equals(name, CAPABILITY)
                && (root ? hasNamespace(name) && !startsWith(name, SYSTEM) : startsWith(name, USER));
    }

    /** "namespace.rest": a name Linux could list (a peer's "user" alone it could not set). */
    private static boolean hasNamespace(byte[] name) {
        for (int i = 1; i < name.length - 1; i++) {
            if (name[i] == '.') {
                return true;
            }
        }
        return false;
    }

    static boolean isAcl(byte[] name) {
        return Arrays.equals(name, ACL_ACCESS) || Arrays.equals(name, ACL_DEFAULT);
    }

    /** The attributes this side carries of the open file {@code node}. */
    Xattrs read(FileHandle node) throws IOException {
        List<Xattrs.Xattr> found = new ArrayList<>();
        for (byte[] name : node.xattrNames()) {
            if (carries(name)) {
                byte[] value = node.xattr(name);
                if (value != null) {
                    found.add(new Xattrs.Xattr(name, value));
                }
            }
        }
        return new Xattrs(found);
    }

    /** How the attributes this side manages of {@code node} differ from {@code wanted}. */
    Change compare(FileHandle node, Xattrs wanted) throws IOException {
        return compare(read(node), wanted);
    }

    private Change compare(Xattrs here, Xattrs wanted) {
        boolean aclsDiffer = false;
        boolean othersDiffer = false;
        for (Xattrs.Xattr attribute : wanted.attributes()) {
            if (carries(attribute.name()) && !Arrays.equals(attribute.value(), here.get(attribute.name()))) {
                aclsDiffer |= isAcl(attribute.name());
                othersDiffer |= !isAcl(attribute.name());
            }
        }
        for (Xattrs.Xattr attribute : here.attributes()) {
            if (wanted.get(attribute.name()) == null) {
                aclsDiffer |= isAcl(attribute.name());
                othersDiffer |= !isAcl(attribute.name());
            }
        }
        return new Change(aclsDiffer, othersDiffer);
    }

    /** Makes the attributes this side manages of {@code node} the sender's; returns what changed. */
    Change apply(FileHandle node, Xattrs wanted) throws IOException {
        Xattrs here = read(node);
        Change change = compare(here, wanted);
        if (!change.any()) {
            return change;
        }
        for (Xattrs.Xattr attribute : here.attributes()) {
            if (wanted.get(attribute.name()) == null) {
                node.removeXattr(attribute.name());
            }
        }
        for (Xattrs.Xattr attribute : wanted.attributes()) {
            if (carries(attribute.name()) && !Arrays.equals(attribute.value(), here.get(attribute.name()))) {
                node.setXattr(attribute.name(), attribute.value());
            }
        }
        return change;
    }

    private static boolean startsWith(byte[] name, byte[] prefix) {
        return name.length > prefix.length && Arrays.equals(name, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}

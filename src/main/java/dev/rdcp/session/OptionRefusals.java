package dev.rdcp.session;

import dev.rdcp.filter.NameWildcard;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.protocol.ReferenceDirectories;
import dev.rdcp.protocol.SessionRequest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * rsyncd.conf's {@code refuse options}: rsync's option names (long, without dashes, or the
 * one-letter short name), wildcards among them, each term later in the list overriding those
 * before it, {@code !name} taking an option back. As rsync's: refusing {@code delete} refuses
 * every option that implies --delete, and --remove-source-files where the daemon sends; naming
 * {@code a} or {@code archive} exactly stands for -rlptgoD; --dry-run is refused only by its own
 * name, never by a wildcard. Only options an rdcp client puts in its request can be seen, so only
 * those are refused: {@link #unseen} tells which terms refuse nothing.
 */
public final class OptionRefusals {

    /** One rsync option as the daemon sees it in a request, in the order rsync's client sends them. */
    /** What a --list-only pull sets to list, which its user did not ask for (ExtendedOptions.LIST_ONLY). */
    private static final long LISTING_MEANS = SessionRequest.LINKS | SessionRequest.DEVICES | SessionRequest.SPECIALS
            | SessionRequest.DRY_RUN | SessionRequest.ITEMIZE | SessionRequest.ITEMIZE_UNCHANGED;

    private record Option(String longName, String shortName, Predicate<SessionRequest> used) {

        /** As rsync's refusal line names it: "--checksum (-c)", "--delete", "-D". */
        String shown() {
            if (longName == null) {
                return "-" + shortName;
            }
            return "--" + longName + (shortName == null ? "" : " (-" + shortName + ")");
        }
    }

    private static final String DELETE = "delete";
    private static final String DRY_RUN = "dry-run";
    /** -a's options, which a term naming "a" or "archive" exactly refuses or takes back. */
    private static final Set<String> ARCHIVE = Set.of("recursive", "links", "perms", "times", "group", "owner", "D");
    private static final List<Option> OPTIONS = options();

    public static final OptionRefusals NONE = new OptionRefusals(Set.of(), List.of());

    /** The options refused, by their key (long name, or the short name of an option that has none). */
    private final Set<String> refused;
    private final List<String> unseen;

    private OptionRefusals(Set<String> refused, List<String> unseen) {
        this.refused = refused;
        this.unseen = unseen;
    }

    private static List<Option> options() {
        List<Option> all = new ArrayList<>();
        // rsync's client sends these letters first, in this order ("-logDtpr").
        all.add(flag("links", "l", SessionRequest.LINKS));
        all.add(flag("owner", "o", SessionRequest.OWNERS));
        all.add(flag("group", "g", SessionRequest.GROUPS));
        all.add(new Option(null, "D", r -> r.has(SessionRequest.DEVICES) && r.has(SessionRequest.SPECIALS)));
        all.add(flag("times", "t", SessionRequest.PRESERVE_TIMES));
        all.add(flag("perms", "p", SessionRequest.PRESERVE_PERMISSIONS));
        all.add(flag("recursive", "r", SessionRequest.RECURSIVE));
        all.add(new Option("devices", null, r -> r.has(SessionRequest.DEVICES) && !r.has(SessionRequest.SPECIALS)));
        all.add(new Option("specials", null, r -> r.has(SessionRequest.SPECIALS) && !r.has(SessionRequest.DEVICES)));
        all.add(flag("dirs", "d", SessionRequest.DIRS));
        all.add(flag("hard-links", "H", SessionRequest.HARD_LINKS));
        all.add(flag("checksum", "c", SessionRequest.CHECKSUM));
        all.add(flag("update", "u", SessionRequest.UPDATE));
        all.add(flag(DRY_RUN, "n", SessionRequest.DRY_RUN));
        all.add(flag("one-file-system", "x", SessionRequest.ONE_FILE_SYSTEM));
        all.add(flag("sparse", "S", SessionRequest.SPARSE));
        all.add(flag("xattrs", "X", SessionRequest.XATTRS));
        all.add(flag("acls", "A", SessionRequest.ACLS));
        all.add(flag("ignore-times", "I", SessionRequest.IGNORE_TIMES));
        all.add(flag("omit-dir-times", "O", SessionRequest.OMIT_DIR_TIMES));
        all.add(flag("omit-link-times", "J", SessionRequest.OMIT_LINK_TIMES));
        all.add(flag("executability", "E", SessionRequest.EXECUTABILITY));
        all.add(flag("copy-links", "L", SessionRequest.COPY_LINKS));
        all.add(flag("copy-dirlinks", "k", SessionRequest.COPY_DIRLINKS));
        all.add(flag("keep-dirlinks", "K", SessionRequest.KEEP_DIRLINKS));
        all.add(flag("prune-empty-dirs", "m", SessionRequest.PRUNE_EMPTY_DIRS));
        all.add(flag("backup", "b", SessionRequest.BACKUP));
        all.add(extended("atimes", "U", ExtendedOptions.ATIMES));
        all.add(new Option("temp-dir", "T", r -> r.receiver().extended().has(ExtendedOptions.TEMP_DIR)));
        all.add(new Option("modify-window", "@", r -> r.has(SessionRequest.MODIFY_WINDOW)));
        all.add(new Option(DELETE, null, r -> r.has(SessionRequest.DELETE) || r.has(SessionRequest.DELETE_EXCLUDED)));
        all.add(new Option("delete-before", null, r -> r.has(SessionRequest.DELETE)
                && r.receiver().extended().has(ExtendedOptions.DELETE_BEFORE)));
        all.add(new Option("delete-during", null, r -> r.has(SessionRequest.DELETE) && !r.has(SessionRequest.DELETE_AFTER)
                && !r.receiver().extended().has(ExtendedOptions.DELETE_BEFORE)));
        all.add(flag("delete-after", null, SessionRequest.DELETE_AFTER));
        all.add(flag("delete-excluded", null, SessionRequest.DELETE_EXCLUDED));
        all.add(flag("delete-missing-args", null, SessionRequest.DELETE_MISSING_ARGS));
        all.add(flag("remove-source-files", null, SessionRequest.REMOVE_SOURCE_FILES));
        all.add(flag("size-only", null, SessionRequest.SIZE_ONLY));
        all.add(flag("ignore-existing", null, SessionRequest.IGNORE_EXISTING));
        all.add(flag("existing", null, SessionRequest.EXISTING));
        all.add(flag("partial", null, SessionRequest.PARTIAL));
        all.add(flag("partial-dir", null, SessionRequest.PARTIAL_DIR));
        all.add(flag("delay-updates", null, SessionRequest.DELAY_UPDATES));
        all.add(flag("files-from", null, SessionRequest.FILES_FROM));
        all.add(flag("mkpath", null, SessionRequest.MKPATH));
        all.add(flag("inplace", null, SessionRequest.INPLACE));
        all.add(flag("append", null, SessionRequest.APPEND));
        all.add(flag("append-verify", null, SessionRequest.APPEND_VERIFY));
        all.add(flag("numeric-ids", null, SessionRequest.NUMERIC_IDS));
        all.add(flag("ignore-errors", null, SessionRequest.IGNORE_ERRORS));
        all.add(flag("ignore-missing-args", null, SessionRequest.IGNORE_MISSING_ARGS));
        all.add(flag("fsync", null, SessionRequest.FSYNC));
        all.add(flag("force", null, SessionRequest.FORCE));
        all.add(flag("preallocate", null, SessionRequest.PREALLOCATE));
        all.add(flag("safe-links", null, SessionRequest.SAFE_LINKS));
        all.add(flag("copy-unsafe-links", null, SessionRequest.COPY_UNSAFE_LINKS));
        all.add(flag("open-noatime", null, SessionRequest.OPEN_NOATIME));
        all.add(extended("no-implied-dirs", null, ExtendedOptions.NO_IMPLIED_DIRS));
        all.add(extended("super", null, ExtendedOptions.SUPER));
        all.add(extended("fake-super", null, ExtendedOptions.FAKE_SUPER));
        all.add(new Option("usermap", null, r -> !r.receiver().ownerMaps().usermap().isEmpty()));
        all.add(new Option("groupmap", null, r -> !r.receiver().ownerMaps().groupmap().isEmpty()));
        all.add(new Option("suffix", null, r -> !r.receiver().backup().suffix().isEmpty()));
        all.add(new Option("backup-dir", null, r -> !r.receiver().backup().directory().isEmpty()));
        for (ReferenceDirectories.Kind kind : ReferenceDirectories.Kind.values()) {
            if (kind != ReferenceDirectories.Kind.NONE) {
                all.add(new Option(kind.option().substring(2), null, r -> r.receiver().references().kind() == kind));
            }
        }
        all.add(new Option("min-size", null, r -> r.receiver().limits().minSize() > 0));
        all.add(new Option("max-size", null, r -> r.receiver().limits().maxSize() >= 0));
        all.add(new Option("max-delete", null, r -> r.receiver().limits().maxDelete() >= 0));
        all.add(new Option("bwlimit", null, r -> r.bandwidthLimit() > 0));
        return List.copyOf(all);
    }

    private static Option flag(String longName, String shortName, long flag) {
        return new Option(longName, shortName, r -> r.has(flag));
    }

    private static Option extended(String longName, String shortName, long flag) {
        return new Option(longName, shortName, r -> r.receiver().extended().has(flag));
    }

    private static String key(Option option) {
        return option.longName() != null ? option.longName() : option.shortName();
    }

    /**
     * Parses {@code text}, space-separated terms; throws IllegalArgumentException naming a
     * malformed wildcard.
     */
    public static OptionRefusals parse(String text) {
        Set<String> refused = new HashSet<>();
        List<String> unseen = new ArrayList<>();
        for (String term : text.strip().split("\\s+")) {
            if (term.isEmpty()) {
                continue;
            }
            boolean takeBack = term.startsWith("!");
            String name = takeBack ? term.substring(1) : term;
            boolean wild = name.chars().anyMatch(c -> c == '*' || c == '?' || c == '[');
            NameWildcard wildcard = wild ? new NameWildcard(name) : null;
            boolean archive = !wild && (name.equals("a") || name.equals("archive"));
            boolean matched = false;
            for (Option option : OPTIONS) {
                boolean matches = archive ? ARCHIVE.contains(key(option))
                        : wild ? !DRY_RUN.equals(option.longName()) && (matchesWild(wildcard, option.longName())
                                || matchesWild(wildcard, option.shortName()))
                        : name.equals(option.longName()) || name.equals(option.shortName());
                if (matches) {
                    matched = true;
                    if (takeBack) {
                        refused.remove(key(option));
                    } else {
                        refused.add(key(option));
                    }
                }
            }
            if (!matched) {
                unseen.add(term);
            }
        }
        return new OptionRefusals(Set.copyOf(refused), List.copyOf(unseen));
    }

    private static boolean matchesWild(NameWildcard wildcard, String name) {
        return name != null && wildcard.matches(name);
    }

    /** The terms that name no option an rdcp client puts in its request: they refuse nothing. */
    public List<String> unseen() {
        return unseen;
    }

    /**
     * The first option of {@code request} this module refuses, as rsync's refusal line names it
     * ("--checksum (-c)"), or null. {@code daemonSends}: a pull, where refusing delete also
     * refuses --remove-source-files.
     */
    public String refusedIn(SessionRequest request, boolean daemonSends) {
        if (refused.isEmpty()) {
            return null;
        }
        SessionRequest judged = daemonSends && request.receiver().extended().has(ExtendedOptions.LIST_ONLY)
                ? new SessionRequest(request.direction(), request.flags() & ~LISTING_MEANS, request.chunkSize(),
                        request.slots(), request.bandwidthLimit(), request.paths(), request.filterRules(),
                        request.receiver())
                : request;
        for (Option option : OPTIONS) {
            if (option.used().test(judged) && refused.contains(key(option))) {
                return option.shown();
            }
        }
        if (refused.contains(DELETE) && daemonSends && request.has(SessionRequest.REMOVE_SOURCE_FILES)) {
            return "--" + DELETE;
        }
        return null;
    }
}

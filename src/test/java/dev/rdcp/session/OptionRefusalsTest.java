package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.protocol.SessionRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** rsyncd.conf's refuse options by rsync's rules, each case as rsync 3.5's daemon answered it where rdcp can see it. */
class OptionRefusalsTest {

    private static final long ARCHIVE = SessionRequest.RECURSIVE | SessionRequest.LINKS | SessionRequest.PRESERVE_PERMISSIONS
            | SessionRequest.PRESERVE_TIMES | SessionRequest.GROUPS | SessionRequest.OWNERS | SessionRequest.DEVICES
            | SessionRequest.SPECIALS;

    private static SessionRequest push(long flags) {
        return new SessionRequest(SessionRequest.Direction.PUSH, flags, 1 << 20, 8, 0, List.of("m/"), List.of());
    }

    private static SessionRequest pull(long flags) {
        return new SessionRequest(SessionRequest.Direction.PULL, flags, 1 << 20, 8, 0, List.of("m/"), List.of());
    }

    private static String refused(String refusals, SessionRequest request) {
        return OptionRefusals.parse(refusals).refusedIn(request, request.direction() == SessionRequest.Direction.PULL);
    }

    @Test
    void longAndShortNamesRefuseTheirOption() {
        assertEquals("--checksum (-c)", refused("c delete", push(ARCHIVE | SessionRequest.CHECKSUM)));
        assertEquals("--checksum (-c)", refused("checksum", push(SessionRequest.CHECKSUM)));
        assertEquals("--size-only", refused("size-only", push(SessionRequest.SIZE_ONLY)));
        assertNull(refused("c delete", push(ARCHIVE)));
        assertNull(refused("", push(ARCHIVE)));
    }

    /** Refusing delete refuses what implies --delete, named as rsync names it, and a pull's --remove-source-files. */
    @Test
    void deleteRefusesEveryDeleteAndTheSendersRemoval() {
        assertEquals("--delete", refused("delete", push(SessionRequest.DELETE)));
        assertEquals("--delete", refused("delete", push(SessionRequest.DELETE | SessionRequest.DELETE_AFTER)));
        assertEquals("--delete", refused("delete", pull(SessionRequest.REMOVE_SOURCE_FILES)));
        assertNull(refused("delete", push(SessionRequest.REMOVE_SOURCE_FILES)), "a push's sender is the client");
        assertEquals("--delete-during", refused("delete-*", push(SessionRequest.DELETE)));
        assertNull(refused("delete-*", pull(SessionRequest.REMOVE_SOURCE_FILES)));
        assertEquals("--delete-after", refused("delete-after", push(SessionRequest.DELETE | SessionRequest.DELETE_AFTER)));
    }

    /**
     * A --list-only pull's links, devices, specials, dry run and itemizing are the listing's, not
     * its user's: rsync's --list-only sends none of them, and a module refusing them still lists
     * (review: exit 4, "refuse -D"). A push so marked, and any option the user gave, is judged whole.
     */
    @Test
    void aListingPullIsJudgedWithoutWhatTheListingSets() {
        long listing = SessionRequest.DRY_RUN | SessionRequest.ITEMIZE | SessionRequest.ITEMIZE_UNCHANGED
                | SessionRequest.LINKS | SessionRequest.DEVICES | SessionRequest.SPECIALS;
        ReceiverSettings listOnly = ReceiverSettings.NONE.withExtended(
                ExtendedOptions.NONE.with(ExtendedOptions.LIST_ONLY, true));
        SessionRequest listingPull = new SessionRequest(SessionRequest.Direction.PULL, listing, 1 << 20, 8, 0,
                List.of("m/"), List.of(), listOnly);
        assertNull(refused("D links dry-run", listingPull));
        assertEquals("-D", refused("D", pull(listing)), "without the flag, as before");
        assertEquals("--checksum (-c)", refused("c", new SessionRequest(SessionRequest.Direction.PULL,
                listing | SessionRequest.CHECKSUM, 1 << 20, 8, 0, List.of("m/"), List.of(), listOnly)));
        assertEquals("--links (-l)", refused("links", new SessionRequest(SessionRequest.Direction.PUSH, listing,
                1 << 20, 8, 0, List.of("m/"), List.of(), listOnly)));
    }

    /** "a" or "archive" named exactly stands for -rlptgoD; the first refused is the first rsync's client sends. */
    @Test
    void archiveNamedExactlyIsRlptgoD() {
        assertEquals("--links (-l)", refused("a", push(ARCHIVE)));
        assertEquals("--recursive (-r)", refused("archive", push(SessionRequest.RECURSIVE)));
        assertEquals("-D", refused("a", push(SessionRequest.DEVICES | SessionRequest.SPECIALS)));
        assertNull(refused("a* !archive", push(SessionRequest.RECURSIVE)), "a wildcard does not stand for -a's options");
    }

    /** Later terms win; "!" takes an option back; a wildcard never refuses --dry-run. */
    @Test
    void wildcardsAndExceptionsInOrder() {
        assertNull(refused("* !a !v !delete*", push(ARCHIVE | SessionRequest.DELETE)));
        assertEquals("--checksum (-c)", refused("* !a !v !delete*", push(ARCHIVE | SessionRequest.CHECKSUM)));
        assertNull(refused("t* !times", push(SessionRequest.PRESERVE_TIMES)));
        assertEquals("--recursive (-r)", refused("*", push(SessionRequest.RECURSIVE | SessionRequest.DRY_RUN)));
        assertNull(refused("*", push(SessionRequest.DRY_RUN)));
        assertEquals("--dry-run (-n)", refused("dry-run", push(SessionRequest.DRY_RUN)));
        assertEquals("--dry-run (-n)", refused("n", push(SessionRequest.DRY_RUN)));
        assertNull(refused("checksum !c", push(SessionRequest.CHECKSUM)));
    }

    @Test
    void termsThatNameNoOptionInARequestAreToldApart() {
        assertEquals(List.of("compress", "!v", "chekcsum"), OptionRefusals.parse("compress c !v chekcsum").unseen());
        assertEquals(List.of(), OptionRefusals.parse("delete* x").unseen());
        assertThrows(IllegalArgumentException.class, () -> OptionRefusals.parse("[z-a]"));
    }
}

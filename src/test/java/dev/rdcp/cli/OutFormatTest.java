package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ItemizedChange;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class OutFormatTest {

    private static final Instant NOW = Instant.parse("2026-11-23T19:00:00Z");

    private static ItemizedChange change(String flags, EntryType type, String name, String link) {
        return new ItemizedChange(flags, type, 0755, 4096, 0, name.getBytes(StandardCharsets.UTF_8),
                link.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void rsyncsDefaultItemizeFormat() {
        OutFormat format = OutFormat.parse(OutputOptions.ITEMIZE_FORMAT);
        assertTrue(format.hasItemize());
        assertEquals("cL+++++++++ ln -> a", format.format(change("cL+++++++++", EntryType.SYMLINK, "ln", "a"), "send", NOW));
        assertEquals("hf+++++++++ b => a", format.format(change("hf+++++++++", EntryType.FILE, "b", "a"), "send", NOW));
        assertEquals(".d          ./", format.format(change(".d.........", EntryType.DIRECTORY, "./", ""), "recv", NOW),
                "nothing changed: spaces, as rsync");
        assertEquals("*deleting   x/", format.format(ItemizedChange.deleted("x/".getBytes(StandardCharsets.UTF_8)),
                "recv", NOW));
    }

    @Test
    void widthsPadAndTheOtherEscapesFillIn() {
        OutFormat format = OutFormat.parse("%-6o|%6l|%f|%B|%b|%%");
        assertFalse(format.hasItemize());
        assertEquals("send  |  4096|dir|rwxr-xr-x|0|%",
                format.format(change("cd+++++++++", EntryType.DIRECTORY, "dir/", ""), "send", NOW));
        assertEquals("recv  |  4096|f|rwxr-xr-x|4096|%",
                format.format(change(">f+++++++++", EntryType.FILE, "f", ""), "recv", NOW));
        assertEquals("del.  |     0|gone|---------|0|%",
                format.format(ItemizedChange.deleted("gone".getBytes(StandardCharsets.UTF_8)), "send", NOW));
    }

    @Test
    void anEscapeRdcpDoesNotTakeIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OutFormat.parse("%n %C"));
        assertTrue(e.getMessage().startsWith("unsupported escape '%C'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> OutFormat.parse("%n %-"));
    }

    @Test
    void listingLinesAreRsyncs() {
        assertEquals("drwxr-xr-x          4,096 1970/01/01 00:00:00 dir",
                ListingLine.format(0040755, 4096, 0, "dir", SizeFormat.GROUPED).replaceAll("\\d{4}/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d",
                        "1970/01/01 00:00:00"));
        assertEquals("-rwsr-x--T", ListingLine.permissions(0104750 | 01000));
        assertEquals("lrwxrwxrwx", ListingLine.permissions(0120777));
        assertTrue(ListingLine.format(0100644, 12_582_912, 0, "big", SizeFormat.DECIMAL_UNITS).contains("         12.58M "));
    }
}

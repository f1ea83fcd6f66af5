package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The regular expressions the VM tests read rdcp's --json line with. */
class JsonResultTest {

    private static final String LINE = "{\"exit_code\":23,\"transport\":\"tcp\",\"dry_run\":false,\"files\":12,\"regular_files\":9,"
            + "\"directories\":2,\"symlinks\":1,\"created\":3,\"deleted\":0,\"transferred\":8,\"total_size\":4096,"
            + "\"transferred_size\":2048,\"seconds\":1.25,\"bytes_per_second\":1.6384E3,"
            + "\"failures\":[{\"code\":23,\"message\":\"a]b \\\"q\\\" [gone.txt]\"},{\"code\":24,\"message\":\"x\"}]}";

    @Test
    void readsEveryKindOfValue() {
        JsonResult summary = JsonResult.of(new Cli.Result(23, LINE + "\n", ""));
        assertEquals(9, summary.number("regular_files"));
        assertEquals(8, summary.number("transferred"), "not confused with transferred_size");
        assertEquals(2048, summary.number("transferred_size"));
        assertEquals(1.25, summary.decimal("seconds"));
        assertEquals(1638.4, summary.decimal("bytes_per_second"), 1e-9);
        assertFalse(summary.flag("dry_run"));
        assertEquals("tcp", summary.text("transport"));
        assertEquals(List.of(23L, 24L), summary.failureCodes());
        assertTrue(summary.failures().endsWith("\"x\"}]"), summary.failures());
    }

    @Test
    void anExitCodeOtherThanTheProcessOneFails() {
        assertThrows(AssertionFailedError.class, () -> JsonResult.of(new Cli.Result(0, LINE, "")));
    }

    @Test
    void anythingBesidesTheOneLineFails() {
        assertThrows(AssertionFailedError.class, () -> JsonResult.of(new Cli.Result(23, "sending\n" + LINE, "")));
        assertThrows(AssertionFailedError.class, () -> JsonResult.of(new Cli.Result(23, "", "")));
    }

    @Test
    void aMissingKeyFails() {
        String withoutDeleted = LINE.replace("\"deleted\":0,", "");
        assertThrows(AssertionFailedError.class, () -> JsonResult.of(new Cli.Result(23, withoutDeleted, "")));
    }
}

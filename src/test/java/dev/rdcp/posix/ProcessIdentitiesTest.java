package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Names by id and ids by name through NSS, against /etc/passwd and /etc/group, which every Debian has. */
class ProcessIdentitiesTest {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The first field of the line of {@code file} whose third field is {@code id}. */
    private static String nameIn(String file, int id) throws Exception {
        return Files.readAllLines(Path.of(file)).stream().map(line -> line.split(":"))
                .filter(f -> f.length > 2 && f[2].equals(Integer.toString(id))).map(f -> f[0]).findFirst().orElseThrow();
    }

    @Test
    void idsHaveTheNamesThePasswdAndGroupFilesGive() throws Exception {
        assertArrayEquals(bytes(nameIn("/etc/passwd", 0)), ProcessIdentities.userName(0, 255));
        assertArrayEquals(bytes(nameIn("/etc/group", 0)), ProcessIdentities.groupName(0, 255));
        assertArrayEquals(bytes(nameIn("/etc/passwd", 65534)), ProcessIdentities.userName(65534, 255));
    }

    @Test
    void namesAndIdsRoundTrip() throws Exception {
        byte[] user = ProcessIdentities.userName(65534, 255);
        assertEquals(65534, ProcessIdentities.user(user).uid());
        byte[] group = ProcessIdentities.groupName(0, 255);
        assertEquals(OptionalInt.of(0), ProcessIdentities.group(group));
    }

    @Test
    void anIdWithoutANameOrWithANameTooLongHasNone() throws Exception {
        assertNull(ProcessIdentities.userName(3_999_999, 255));
        assertNull(ProcessIdentities.groupName(3_999_999, 255));
        assertNull(ProcessIdentities.userName(0, 2), "'root' does not fit 2 bytes");
    }
}

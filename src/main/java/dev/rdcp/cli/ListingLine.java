package dev.rdcp.cli;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** One line of rsync's --list-only: {@code drwxr-xr-x          4,096 2026/11/23 19:00:00 dir}. */
final class ListingLine {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss");
    private static final int S_IFMT = 0170000;

    private ListingLine() {
    }

    static String format(int mode, long size, long mtimeSeconds, String name, SizeFormat sizes) {
        String time = LocalDateTime.ofInstant(Instant.ofEpochSecond(mtimeSeconds), ZoneId.systemDefault()).format(TIME);
        return String.format(Locale.ROOT, "%s %14s %s %s", permissions(mode), sizes.format(size), time, name);
    }

    /** As ls -l: the type letter, then rwx three times with s/S and t/T for the special bits. */
    static String permissions(int mode) {
        char[] out = new char[10];
        out[0] = switch (mode & S_IFMT) {
            case 0040000 -> 'd';
            case 0120000 -> 'l';
            case 0020000 -> 'c';
            case 0060000 -> 'b';
            case 0010000 -> 'p';
            case 0140000 -> 's';
            default -> '-';
        };
        String letters = "rwxrwxrwx";
        for (int i = 0; i < 9; i++) {
            out[i + 1] = (mode & (1 << (8 - i))) != 0 ? letters.charAt(i) : '-';
        }
        special(out, 3, (mode & 04000) != 0, 's');
        special(out, 6, (mode & 02000) != 0, 's');
        special(out, 9, (mode & 01000) != 0, 't');
        return new String(out);
    }

    private static void special(char[] out, int at, boolean set, char letter) {
        if (set) {
            out[at] = out[at] == 'x' ? letter : Character.toUpperCase(letter);
        }
    }
}

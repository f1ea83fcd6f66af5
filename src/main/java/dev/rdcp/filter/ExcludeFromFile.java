package dev.rdcp.filter;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an --exclude-from (or --include-from) file into rules, checking each so an error names
 * its line.
 */
final class ExcludeFromFile {

    private ExcludeFromFile() {
    }

    /**
     * {@code sign}: "- " for an exclude file, "+ " for an include file, given to lines without one.
     *
     * @throws IOException the file cannot be read
     * @throws IllegalArgumentException it is not UTF-8 text, or a line is not a rule
     */
    static List<String> read(Path file, String sign) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(file + ": " + (sign.equals("+ ") ? "include" : "exclude")
                    + " file is not UTF-8 text", e);
        }
        List<String> rules = new ArrayList<>();
        // Split on '\n' only: a lone '\r' inside a line is part of a file name.
        String[] lines = text.split("\n", -1);
        for (int index = 0; index < lines.length; index++) {
            String rule = asRule(stripCarriageReturn(lines[index]), sign);
            if (rule == null) {
                continue;
            }
            try {
                FilterRule.parse(rule);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ":" + (index + 1) + ": " + e.getMessage(), e);
            }
            rules.add(rule);
        }
        return List.copyOf(rules);
    }

    /** The rule a line stands for, or null for a blank or comment line. */
    private static String asRule(String line, String sign) {
        if (line.isEmpty() || line.startsWith(";") || line.startsWith("#")) {
            return null;
        }
        if (line.startsWith("+ ") || line.startsWith("- ")) {
            return line;
        }
        return sign + line;
    }

    private static String stripCarriageReturn(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }
}

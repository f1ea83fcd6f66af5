package dev.rdcp.filter;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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
     * {@code content}, the file {@code name} names, split as {@link ListLines} splits it;
     * {@code sign}: "- " for an exclude file, "+ " for an include file, given to lines without one.
     *
     * @throws IllegalArgumentException it is not UTF-8 text, or a line is not a rule
     */
    static List<String> read(byte[] content, String name, String sign, boolean from0) {
        List<String> rules = new ArrayList<>();
        List<byte[]> lines = ListLines.split(content, from0);
        for (int index = 0; index < lines.size(); index++) {
            String rule = asRule(utf8(lines.get(index), name, sign), sign);
            if (rule == null) {
                continue;
            }
            try {
                FilterRule.parse(rule);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + ":" + (index + 1) + ": " + e.getMessage(), e);
            }
            rules.add(rule);
        }
        return List.copyOf(rules);
    }

    private static String utf8(byte[] line, String name, String sign) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(line)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(name + ": " + (sign.equals("+ ") ? "include" : "exclude")
                    + " file is not UTF-8 text", e);
        }
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
}

package dev.rdcp.cli;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict RFC 8259 reader for tests: objects come back as insertion-ordered maps (so key order
 * can be checked), numbers as BigDecimal, and anything a real parser would refuse (a raw control
 * character in a string, NaN, trailing text) throws.
 */
final class StrictJson {

    private final String text;
    private int pos;

    private StrictJson(String text) {
        this.text = text;
    }

    static Object parse(String text) {
        StrictJson reader = new StrictJson(text);
        Object value = reader.value();
        reader.skipSpace();
        if (reader.pos != text.length()) {
            throw reader.error("trailing text");
        }
        return value;
    }

    private Object value() {
        skipSpace();
        if (pos == text.length()) {
            throw error("end of input");
        }
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Map<String, Object> object() {
        Map<String, Object> members = new LinkedHashMap<>();
        pos++;
        skipSpace();
        if (peek() == '}') {
            pos++;
            return members;
        }
        do {
            skipSpace();
            String key = string();
            skipSpace();
            expect(':');
            if (members.containsKey(key)) {
                throw error("duplicate key " + key);
            }
            members.put(key, value());
            skipSpace();
        } while (consume(','));
        expect('}');
        return members;
    }

    private List<Object> array() {
        List<Object> elements = new ArrayList<>();
        pos++;
        skipSpace();
        if (peek() == ']') {
            pos++;
            return elements;
        }
        do {
            elements.add(value());
            skipSpace();
        } while (consume(','));
        expect(']');
        return elements;
    }

    private String string() {
        expect('"');
        StringBuilder out = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                throw error("raw control character " + (int) c);
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char escape = next();
            switch (escape) {
                case '"', '\\', '/' -> out.append(escape);
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("short \\u escape");
                    }
                    out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    pos += 4;
                }
                default -> throw error("bad escape \\" + escape);
            }
        }
    }

    private BigDecimal number() {
        int start = pos;
        consume('-');
        if (!consume('0')) {
            digits();
        }
        if (consume('.')) {
            digits();
        }
        if (consume('e') || consume('E')) {
            if (!consume('+')) {
                consume('-');
            }
            digits();
        }
        return new BigDecimal(text.substring(start, pos));
    }

    private void digits() {
        int start = pos;
        while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
            pos++;
        }
        if (pos == start) {
            throw error("digit expected");
        }
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, pos)) {
            throw error(word + " expected");
        }
        pos += word.length();
        return value;
    }

    private void skipSpace() {
        while (pos < text.length() && " \t\n\r".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : 0;
    }

    private char next() {
        if (pos == text.length()) {
            throw error("end of input");
        }
        return text.charAt(pos++);
    }

    private boolean consume(char c) {
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!consume(c)) {
            throw error("'" + c + "' expected");
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at " + pos + " in " + text);
    }
}

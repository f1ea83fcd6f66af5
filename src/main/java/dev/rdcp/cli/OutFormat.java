package dev.rdcp.cli;

import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.transfer.FileNames;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * rsync's --out-format (and --log-file-format): text with {@code %} escapes, each with an
 * optional width ({@code %-10n} pads on the right, {@code %10l} on the left). The escapes rdcp
 * takes are {@link #ESCAPES}; any other is refused when the format is parsed.
 */
final class OutFormat {

    static final String ESCAPES = "%i %n %L %l %b %f %o %t %M %B %p %%";
    private static final DateTimeFormatter NOW = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss");
    private static final DateTimeFormatter MTIME = DateTimeFormatter.ofPattern("yyyy/MM/dd-HH:mm:ss");

    /** One piece of the format: literal text, or an escape letter with its width. */
    private record Part(String literal, char escape, int width, boolean leftAlign) {
    }

    private final List<Part> parts;
    private final boolean hasItemize;
    private final boolean showsOperation;

    private OutFormat(List<Part> parts) {
        this.parts = parts;
        this.hasItemize = parts.stream().anyMatch(p -> p.escape() == 'i');
        this.showsOperation = hasItemize || parts.stream().anyMatch(p -> p.escape() == 'o');
    }

    /** @throws IllegalArgumentException naming the first escape rdcp does not take */
    static OutFormat parse(String format) {
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                literal.append(c);
                continue;
            }
            int start = i;
            boolean left = i + 1 < format.length() && format.charAt(i + 1) == '-';
            if (left) {
                i++;
            }
            int width = 0;
            while (i + 1 < format.length() && Character.isDigit(format.charAt(i + 1)) && width < 1000) {
                width = width * 10 + (format.charAt(++i) - '0');
            }
            if (i + 1 >= format.length()) {
                throw new IllegalArgumentException("the format ends inside the escape '" + format.substring(start) + "'");
            }
            char escape = format.charAt(++i);
            if (escape == '%') {
                literal.append('%');
                continue;
            }
            if ("inLlbfotMBp".indexOf(escape) < 0) {
                throw new IllegalArgumentException("unsupported escape '" + format.substring(start, i + 1)
                        + "' (rdcp takes " + ESCAPES + ")");
            }
            if (!literal.isEmpty()) {
                parts.add(new Part(literal.toString(), '\0', 0, false));
                literal.setLength(0);
            }
            parts.add(new Part(null, escape, width, left));
        }
        if (!literal.isEmpty()) {
            parts.add(new Part(literal.toString(), '\0', 0, false));
        }
        return new OutFormat(List.copyOf(parts));
    }

    boolean hasItemize() {
        return hasItemize;
    }

    /** Whether the format shows what happened to an entry (%i or %o), so it can say "deleted". */
    boolean showsOperation() {
        return showsOperation;
    }

    /**
     * One line for {@code change}; {@code operation} is rsync's %o ("send", "recv" or "del."),
     * {@code now} the time for %t.
     */
    String format(ItemizedChange change, String operation, Instant now) {
        StringBuilder line = new StringBuilder();
        for (Part part : parts) {
            if (part.literal() != null) {
                line.append(part.literal());
                continue;
            }
            String value = value(part.escape(), change, operation, now);
            int pad = part.width() - value.length();
            if (pad > 0 && !part.leftAlign()) {
                line.append(" ".repeat(pad));
            }
            line.append(value);
            if (pad > 0 && part.leftAlign()) {
                line.append(" ".repeat(pad));
            }
        }
        return line.toString();
    }

    private static String value(char escape, ItemizedChange change, String operation, Instant now) {
        boolean deletion = change.flags().startsWith("*");
        return switch (escape) {
            case 'i' -> itemized(change.flags());
            case 'n' -> FileNames.display(change.name());
            case 'f' -> FileNames.display(withoutTrailingSlash(change.name()));
            case 'L' -> link(change);
            case 'l' -> Long.toString(change.size());
            case 'b' -> Long.toString(change.transferred() ? change.size() : 0);
            case 'o' -> deletion ? "del." : operation;
            case 't' -> LocalDateTime.ofInstant(now, ZoneId.systemDefault()).format(NOW);
            case 'M' -> LocalDateTime.ofInstant(Instant.ofEpochSecond(change.mtimeSeconds()), ZoneId.systemDefault())
                    .format(MTIME);
            case 'B' -> ListingLine.permissions(change.mode()).substring(1);
            case 'p' -> Long.toString(ProcessHandle.current().pid());
            default -> throw new IllegalStateException("escape " + escape);
        };
    }

    /**
     * As rsync: when nothing but Y and X is set, the attribute letters are spaces, not dots; not
     * for an entry whose data moved ({@code <} or {@code >}), which keeps its dots.
     */
    static String itemized(String flags) {
        char update = flags.charAt(0);
        if ((update == '.' || update == 'h' || update == 'c') && flags.chars().skip(2).allMatch(c -> c == '.')) {
            return flags.substring(0, 2) + " ".repeat(flags.length() - 2);
        }
        return flags;
    }

    private static String link(ItemizedChange change) {
        if (change.link().length == 0) {
            return "";
        }
        String arrow = change.type() == EntryType.SYMLINK ? " -> " : " => ";
        return arrow + FileNames.display(change.link());
    }

    private static byte[] withoutTrailingSlash(byte[] name) {
        return name.length > 1 && name[name.length - 1] == '/' ? Arrays.copyOf(name, name.length - 1) : name;
    }
}

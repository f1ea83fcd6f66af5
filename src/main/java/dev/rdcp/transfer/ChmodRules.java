package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import java.util.ArrayList;
import java.util.List;

/**
 * rsync's --chmod: comma-separated clauses in chmod(1)'s syntax ({@code [D|F][ugoa...](+|-|=)
 * [rwxXst]...} or {@code [D|F]OCTAL}, and {@code u=g}-style copies), each clause for directories
 * only ({@code D}), for everything else only ({@code F}) or for both. The client applies them to
 * the modes the sender lists, as though the sender had those permissions: before the file list
 * goes out on a push, as it arrives on a pull. A clause without {@code ugoa} leaves out what the
 * client's umask masks, as in rsync; {@code X} adds execute to a directory, or to a file that had
 * some execute bit before the first clause.
 */
public final class ChmodRules {

    /** No clause: modes stay as listed. */
    public static final ChmodRules NONE = new ChmodRules(List.of());

    private static final int PERMISSIONS = 07777;
    private static final int USER = 0100;
    private static final int GROUP = 0010;
    private static final int OTHERS = 0001;
    /** The usual umask, where /proc does not tell this process's. */
    private static final int USUAL_UMASK = 022;

    private enum Scope { ALL, DIRECTORIES, FILES }

    private enum Operation { ADD, REMOVE, ASSIGN, OCTAL }

    /**
     * One clause: the bits it keeps ({@code keep}) and sets ({@code set}); the permission triplet
     * it copies from ({@code copyFrom}, a {@code u}, {@code g} or {@code o} position) into the
     * {@code copyTo} positions, masked by {@code copyMask}; {@code X}'s condition.
     */
    private record Clause(Scope scope, Operation operation, int keep, int set, int copyFrom, int copyTo, int copyMask,
            boolean executeIfExecutable) {

        boolean appliesTo(boolean directory) {
            return scope == Scope.ALL || (scope == Scope.DIRECTORIES) == directory;
        }

        int apply(int mode, boolean directory, boolean wasExecutable) {
            int copied = copied(mode);
            int changed = mode & keep;
            changed |= executeIfExecutable && !wasExecutable && !directory ? set & ~0111 : set;
            return operation == Operation.REMOVE ? changed & ~copied : changed | copied;
        }

        private int copied(int mode) {
            int triplet = 0;
            if ((copyFrom & USER) != 0) {
                triplet |= (mode >> 6) & 7;
            }
            if ((copyFrom & GROUP) != 0) {
                triplet |= (mode >> 3) & 7;
            }
            if ((copyFrom & OTHERS) != 0) {
                triplet |= mode & 7;
            }
            return copyTo * triplet & copyMask;
        }
    }

    private final List<Clause> clauses;

    private ChmodRules(List<Clause> clauses) {
        this.clauses = clauses;
    }

    /**
     * {@code spec} with this process's umask.
     *
     * @throws IllegalArgumentException with rsync's message when {@code spec} is malformed
     */
    public static ChmodRules parse(String spec) {
        int umask = ProcessIdentity.read().umask();
        return parse(spec, umask < 0 ? USUAL_UMASK : umask);
    }

    /** {@code spec}, a clause without {@code ugoa} masked by {@code umask}. */
    static ChmodRules parse(String spec, int umask) {
        List<Clause> clauses = new ArrayList<>();
        for (String clause : spec.split(",", -1)) {
            clauses.add(clause(clause, umask, spec));
        }
        return new ChmodRules(List.copyOf(clauses));
    }

    /** These clauses, then {@code later}'s: rsync adds each --chmod's clauses to the earlier ones. */
    public ChmodRules then(ChmodRules later) {
        List<Clause> all = new ArrayList<>(clauses);
        all.addAll(later.clauses);
        return new ChmodRules(List.copyOf(all));
    }

    /** The permission bits (07777) of {@code mode} after every clause for its kind. */
    int apply(int mode, boolean directory) {
        boolean wasExecutable = (mode & 0111) != 0;
        int changed = mode & PERMISSIONS;
        for (Clause clause : clauses) {
            if (clause.appliesTo(directory)) {
                changed = clause.apply(changed, directory, wasExecutable);
            }
        }
        return (mode & ~PERMISSIONS) | changed;
    }

    /** A whole {@code st_mode} changed, as --list-only shows it; a symlink's as it is. */
    public int applyToStatus(int mode) {
        int type = FileModes.type(mode);
        return type == FileModes.S_IFLNK ? mode : apply(mode, type == FileModes.S_IFDIR);
    }

    /** The entry with its mode changed; a symlink, and what is not a file system entry, as it is. */
    Entry apply(Entry entry) {
        EntryType type = entry.type();
        if (clauses.isEmpty() || !(type == EntryType.FILE || type == EntryType.DIRECTORY || type == EntryType.DEVICE
                || type == EntryType.SPECIAL)) {
            return entry;
        }
        int mode = apply(entry.mode(), type == EntryType.DIRECTORY);
        return mode == entry.mode() ? entry : entry.withMode(mode);
    }

    private static Clause clause(String text, int umask, String spec) {
        Scope scope = Scope.ALL;
        int who = 0;
        int specialWho = 0;
        int at = 0;
        for (; at < text.length() && "DFugoa".indexOf(text.charAt(at)) >= 0; at++) {
            switch (text.charAt(at)) {
                case 'D' -> scope = narrowed(scope, Scope.DIRECTORIES, spec);
                case 'F' -> scope = narrowed(scope, Scope.FILES, spec);
                case 'u' -> {
                    who |= USER;
                    specialWho |= 04000;
                }
                case 'g' -> {
                    who |= GROUP;
                    specialWho |= 02000;
                }
                case 'o' -> who |= OTHERS;
                default -> {
                    who |= USER | GROUP | OTHERS;
                    specialWho |= 06000;
                }
            }
        }
        if (at == text.length()) {
            throw invalid(spec);
        }
        char operator = text.charAt(at);
        if (operator >= '0' && operator <= '7' && who == 0) {
            return octal(scope, text.substring(at), spec);
        }
        Operation operation = switch (operator) {
            case '+' -> Operation.ADD;
            case '-' -> Operation.REMOVE;
            case '=' -> Operation.ASSIGN;
            default -> throw invalid(spec);
        };
        int what = 0;
        int special = 0;
        int copyFrom = 0;
        boolean executeIfExecutable = false;
        for (char c : text.substring(at + 1).toCharArray()) {
            // As rsync: a copy (u, g or o) comes alone, after nothing else.
            boolean afterCopy = "rwxXst".indexOf(c) >= 0 && copyFrom != 0;
            if (afterCopy || "ugo".indexOf(c) >= 0 && (what | special | copyFrom) != 0) {
                throw invalid(spec);
            }
            switch (c) {
                case 'r' -> what |= 4;
                case 'w' -> what |= 2;
                case 'x' -> what |= 1;
                case 'X' -> {
                    what |= 1;
                    executeIfExecutable = true;
                }
                // As rsync: without u, g or a, s is set-user-ID alone, and drops a t before it.
                case 's' -> special = specialWho != 0 ? special | specialWho : 04000;
                case 't' -> special |= 01000;
                case 'u' -> copyFrom = USER;
                case 'g' -> copyFrom = GROUP;
                case 'o' -> copyFrom = OTHERS;
                default -> throw invalid(spec);
            }
        }
        boolean named = who != 0;
        int to = named ? who : USER | GROUP | OTHERS;
        int bits = named ? to * what : to * what & ~umask;
        int copyMask = named ? PERMISSIONS : ~umask;
        return switch (operation) {
            case ADD -> new Clause(scope, operation, PERMISSIONS, bits | special, copyFrom, to, copyMask,
                    executeIfExecutable);
            case REMOVE -> new Clause(scope, operation, PERMISSIONS & ~bits & ~special, 0, copyFrom, to, copyMask,
                    executeIfExecutable);
            default -> {
                int cleared = to * 7 | (special != 0 ? specialWho : 0) | (copyFrom != 0 ? specialBitsOf(to) : 0);
                yield new Clause(scope, operation, PERMISSIONS & ~cleared, bits | special, copyFrom, to, copyMask,
                        executeIfExecutable);
            }
        };
    }

    /** {@code [D|F]OCTAL}: the mode itself, at most 07777. */
    private static Clause octal(Scope scope, String digits, String spec) {
        int mode = 0;
        for (char c : digits.toCharArray()) {
            if (c < '0' || c > '7') {
                throw invalid(spec);
            }
            mode = mode * 8 + (c - '0');
            if (mode > PERMISSIONS) {
                throw invalid(spec);
            }
        }
        return new Clause(scope, Operation.OCTAL, 0, mode, 0, 0, PERMISSIONS, false);
    }

    /** A clause is for directories or for files: both is malformed. */
    private static Scope narrowed(Scope scope, Scope to, String spec) {
        if (scope != Scope.ALL && scope != to) {
            throw invalid(spec);
        }
        return to;
    }

    /** As rsync's {@code u=g}: the special bits of the positions copied to are cleared first. */
    private static int specialBitsOf(int to) {
        return ((to & USER) != 0 ? 04000 : 0) | ((to & GROUP) != 0 ? 02000 : 0) | ((to & OTHERS) != 0 ? 01000 : 0);
    }

    private static IllegalArgumentException invalid(String spec) {
        return new IllegalArgumentException("Invalid argument passed to --chmod (" + spec + ")");
    }
}

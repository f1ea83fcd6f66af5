# shellcheck shell=bash
# The User-Mode Linux backend of softroce-vm (sourced by it): a Linux kernel built as a
# host program (ARCH=um) with Soft-RoCE built in. Guest code runs at native CPU speed on
# one guest CPU; its root is the host's / (or RDCP_VM_ROOT) through hostfs, read-only. hostfs
# mounts take host paths; the root is the root mount's own option (rootflags), since the
# hostfs= parameter would prefix every other hostfs mount with it too.

# Bump when the kernel recipe below changes, so cached kernels are rebuilt.
readonly UML_RECIPE=3
# Built in (UML here has no modules). UML gets PCI, HAS_DMA and HAS_IOMEM, which
# INFINIBAND depends on, only through UML_PCI_OVER_VIRTIO; its harmless boot warning
# "No virtio device ID configured" comes with it.
# VMAP_STACK off: with kernel stacks in the vmalloc area, the lazy purge of freed vmalloc
# ranges (a kworker) remaps that area page by page, munmap then mmap, its own stack included.
# A timer signal in between finds the stack's bottom page (thread_info) gone; UML's signal
# entry (to_irq_stack) faults on it, and so does the SIGSEGV it raises: the guest spins for
# ever. Seen after 175 soak sessions and twice late in CI runs; gdb on the spinning process
# showed to_irq_stack <- hard_handler <- munmap <- flush_tlb_kernel_range <-
# __purge_vmap_area_lazy, the fault address the bottom of that kworker's stack.
readonly UML_CONFIG=(
    MODULES=n VIRTIO_UML=y UML_PCI_OVER_VIRTIO=y INFINIBAND=y INFINIBAND_USER_ACCESS=y
    RDMA_RXE=y DUMMY=y NET=y INET=y IPV6=y UNIX=y HOSTFS=y TMPFS=y DEVTMPFS=y
    DEVTMPFS_MOUNT=y CRC32=y CRYPTO_CRC32=y CRYPTO_CRC32C=y NET_UDP_TUNNEL=y
    KERNEL_STACK_ORDER=4 BLK_DEV_UBD=n VMAP_STACK=n
)

# The two source changes UML needs on hosts like ours.
# 1. arch/x86/um/user-offsets.c sizes the buffer for the host's FPU state (PTRACE_GETREGSET
#    of NT_X86_XSTATE) at 2,696 bytes. A CPU with AMX has an 11,008-byte xstate: the host
#    kernel rejects the short buffer and boot ends in "ptrace set fp regs failed, errno =
#    14". 16 KiB fits every x86 xstate today; the buffer is on the kernel stack, hence
#    KERNEL_STACK_ORDER=4 above.
# 2. arch/um/Kconfig fixes HZ at 100. With one guest CPU, two processes that spin swap only
#    at a timer tick: 20 ms a round trip at HZ=100, 6 ms at 1000.
uml_patch_source() {
    local src=$1
    grep -q 'DEFINE_LONGS(HOST_FP_SIZE, 2696);' "$src/arch/x86/um/user-offsets.c" || return 1
    sed -i 's/DEFINE_LONGS(HOST_FP_SIZE, 2696);/DEFINE_LONGS(HOST_FP_SIZE, 16384);/' \
        "$src/arch/x86/um/user-offsets.c"
    awk 'prev == "config HZ" && $0 ~ /^\tint$/ { print; getline; if ($0 ~ /^\tdefault 100$/) { $0 = "\tdefault 1000"; done = 1 } }
         { print; prev = $0 } END { exit !done }' "$src/arch/um/Kconfig" >"$src/arch/um/Kconfig.new" || return 1
    mv -f "$src/arch/um/Kconfig.new" "$src/arch/um/Kconfig"
}

# Sets the caller's pin=() to the taskset command that keeps the guest on one host CPU. The
# guest has one CPU, but its kernel and each of its processes are host processes that UML switches
# between; left to the host's scheduler they run on different cores, and every switch in the guest
# becomes a wake-up across cores (a 512 MiB push ran at 237 MB/s so, and at 427 MB/s pinned).
# RDCP_UML_HOST_CPU: the host CPU, or none; by default the last allowed CPU that no other pinned
# guest on this host holds (a lock in /dev/shm, held until this script exits), or no pin at all
# when every one is held, since two guests pinned to one core would each get half of it.
uml_host_cpu_pin() {
    local cpu=${RDCP_UML_HOST_CPU:-} candidate lock_file
    [[ $cpu == none ]] && return 0
    if ! command -v taskset >/dev/null || ! command -v flock >/dev/null; then
        [[ -z $cpu ]] && return 0
        die "$EXIT_SETUP" "RDCP_UML_HOST_CPU=$cpu needs taskset and flock (Debian package util-linux)"
    fi
    if [[ -z $cpu ]]; then
        for candidate in $(awk '/^Cpus_allowed_list:/ {
                n = split($2, ranges, ",")
                for (i = n; i >= 1; i--) {
                    split(ranges[i], bounds, "-")
                    high = bounds[2] == "" ? bounds[1] : bounds[2]
                    for (c = high; c >= bounds[1]; c--) print c
                }
            }' /proc/self/status); do
            lock_file=/dev/shm/rdcp-uml-cpu-$candidate.lock
            # Read-only is enough for flock, so another user's lock file serves too.
            [[ -e $lock_file ]] || { : >>"$lock_file"; } 2>/dev/null || continue
            exec {CPU_LOCK_FD}<"$lock_file" || continue
            if flock -n "$CPU_LOCK_FD"; then
                cpu=$candidate
                break
            fi
            exec {CPU_LOCK_FD}<&-
        done
        [[ -n $cpu ]] || return 0
    fi
    [[ $cpu =~ ^[0-9]+$ ]] || die "$EXIT_USAGE" "RDCP_UML_HOST_CPU must be a CPU number or none, not '$cpu'"
    taskset -c "$cpu" true 2>/dev/null ||
        die "$EXIT_USAGE" "RDCP_UML_HOST_CPU=$cpu is not a CPU this process may run on"
    pin=(taskset -c "$cpu")
}

# Configures and builds <dir>/linux from the source tarball of package $1.
uml_build_kernel() {
    local pkg=$1 dir=$2 tarball work src option name value line
    tarball=$(dpkg -L "$pkg" 2>/dev/null | awk '/^\/usr\/src\/linux-source-.*\.tar\.(xz|bz2|gz)$/ && !found { print; found = 1 }')
    [[ -n $tarball ]] || die "$EXIT_SETUP" "cannot build the UML kernel: $pkg holds no source tarball"
    work=$(mktemp -d "$dir/.build.XXXXXX")
    BUILD_DIR=$work
    say "building the UML kernel from $pkg (once, about 6 minutes on 2 cores; log: $dir/build.log)"
    verbose "unpacking $tarball"
    tar -xf "$tarball" -C "$work" || die "$EXIT_SETUP" "cannot build the UML kernel: cannot unpack $tarball"
    src=$(find "$work" -mindepth 1 -maxdepth 1 -type d -print -quit)
    uml_patch_source "$src" ||
        die "$EXIT_SETUP" "cannot build the UML kernel: $pkg does not have the FPU-size or HZ lines this script patches"
    {
        make -C "$src" ARCH=um defconfig &&
            for option in "${UML_CONFIG[@]}"; do
                name=${option%%=*} value=${option#*=}
                case $value in
                y) "$src/scripts/config" --file "$src/.config" --enable "$name" ;;
                n) "$src/scripts/config" --file "$src/.config" --disable "$name" ;;
                *) "$src/scripts/config" --file "$src/.config" --set-val "$name" "$value" ;;
                esac
            done &&
            make -C "$src" ARCH=um olddefconfig
    } >"$dir/build.log" 2>&1 || die "$EXIT_SETUP" "cannot build the UML kernel: configuration failed (see $dir/build.log)"
    # olddefconfig silently drops what it cannot satisfy: check every option took.
    for option in "${UML_CONFIG[@]}"; do
        name=${option%%=*} value=${option#*=}
        case $value in
        n) line="# CONFIG_$name is not set" ;;
        *) line="CONFIG_$name=$value" ;;
        esac
        grep -qxF -- "$line" "$src/.config" ||
            die "$EXIT_SETUP" "cannot build the UML kernel: CONFIG_$name=$value did not take in $pkg's Kconfig"
    done
    make -C "$src" ARCH=um -j"$(nproc)" linux >>"$dir/build.log" 2>&1 ||
        die "$EXIT_SETUP" "cannot build the UML kernel: make failed (see $dir/build.log)"
    mv -f "$src/linux" "$dir/linux"
    rm -rf "$work"
    BUILD_DIR=
}

# PID 1 of the guest, run by bash from the host root. It mounts fresh kernel and tmpfs file
# systems, the run share and the working directory (hostfs, writable), brings up rxe0 on
# dummy0, runs cmd.sh with its output on /dev/tty1 (con1: a pipe to softroce-vm's stdout;
# kernel messages stay on the console) and writes its status into the share.
write_uml_init() {
    printf '#!/bin/bash\n'
    printf 'SHARE_HOST=%q WORKDIR=%q MTU=%q HOST_MHZ=%q\n' "$RUN_DIR/share" "$CWD" "$MTU" "$1"
    cat <<'INIT'
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
SHARE=/run/rdcp-vm
log() { echo "rdcp-init: $*"; }
end_vm() { sync; busybox poweroff -f; sleep 60; }
fail() { log "ERROR: $*"; end_vm; }
wait_for() { local i=0; until eval "$1"; do i=$((i + 1)); ((i < 100)) || return 1; sleep 0.1; done; }

mount -t proc proc /proc || fail "mount /proc"
mount -t sysfs sysfs /sys || fail "mount /sys"
# DEVTMPFS_MOUNT has mounted /dev already.
mountpoint -q /dev || mount -t devtmpfs devtmpfs /dev || fail "mount /dev"
mkdir -p /dev/pts /dev/shm
mount -t devpts -o gid=5,mode=620,ptmxmode=666 devpts /dev/pts
for dir in /dev/shm /tmp /var/tmp; do mount -t tmpfs -o mode=1777 tmpfs "$dir" || fail "mount $dir"; done
mount -t tmpfs -o mode=755 tmpfs /run || fail "mount /run"
mkdir -p "$SHARE" /run/lock
mount -t hostfs -o "$SHARE_HOST" hostfs "$SHARE" || fail "cannot mount the run share $SHARE_HOST"
if [[ $WORKDIR != / ]]; then
    mkdir -p "$WORKDIR" 2>/dev/null
    mount -t hostfs -o "$WORKDIR" hostfs "$WORKDIR" || fail "cannot mount the working directory $WORKDIR"
fi
# UML's /proc/cpuinfo has no "cpu MHz" line, without which perftest cannot report.
awk -v mhz="$HOST_MHZ" '{ print } /^processor/ { printf "cpu MHz\t\t: %s\n", mhz }' /proc/cpuinfo >/run/cpuinfo &&
    mount --bind /run/cpuinfo /proc/cpuinfo
# "localhost" resolves through the host's /etc/hosts (Java's getLocalHost needs it).
hostname localhost

log "setting up rxe0 on dummy0 (mtu $MTU)"
ip link set lo up || fail "ip link set lo up"
[[ -e /sys/class/net/dummy0 ]] || ip link add dummy0 type dummy || fail "ip link add dummy0"
ip link set dummy0 mtu "$MTU" up || fail "ip link set dummy0 mtu $MTU up"
rdma link add rxe0 type rxe netdev dummy0 || fail "rdma link add rxe0"
wait_for 'grep -q ACTIVE /sys/class/infiniband/rxe0/ports/1/state 2>/dev/null' || fail "rxe0 port 1 is not ACTIVE"

# A raw tty passes bytes as they are (no \r added).
stty -F /dev/tty1 raw -echo || fail "stty /dev/tty1"
log "running the command"
/usr/bin/env -i /bin/bash "$SHARE/cmd.sh" </dev/null >/dev/tty1 2>&1
echo $? >"$SHARE/status.tmp" && mv "$SHARE/status.tmp" "$SHARE/status"
log "command exited"
end_vm
INIT
}

backend_prepare() {
    ensure_host_packages "${COMMON_HOST_PKGS[@]}" make gcc libc6-dev flex bison bc xz-utils
    local pkg=${RDCP_UML_SOURCE_PKG:-} version lock
    if [[ -z $pkg ]]; then
        pkg=$(resolve_dependency linux-source '^linux-source-' "$CACHE_ROOT/uml-source-pkg") ||
            die "$EXIT_SETUP" "cannot tell which source package linux-source depends on (apt-get update, or set RDCP_UML_SOURCE_PKG)"
    fi
    ensure_host_packages "$pkg"
    version=$(dpkg-query -W -f='${Version}' "$pkg")
    UML_DIR=$CACHE_ROOT/uml-$pkg-$version-r$UML_RECIPE
    [[ -x $UML_DIR/linux ]] && return 0
    mkdir -p "$UML_DIR"
    exec {lock}>"$UML_DIR/.lock"
    flock "$lock"
    [[ -x $UML_DIR/linux ]] || uml_build_kernel "$pkg" "$UML_DIR"
    exec {lock}>&-
}

# Boots UML and waits for it; sets GUEST_RC. UML runs one host process per guest
# process: setsid gives them one process group that cleanup() can stop at once.
backend_run() {
    local mhz init=$RUN_DIR/init
    case $CWD,$GUEST_ROOT in *,*,*) die "$EXIT_VM" "$CWD or $GUEST_ROOT has a comma, which hostfs mount options cannot carry" ;; esac
    mhz=$(awk -F': *' '/^cpu MHz/ { print $2; exit }' /proc/cpuinfo)
    if [[ $GUEST_ROOT != / ]]; then
        # The kernel finds init inside the guest's root, and the working directory needs a
        # mount point there (the root is read-only to the guest, not to us).
        mkdir -p "$GUEST_ROOT/.softroce-vm" "$GUEST_ROOT$CWD" ||
            die "$EXIT_VM" "cannot prepare $GUEST_ROOT as the guest's root"
        ROOT_INIT=$GUEST_ROOT/.softroce-vm/init.$$
        init=/.softroce-vm/init.$$
    fi
    write_uml_init "${mhz:-1000.000}" >"$RUN_DIR/init"
    chmod 755 "$RUN_DIR/init"
    [[ -z $ROOT_INIT ]] || cp "$RUN_DIR/init" "$ROOT_INIT"
    follow_console "$RUN_DIR/console.log"
    # con1 (/dev/tty1) carries the command's output through a pipe to cat, so the
    # non-blocking mode UML sets on its channel fds never touches our own stdout.
    open_output_pipe
    # UML keeps the guest's memory in a file under TMPDIR: /dev/shm is tmpfs. A guest panic
    # ends in abort(): no core file of the guest's whole memory.
    ulimit -c 0
    local pin=()
    uml_host_cpu_pin
    TMPDIR=/dev/shm setsid timeout -k 5 "$TIMEOUT" "${pin[@]}" "$UML_DIR/linux" \
        mem="$MEM" root=/dev/root rootfstype=hostfs rootflags="$GUEST_ROOT" ro init="$init" \
        con=null con0=null,fd:3 con1=null,fd:"$OUT_FD" ssl=null \
        3>>"$RUN_DIR/console.log" </dev/null >>"$RUN_DIR/console.log" 2>&1 &
    await_guest $!
}

# shellcheck shell=bash
# The qemu backend of softroce-vm (sourced by it): Debian's distribution kernel under
# qemu's software CPU emulation, with an initramfs that loads rdma_rxe and chroots into
# the host root shared read-only over 9p.

# Guest modules; kmod adds their dependencies. crc32_generic is not a listed
# dependency of rdma_rxe, but without it `rdma link add` fails with ENOENT. loop and ext4
# let a test mount a file system that keeps user attributes (the guest's tmpfs keeps none);
# the guest cannot load modules on demand, since the host root has none for its kernel.
readonly GUEST_MODULES=(virtio_pci virtio_console 9p 9pnet_virtio rdma_rxe
    dummy crc32_generic loop ext4)

# /init of the guest (busybox sh, PID 1). It loads the modules, mounts the
# host root read-only over 9p and chroots into it with fresh tmpfs, brings up
# lo and rxe0 on dummy0, runs /run/rdcp-vm/cmd.sh (written by the host) with
# output to the virtio port "rdcp.out" (not a tty: no \r, no kernel messages)
# and writes its exit status to /run/rdcp-vm/status, a writable host share.
write_guest_init() {
    cat <<'INIT'
#!/bin/busybox sh
/bin/busybox mount -t devtmpfs devtmpfs /dev
exec </dev/console >/dev/console 2>&1
/bin/busybox --install -s /bin
export PATH=/bin
R=/newroot
SHARE=$R/run/rdcp-vm

log() { read -r up _ </proc/uptime; echo "rdcp-init: [$up] $*"; }
# -no-reboot turns the reset into qemu exiting.
end_vm() { sync; reboot -f; sleep 60; }
fail() { log "ERROR: $*"; end_vm; }
# Poll for up to ~10 s: devices appear asynchronously after insmod.
wait_for() { i=0; until eval "$1"; do i=$((i + 1)); [ $i -lt 100 ] || return 1; sleep 0.1; done; }

mount -t proc proc /proc
mount -t sysfs sysfs /sys
MTU=9000
for arg in $(cat /proc/cmdline); do
    case $arg in rdcp.mtu=*) MTU=${arg#rdcp.mtu=} ;; esac
done

log "loading modules"
for ko in $(cat /modules.list); do
    insmod "/modules/$ko" || fail "insmod $ko"
done

log "mounting the host root"
p9="trans=virtio,version=9p2000.L,msize=512000"
# cache=loose halves Java's start-up; the host root is not expected to change
# under a run (the guest cannot write it).
wait_for "mount -t 9p -o ro,cache=loose,$p9 rdcproot $R 2>/dev/null" || fail "cannot mount the host root (9p tag rdcproot)"
mount -t tmpfs -o mode=1777 tmpfs $R/tmp
mount -t tmpfs -o mode=1777 tmpfs $R/var/tmp
mount -t tmpfs -o mode=755 tmpfs $R/run
mount -t proc proc $R/proc
mount -t sysfs sysfs $R/sys
mount -t devtmpfs devtmpfs $R/dev
mkdir -p $R/dev/pts $R/dev/shm $R/run/lock $SHARE
mount -t devpts -o gid=5,mode=620,ptmxmode=666 devpts $R/dev/pts
mount -t tmpfs -o mode=1777 tmpfs $R/dev/shm
mount -t 9p -o "$p9" rdcprun $SHARE || fail "cannot mount the run share (9p tag rdcprun)"
if [ -f $SHARE/workdir ]; then
    W=$(cat $SHARE/workdir)
    mkdir -p "$R$W" 2>/dev/null
    mount -t 9p -o "$p9" rdcpwork "$R$W" || fail "cannot mount the working directory (9p tag rdcpwork)"
fi
# "localhost" resolves via the host's /etc/hosts (Java's getLocalHost needs it).
hostname localhost

log "setting up rxe0 on dummy0 (mtu $MTU)"
chroot $R ip link set lo up || fail "ip link set lo up"
[ -e /sys/class/net/dummy0 ] || chroot $R ip link add dummy0 type dummy || fail "ip link add dummy0"
chroot $R ip link set dummy0 mtu "$MTU" up || fail "ip link set dummy0 mtu $MTU up"
chroot $R rdma link add rxe0 type rxe netdev dummy0 || fail "rdma link add rxe0"
wait_for 'grep -q ACTIVE /sys/class/infiniband/rxe0/ports/1/state 2>/dev/null' ||
    fail "rxe0 port 1 is not ACTIVE"

# The port's /dev node is named vportNpM; its sysfs name attribute says which.
find_out_port() {
    for p in /sys/class/virtio-ports/*; do
        [ "$(cat "$p/name" 2>/dev/null)" = rdcp.out ] && OUT=/dev/${p##*/}
    done
    [ -c "${OUT:-}" ]
}
wait_for find_out_port || fail "no virtio port rdcp.out"

log "running the command"
chroot $R /usr/bin/env -i /bin/bash /run/rdcp-vm/cmd.sh </dev/null >"$OUT" 2>&1
echo $? >$SHARE/status.tmp && mv $SHARE/status.tmp $SHARE/status
log "command exited"
end_vm
INIT
}

# Unpacks the ELF vmlinux from an xz bzImage. qemu boots it directly (PVH
# entry), which skips ~5 s of emulated decompression per boot.
extract_vmlinux() {
    local offset
    offset=$(LC_ALL=C grep -m1 -obUaP '\xfd7zXZ\x00' "$1" | cut -d: -f1)
    [[ -n $offset ]] || return 1
    # xz stops at the end of the stream; tail may then die of SIGPIPE.
    { tail -c +"$((offset + 1))" "$1" || true; } | xz -dc --single-stream >"$2" 2>/dev/null || return 1
    [[ $(head -c4 "$2") == $'\x7fELF' ]]
}

# Builds <cache>/<kernel>/{vmlinuz,initrd-HASH.img} unless present. HASH is
# that of this script, so any edit (init text, module list) rebuilds the
# initramfs. A lock plus build-in-temp-then-mv makes concurrent runs safe.
build_guest_images() {
    local pkg=$1 kdir=$2 initrd=$3 lock work kver mod line ko
    [[ -f $kdir/vmlinuz && -f $initrd ]] && return 0
    mkdir -p "$kdir"
    exec {lock}>"$kdir/.lock"
    flock "$lock"
    if [[ -f $kdir/vmlinuz && -f $initrd ]]; then
        exec {lock}>&-
        return 0
    fi
    say "building the guest kernel and initramfs from $pkg (once)"
    work=$(mktemp -d "$kdir/.build.XXXXXX")
    BUILD_DIR=$work
    if [[ ! -f $kdir/kernel.deb ]]; then
        verbose "apt-get download $pkg"
        if ! (cd "$work" && quietly apt-get download "$pkg"); then
            # Stale lists may name a version the mirror no longer has.
            ((EUID == 0)) || die "$EXIT_SETUP" "cannot download $pkg"
            apt_update_once
            (cd "$work" && quietly apt-get download "$pkg") || die "$EXIT_SETUP" "cannot download $pkg"
        fi
        mv -f "$work"/*.deb "$kdir/kernel.deb"
    fi
    verbose "unpacking the kernel package"
    dpkg -x "$kdir/kernel.deb" "$work/root" || die "$EXIT_SETUP" "dpkg -x failed for $kdir/kernel.deb"
    kver=$(basename "$(find "$work/root/lib/modules" -mindepth 1 -maxdepth 1 -type d -print -quit)")
    [[ -n $kver && -f $work/root/boot/vmlinuz-$kver ]] || die "$EXIT_SETUP" "no kernel found in $pkg"
    # dpkg -x does not create modules.dep.
    depmod -b "$work/root" "$kver"
    mkdir -p "$work/initrd"/{bin,dev,proc,sys,newroot,modules}
    cp /bin/busybox "$work/initrd/bin/busybox"
    # --show-depends prints "insmod PATH [OPTS]" in load order; -C /dev/null
    # keeps the host's modprobe.d options out. Built-in modules print "builtin".
    for mod in "${GUEST_MODULES[@]}"; do
        modprobe -C /dev/null -d "$work/root" -S "$kver" --show-depends "$mod" ||
            die "$EXIT_SETUP" "module $mod not found in $pkg"
    done >"$work/deps"
    while read -r line; do
        [[ $line == insmod\ * ]] || continue
        ko=$(awk '{ print $2 }' <<<"$line")
        [[ -f $work/initrd/modules/${ko##*/} ]] && continue
        cp "$ko" "$work/initrd/modules/"
        echo "${ko##*/}" >>"$work/initrd/modules.list"
    done <"$work/deps"
    write_guest_init >"$work/initrd/init"
    chmod 755 "$work/initrd/init"
    (cd "$work/initrd" && find . -print0 | cpio --null -o -H newc --quiet | gzip -1) >"$work/initrd.img"
    cp "$work/root/boot/vmlinuz-$kver" "$work/vmlinuz"
    extract_vmlinux "$work/vmlinuz" "$work/vmlinux" || rm -f "$work/vmlinux"
    [[ -f $work/vmlinux ]] && mv -f "$work/vmlinux" "$kdir/vmlinux"
    mv -f "$work/vmlinuz" "$kdir/vmlinuz"
    # Drop initramfs of older script versions (not just-built ones: a run of
    # another version may be about to boot its own).
    find "$kdir" -maxdepth 1 -name 'initrd-*.img' -mmin +10 -delete
    mv -f "$work/initrd.img" "$initrd"
    rm -rf "$work"
    BUILD_DIR=
    exec {lock}>&-
}

# qemu option values use ',' as a separator; a literal comma is doubled.
qemu_escape() { printf '%s' "${1//,/,,}"; }

# Boots the VM and waits for it; sets GUEST_RC. Runs in the background so that
# a signal to softroce-vm reaches its trap at once (and stops the VM).
run_vm() {
    local kdir=$1 initrd=$2 append kernel=$1/vmlinuz
    [[ -f $kdir/vmlinux ]] && kernel=$kdir/vmlinux
    # cryptomgr.notests: crypto self-tests cost ~1 s of emulated boot. no_timer_check: on a
    # loaded host the emulated timer can miss the kernel's IO-APIC check, which panics.
    append="console=ttyS0 panic=-1 cryptomgr.notests no_timer_check rdinit=/init rdcp.mtu=$MTU"
    [[ ${RDCP_VM_VERBOSE:-0} == 1 ]] || append+=" quiet"
    follow_console "$RUN_DIR/console.log"
    # Command output: a virtio port (no tty, so no \r) into a file chardev.
    # Not -chardev stdio: qemu reads stdin, and at EOF it disconnects the
    # port, which blocks the guest's writes forever. The file chardev reopens
    # /dev/fd/N, so N is a pipe to cat: reopening our stdout itself would
    # truncate it or write at a separate offset when it is a regular file.
    open_output_pipe
    timeout -k 5 "$TIMEOUT" qemu-system-x86_64 \
        -M q35 -nodefaults -no-user-config -display none -no-reboot \
        -accel "tcg,thread=${RDCP_VM_TCG_THREAD:-single}" -cpu max -smp "${RDCP_VM_CPUS:-$(nproc)}" -m "$MEM" \
        -nic none \
        -kernel "$kernel" -initrd "$initrd" -append "$append" \
        -chardev "file,id=con,path=$(qemu_escape "$RUN_DIR/console.log")" -serial chardev:con \
        -virtfs local,path=/,mount_tag=rdcproot,security_model=none,readonly=on,multidevs=remap \
        -virtfs "local,path=$(qemu_escape "$RUN_DIR/share"),mount_tag=rdcprun,security_model=none" \
        "${work_share[@]}" \
        -device virtio-serial-pci -chardev "file,id=out,path=/dev/fd/$OUT_FD" \
        -device virtserialport,chardev=out,name=rdcp.out \
        </dev/null 2>"$RUN_DIR/qemu.log" &
    await_guest $!
}

backend_prepare() {
    local pkg
    ensure_host_packages "${COMMON_HOST_PKGS[@]}" qemu-system-x86 kmod cpio xz-utils
    KERNEL_PKG=${RDCP_VM_KERNEL_PKG:-}
    if [[ -z $KERNEL_PKG ]]; then
        KERNEL_PKG=$(resolve_dependency linux-image-amd64 '^linux-image-' "$CACHE_ROOT/kernel-pkg") ||
            die "$EXIT_SETUP" "cannot tell which kernel linux-image-amd64 depends on (apt-get update, or set RDCP_VM_KERNEL_PKG)"
    fi
    QEMU_KDIR=$CACHE_ROOT/${KERNEL_PKG#linux-image-}
    # Any edit of this backend (init text, module list) rebuilds the initramfs.
    QEMU_INITRD=$QEMU_KDIR/initrd-$(sha256sum "${BASH_SOURCE[0]}" | cut -c1-16).img
    build_guest_images "$KERNEL_PKG" "$QEMU_KDIR" "$QEMU_INITRD"
}

backend_run() {
    work_share=()
    if [[ $CWD != / ]]; then
        printf '%s' "$CWD" >"$RUN_DIR/share/workdir"
        work_share=(-virtfs "local,path=$(qemu_escape "$CWD"),mount_tag=rdcpwork,security_model=none")
    fi
    run_vm "$QEMU_KDIR" "$QEMU_INITRD"
}

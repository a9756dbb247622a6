/**
 * The seccomp filter bwrap installs on the skill (`--seccomp FD`): a classic BPF
 * program built here, since no libseccomp is at hand.
 *
 * With every capability dropped most of these calls fail anyway; the filter is the
 * second wall for what needs no capability (unshare/clone into a new user
 * namespace, which hands the caller a full set of capabilities inside it, and
 * with them mount), and for kernel interfaces a skill has no use for (keyrings,
 * bpf, perf, ptrace, io_uring, module loading, …). Denied calls answer EPERM, as
 * if unprivileged; clone3 answers ENOSYS so that libc falls back to clone, whose
 * namespace flags the filter can read (clone3 passes them in memory it cannot).
 * Syscalls of another ABI (i386 through int 0x80 on x86_64, x32) are all denied:
 * their numbers differ, and a filter keyed on x86_64 numbers would not see them.
 */

/** AUDIT_ARCH_* values as seccomp_data.arch reports them. */
const AUDIT_ARCH_X86_64 = 0xc000003e;
const AUDIT_ARCH_AARCH64 = 0xc00000b7;
/** x32 syscalls on x86_64 carry this bit in their number. */
const X32_SYSCALL_BIT = 0x40000000;

const EPERM = 1;
const ENOSYS = 38;

const SECCOMP_RET_ALLOW = 0x7fff0000;
const SECCOMP_RET_ERRNO = 0x00050000;

// Classic BPF opcodes (linux/filter.h).
const BPF_LD_W_ABS = 0x20;
const BPF_JEQ_K = 0x15;
const BPF_JGE_K = 0x35;
const BPF_JSET_K = 0x45;
const BPF_RET_K = 0x06;

// Offsets in struct seccomp_data: int nr; u32 arch; u64 ip; u64 args[6].
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
/** Low 32 bits of args[0] (little-endian: both supported ABIs are). */
const OFFSET_ARG0_LOW = 16;

/** Namespace flags of clone(2): CLONE_NEWNS|NEWCGROUP|NEWUTS|NEWIPC|NEWUSER|NEWPID|NEWNET. */
const CLONE_NAMESPACE_FLAGS =
  0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;

/** Calls denied with EPERM, by name (numbers per architecture below). */
export const DENIED_SYSCALLS = [
  'mount',
  'umount2',
  'pivot_root',
  'chroot',
  'unshare',
  'setns',
  'fsopen',
  'fsconfig',
  'fsmount',
  'fspick',
  'move_mount',
  'open_tree',
  'mount_setattr',
  'keyctl',
  'add_key',
  'request_key',
  'bpf',
  'perf_event_open',
  'ptrace',
  'process_vm_readv',
  'process_vm_writev',
  'pidfd_getfd',
  'kexec_load',
  'kexec_file_load',
  'init_module',
  'finit_module',
  'delete_module',
  'open_by_handle_at',
  'name_to_handle_at',
  'userfaultfd',
  'swapon',
  'swapoff',
  'reboot',
  'syslog',
  'acct',
  'settimeofday',
  'clock_settime',
  'clock_adjtime',
  'adjtimex',
  'quotactl',
  'quotactl_fd',
  'lookup_dcookie',
  'vhangup',
  'fanotify_init',
  'iopl',
  'ioperm',
  'io_uring_setup',
  'io_uring_enter',
  'io_uring_register',
] as const;

type DeniedName = (typeof DENIED_SYSCALLS)[number];

interface ArchTable {
  audit: number;
  /** Numbers of the denied calls; absent = the call does not exist on this arch. */
  numbers: Partial<Record<DeniedName, number>>;
  clone: number;
  clone3: number;
  /** Deny every syscall number at or above this (x32 on x86_64). */
  denyFrom: number | null;
}

const X86_64: ArchTable = {
  audit: AUDIT_ARCH_X86_64,
  clone: 56,
  clone3: 435,
  denyFrom: X32_SYSCALL_BIT,
  numbers: {
    mount: 165,
    umount2: 166,
    pivot_root: 155,
    chroot: 161,
    unshare: 272,
    setns: 308,
    fsopen: 430,
    fsconfig: 431,
    fsmount: 432,
    fspick: 433,
    move_mount: 429,
    open_tree: 428,
    mount_setattr: 442,
    keyctl: 250,
    add_key: 248,
    request_key: 249,
    bpf: 321,
    perf_event_open: 298,
    ptrace: 101,
    process_vm_readv: 310,
    process_vm_writev: 311,
    pidfd_getfd: 438,
    kexec_load: 246,
    kexec_file_load: 320,
    init_module: 175,
    finit_module: 313,
    delete_module: 176,
    open_by_handle_at: 304,
    name_to_handle_at: 303,
    userfaultfd: 323,
    swapon: 167,
    swapoff: 168,
    reboot: 169,
    syslog: 103,
    acct: 163,
    settimeofday: 164,
    clock_settime: 227,
    clock_adjtime: 305,
    adjtimex: 159,
    quotactl: 179,
    quotactl_fd: 443,
    lookup_dcookie: 212,
    vhangup: 153,
    fanotify_init: 300,
    iopl: 172,
    ioperm: 173,
    io_uring_setup: 425,
    io_uring_enter: 426,
    io_uring_register: 427,
  },
};

/** asm-generic numbering. */
const AARCH64: ArchTable = {
  audit: AUDIT_ARCH_AARCH64,
  clone: 220,
  clone3: 435,
  denyFrom: null,
  numbers: {
    mount: 40,
    umount2: 39,
    pivot_root: 41,
    chroot: 51,
    unshare: 97,
    setns: 268,
    fsopen: 430,
    fsconfig: 431,
    fsmount: 432,
    fspick: 433,
    move_mount: 429,
    open_tree: 428,
    mount_setattr: 442,
    keyctl: 219,
    add_key: 217,
    request_key: 218,
    bpf: 280,
    perf_event_open: 241,
    ptrace: 117,
    process_vm_readv: 270,
    process_vm_writev: 271,
    pidfd_getfd: 438,
    kexec_load: 104,
    kexec_file_load: 294,
    init_module: 105,
    finit_module: 273,
    delete_module: 106,
    open_by_handle_at: 265,
    name_to_handle_at: 264,
    userfaultfd: 282,
    swapon: 224,
    swapoff: 225,
    reboot: 142,
    syslog: 116,
    acct: 89,
    settimeofday: 170,
    clock_settime: 112,
    clock_adjtime: 266,
    adjtimex: 171,
    quotactl: 60,
    quotactl_fd: 443,
    lookup_dcookie: 18,
    vhangup: 58,
    fanotify_init: 262,
    io_uring_setup: 425,
    io_uring_enter: 426,
    io_uring_register: 427,
  },
};

const TABLES: Partial<Record<string, ArchTable>> = { x64: X86_64, arm64: AARCH64 };

interface Insn {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

/** A jump target resolved once the program is laid out. */
type Target = 'allow' | 'deny' | 'enosys';

interface PendingJump {
  code: number;
  k: number;
  /** Where to go when the test holds; null = fall through to the next instruction. */
  onTrue: Target | null;
  onFalse: Target | null;
}

/**
 * The filter for `arch` (a process.arch value) as raw `struct sock_filter` bytes,
 * or null when no table exists for that architecture.
 */
export function seccompProgram(arch: string = process.arch): Buffer | null {
  const table = TABLES[arch];
  if (!table) return null;
  const body: (Insn | PendingJump)[] = [];
  const stmt = (code: number, k: number): void => void body.push({ code, jt: 0, jf: 0, k });
  const jump = (code: number, k: number, onTrue: Target | null, onFalse: Target | null): void =>
    void body.push({ code, k, onTrue, onFalse });

  stmt(BPF_LD_W_ABS, OFFSET_ARCH);
  jump(BPF_JEQ_K, table.audit, null, 'deny');
  stmt(BPF_LD_W_ABS, OFFSET_NR);
  if (table.denyFrom !== null) jump(BPF_JGE_K, table.denyFrom, 'deny', null);
  jump(BPF_JEQ_K, table.clone3, 'enosys', null);
  for (const name of DENIED_SYSCALLS) {
    const nr = table.numbers[name];
    if (nr !== undefined) jump(BPF_JEQ_K, nr, 'deny', null);
  }
  // clone: allowed unless it asks for a new namespace.
  jump(BPF_JEQ_K, table.clone, null, 'allow');
  stmt(BPF_LD_W_ABS, OFFSET_ARG0_LOW);
  jump(BPF_JSET_K, CLONE_NAMESPACE_FLAGS, 'deny', 'allow');

  // Tail: allow, deny, enosys (fixed order; jumps are forward offsets into it).
  const tailIndex: Record<Target, number> = {
    allow: body.length,
    deny: body.length + 1,
    enosys: body.length + 2,
  };
  const insns: Insn[] = body.map((insn, i) => {
    if (!('onTrue' in insn)) return insn;
    const offset = (t: Target | null): number => (t === null ? 0 : tailIndex[t] - i - 1);
    const jt = offset(insn.onTrue);
    const jf = offset(insn.onFalse);
    if (jt > 255 || jf > 255) throw new Error('seccomp program too long for 8-bit jumps');
    return { code: insn.code, jt, jf, k: insn.k };
  });
  insns.push({ code: BPF_RET_K, jt: 0, jf: 0, k: SECCOMP_RET_ALLOW });
  insns.push({ code: BPF_RET_K, jt: 0, jf: 0, k: SECCOMP_RET_ERRNO | EPERM });
  insns.push({ code: BPF_RET_K, jt: 0, jf: 0, k: SECCOMP_RET_ERRNO | ENOSYS });

  const out = Buffer.alloc(insns.length * 8);
  insns.forEach((insn, i) => {
    out.writeUInt16LE(insn.code, i * 8);
    out.writeUInt8(insn.jt, i * 8 + 2);
    out.writeUInt8(insn.jf, i * 8 + 3);
    out.writeUInt32LE(insn.k >>> 0, i * 8 + 4);
  });
  return out;
}

/**
 * The seccomp program, run through a small classic-BPF interpreter: what it
 * answers for the calls it must deny, the ones it must allow, clone's namespace
 * flags, clone3, the x32 ABI and a foreign architecture. (The hostile-skill tests
 * check the same filter inside a real bwrap.)
 */
import { describe, expect, it } from 'vitest';
import { seccompProgram } from './seccomp';

const ALLOW = 0x7fff0000;
const ERRNO = 0x00050000;
const EPERM = ERRNO | 1;
const ENOSYS = ERRNO | 38;
const X86_64 = 0xc000003e;
const AARCH64 = 0xc00000b7;
const I386 = 0x40000003;
const CLONE_NEWUSER = 0x10000000;
const CLONE_NEWNS = 0x00020000;
const SIGCHLD = 17;

/** Runs the filter on one seccomp_data (nr, arch, args[0]) and returns its verdict. */
function verdict(program: Buffer, nr: number, arch: number, arg0 = 0): number {
  const data = Buffer.alloc(64);
  data.writeInt32LE(nr | 0, 0);
  data.writeUInt32LE(arch >>> 0, 4);
  data.writeUInt32LE(arg0 >>> 0, 16);
  let acc = 0;
  for (let pc = 0; pc < program.length / 8; pc++) {
    const code = program.readUInt16LE(pc * 8);
    const jt = program.readUInt8(pc * 8 + 2);
    const jf = program.readUInt8(pc * 8 + 3);
    const k = program.readUInt32LE(pc * 8 + 4);
    switch (code) {
      case 0x20: // ld [k]
        acc = data.readUInt32LE(k);
        break;
      case 0x15: // jeq
        pc += acc === k ? jt : jf;
        break;
      case 0x35: // jge
        pc += acc >= k ? jt : jf;
        break;
      case 0x45: // jset
        pc += (acc & k) !== 0 ? jt : jf;
        break;
      case 0x06: // ret
        return k;
      default:
        throw new Error(`unexpected opcode ${code.toString(16)}`);
    }
  }
  throw new Error('fell off the end of the program');
}

describe('seccomp program', () => {
  it('x86_64: denies mount and namespace calls, allows ordinary ones', () => {
    const p = seccompProgram('x64');
    if (!p) throw new Error('no program for x64');
    expect(p.length % 8).toBe(0);
    const cases: [string, number, number][] = [
      ['mount', 165, EPERM],
      ['umount2', 166, EPERM],
      ['pivot_root', 155, EPERM],
      ['unshare', 272, EPERM],
      ['setns', 308, EPERM],
      ['keyctl', 250, EPERM],
      ['bpf', 321, EPERM],
      ['ptrace', 101, EPERM],
      ['init_module', 175, EPERM],
      ['open_by_handle_at', 304, EPERM],
      ['userfaultfd', 323, EPERM],
      ['io_uring_setup', 425, EPERM],
      ['fsopen', 430, EPERM],
      ['clone3', 435, ENOSYS],
      ['read', 0, ALLOW],
      ['write', 1, ALLOW],
      ['openat', 257, ALLOW],
      ['execve', 59, ALLOW],
      ['fork', 57, ALLOW],
    ];
    for (const [name, nr, expected] of cases) expect(verdict(p, nr, X86_64), name).toBe(expected);
  });

  it('x86_64: clone is allowed unless it asks for a namespace', () => {
    const p = seccompProgram('x64') as Buffer;
    expect(verdict(p, 56, X86_64, SIGCHLD)).toBe(ALLOW);
    expect(verdict(p, 56, X86_64, 0x003d0f00)).toBe(ALLOW); // pthread_create's flags
    expect(verdict(p, 56, X86_64, SIGCHLD | CLONE_NEWUSER)).toBe(EPERM);
    expect(verdict(p, 56, X86_64, CLONE_NEWNS)).toBe(EPERM);
  });

  it('x86_64: denies the x32 ABI and every other architecture', () => {
    const p = seccompProgram('x64') as Buffer;
    expect(verdict(p, 0x40000000 + 0, X86_64)).toBe(EPERM);
    expect(verdict(p, 3, I386)).toBe(EPERM);
    expect(verdict(p, 0, AARCH64)).toBe(EPERM);
  });

  it('aarch64: its own numbers', () => {
    const p = seccompProgram('arm64') as Buffer;
    expect(verdict(p, 40, AARCH64)).toBe(EPERM); // mount
    expect(verdict(p, 97, AARCH64)).toBe(EPERM); // unshare
    expect(verdict(p, 220, AARCH64, CLONE_NEWUSER)).toBe(EPERM);
    expect(verdict(p, 220, AARCH64, SIGCHLD)).toBe(ALLOW);
    expect(verdict(p, 435, AARCH64)).toBe(ENOSYS);
    expect(verdict(p, 63, AARCH64)).toBe(ALLOW); // read
    expect(verdict(p, 165, X86_64)).toBe(EPERM);
  });

  it('has no program for an architecture it has no table for', () => {
    expect(seccompProgram('riscv64')).toBeNull();
    expect(seccompProgram('ia32')).toBeNull();
  });
});

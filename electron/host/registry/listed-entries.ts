/**
 * Directory entries that cross to another thread (scan-parallel.ts). A Dirent keeps
 * its type in a private symbol, which structured clone drops, so entries travel as names
 * and type codes and come back as ListedEntry objects that answer every Dirent question
 * exactly as the listed Dirent did: a skill read from them is the skill read from the
 * listing itself.
 */
import type { Dirent } from 'node:fs';

/** The entries of one folder, as plain data. */
export interface PackedEntries {
  /** The folder they were listed from (each entry's parentPath). */
  parent: string;
  names: string[];
  /** One TYPE code per name. */
  types: number[];
}

const TYPE = {
  unknown: 0,
  file: 1,
  directory: 2,
  symlink: 3,
  fifo: 4,
  socket: 5,
  charDevice: 6,
  blockDevice: 7,
} as const;

function typeOf(e: Dirent): number {
  if (e.isFile()) return TYPE.file;
  if (e.isDirectory()) return TYPE.directory;
  if (e.isSymbolicLink()) return TYPE.symlink;
  if (e.isFIFO()) return TYPE.fifo;
  if (e.isSocket()) return TYPE.socket;
  if (e.isCharacterDevice()) return TYPE.charDevice;
  if (e.isBlockDevice()) return TYPE.blockDevice;
  return TYPE.unknown;
}

export function packEntries(parent: string, entries: readonly Dirent[]): PackedEntries {
  return { parent, names: entries.map((e) => e.name), types: entries.map(typeOf) };
}

export function unpackEntries(packed: PackedEntries): Dirent[] {
  return packed.names.map((name, i) => new ListedEntry(name, packed.parent, packed.types[i]));
}

/** A Dirent rebuilt from its name and type code. */
export class ListedEntry implements Dirent {
  constructor(
    readonly name: string,
    readonly parentPath: string,
    private readonly type: number,
  ) {}

  /** Node 20's deprecated alias of parentPath. */
  get path(): string {
    return this.parentPath;
  }

  isFile(): boolean {
    return this.type === TYPE.file;
  }
  isDirectory(): boolean {
    return this.type === TYPE.directory;
  }
  isSymbolicLink(): boolean {
    return this.type === TYPE.symlink;
  }
  isFIFO(): boolean {
    return this.type === TYPE.fifo;
  }
  isSocket(): boolean {
    return this.type === TYPE.socket;
  }
  isCharacterDevice(): boolean {
    return this.type === TYPE.charDevice;
  }
  isBlockDevice(): boolean {
    return this.type === TYPE.blockDevice;
  }
}

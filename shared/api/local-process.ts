/**
 * The Studio API's local-process methods: what a process of this machine run by its user
 * (the CLI, MCP) asks of the host beyond what a window may. Each names or returns paths
 * of this machine (a folder to check, a bundle to write, a source to install, an MCP
 * client's config, the server's token file), so the router refuses every one to a window
 * and to the network (electron/host/params/method-callers.ts), and only the in-process
 * host serves them (electron/host/in-process/): the desktop app's and the server's host
 * have no caller that may ask.
 */
import type { SkillReadMethods } from './skill-reads';
import type { BundleFileMethods } from './bundle-files';
import type { InstallSourceMethods } from './install';
import type { LocalToolMethods } from './local-tools';

export interface LocalProcessMethods
  extends SkillReadMethods, BundleFileMethods, InstallSourceMethods, LocalToolMethods {}

export type LocalProcessMethod = keyof LocalProcessMethods;

/**
 * What a command-line entry takes from the host before any command runs: the version, the
 * log's sink, the shutdown handlers that stop every live run, and the template names its
 * help lists. Small on purpose: every process loads it.
 */
export { appVersion } from '../app-paths';
export { configureLog } from '../log';
export { exitCodeFor, installShutdownHandlers, type ShutdownHandle } from '../lifecycle/shutdown';
export { stopAllRuns } from '../runner/live-runs';
export { TEMPLATE_NAMES } from '../template-names';

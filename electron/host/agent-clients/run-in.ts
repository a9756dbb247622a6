/**
 * The studio's call extension `metadata.run_in` (docs/contracts.md, A2E): read once, in
 * shared/, so that the host that honours it and the playground that shows it agree.
 */
export { readRunIn } from '../../../shared/agent-clients/run-in';

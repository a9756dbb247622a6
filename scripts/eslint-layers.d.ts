/** Types of the layer rule's plain-JS module (eslint.config.js loads it untranspiled). */
import type { ESLint } from 'eslint';

export function layerOf(relPath: string): string | null;
export function hostFloorOf(relPath: string): number | null;
export const HOST_FLOORS: readonly { floor: string; paths: readonly string[] }[];
export function layerViolation(from: string, to: string): string | null;
declare const plugin: ESLint.Plugin;
export default plugin;

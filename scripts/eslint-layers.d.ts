/** Types of the layer rule's plain-JS module (eslint.config.js loads it untranspiled). */
import type { ESLint } from 'eslint';

export function layerOf(relPath: string): string | null;
export function layerViolation(from: string, to: string): string | null;
declare const plugin: ESLint.Plugin;
export default plugin;

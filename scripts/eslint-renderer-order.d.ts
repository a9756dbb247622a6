/** Types of the renderer order rule's plain-JS module (eslint.config.js loads it untranspiled). */
import type { ESLint } from 'eslint';

export function unitOf(srcRelPath: string): string;
export function orderViolation(from: string, to: string): string | null;
declare const plugin: ESLint.Plugin;
export default plugin;

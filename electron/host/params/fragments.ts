/**
 * Params schema pieces that more than one table of the Studio API uses
 * (./studio-params.ts and ./eval-params.ts).
 */
import { string } from './typed-schema';

/** A skill's folder (absolute), or a name only one skill has (shared/api/studio-api.ts). */
export const skillRef = string({ minLength: 1, maxLength: 4096 });

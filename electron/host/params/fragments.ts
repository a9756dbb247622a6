/**
 * Params schema pieces that more than one table of the Studio API uses
 * (./studio-params.ts, ./eval-params.ts, ./install-source-params.ts).
 */
import type { ClientId } from '../../../shared/skill/client-profiles';
import { INSTALLABLE_CLIENTS } from '../install/clients';
import { oneOfValues, string } from './typed-schema';

/** A skill's folder (absolute), or a name only one skill has (shared/api/studio-api.ts). */
export const skillRef = string({ minLength: 1, maxLength: 4096 });

/** The agent client a skill is installed into (one with a skills folder), and where. */
export const installClient = oneOfValues<ClientId>(INSTALLABLE_CLIENTS);
export const installScope = oneOfValues(['user', 'project']);

/**
 * How each agent client's skill listing reads in what it sends the model: the marks the
 * catalog renders (electron/host/agent-clients/listing/) and the "Sent to the model" view
 * looks for in a recorded request (sent-to-model.ts). Kept here, once, so that the
 * prediction and the reading of a real request cannot drift apart.
 */
import { CLAUDE_CODE_LISTING_MAX } from '../skill/client-profiles';

export { CLAUDE_CODE_LISTING_MAX };

/** Claude Code's listing opens with this, then one `- NAME: TEXT` (or `- NAME`) line per skill. */
export const CLAUDE_CODE_HEADER =
  'The following skills are available for use with the Skill tool:\n\n';
/** Claude Code's mark at the end of a cut entry (1,535 characters and this). */
export const CLAUDE_CODE_CUT_MARK = '…';

/** Codex's listing block; its entries are `- NAME: DESCRIPTION (file: rN/FOLDER/SKILL.md)`. */
export const CODEX_LISTING_OPEN = '<skills_instructions>';
export const CODEX_LISTING_CLOSE = '</skills_instructions>';
/** Codex cuts a description at this many characters (1,021 and `...`). */
export const CODEX_DESCRIPTION_MAX = 1024;
export const CODEX_CUT_MARK = '...';

/** Gemini CLI's and OpenCode's listing: `<skill><name>…</name><description>…</description>…`. */
export const XML_LISTING_OPEN = '<available_skills>';
export const XML_LISTING_CLOSE = '</available_skills>';

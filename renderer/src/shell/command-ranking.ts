/**
 * The command palette's order, pure: with no query the table's order; else titles that
 * start with the query, then hold it, then hold its letters in order (fuzzy), each tier
 * in the table's order (skill-ranking.ts's matching, on titles). Words typed apart
 * (`tog side`) each start a word of the title, in order.
 */
import { matchText, TIER_RANK } from './dialogs/skill-ranking';

export function rankCommands<C extends { title: string }>(
  commands: readonly C[],
  query: string,
): C[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...commands];
  const ranked: { c: C; tier: number; cost: number }[] = [];
  for (const c of commands) {
    const title = c.title.toLowerCase().replace(/…$/, '');
    const m = matchText(title, q);
    if (m) ranked.push({ c, tier: TIER_RANK[m.tier], cost: m.tier === 'fuzzy' ? m.cost : 0 });
    else if (q.includes(' ') && wordsInOrder(title, q.split(/\s+/)))
      ranked.push({ c, tier: TIER_RANK.fuzzy, cost: 0 });
  }
  ranked.sort((a, b) => a.tier - b.tier || a.cost - b.cost);
  return ranked.map((r) => r.c);
}

/** True when each of `words` starts a word of `title`, in order. */
function wordsInOrder(title: string, words: readonly string[]): boolean {
  const titleWords = title.split(/[\s/]+/);
  let at = 0;
  for (const w of words) {
    while (at < titleWords.length && !titleWords[at].startsWith(w)) at++;
    if (at >= titleWords.length) return false;
    at++;
  }
  return true;
}

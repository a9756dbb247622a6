/**
 * Which skills a model may confuse: a lexical similarity of their descriptions. Each
 * description (with Claude Code's when_to_use) becomes a bag of word tokens, lower-cased,
 * stop words out, light suffix stemming (so "charts" and "charting" meet "chart"),
 * weighted TF-IDF (term count × ln((1+N)/(1+df)) + 1, as scikit-learn smooths it, so
 * two skills alone still score), and a pair's score is the cosine of their vectors. A
 * pair at or above CONFUSABLE_THRESHOLD is reported with the terms that weigh most.
 *
 * The threshold, 0.5, read off the public skill collections (443 descriptions, 71 pairs at
 * or above it): above it pairs read as one job said twice (git-commit and
 * conventional-commit 0.55, breakdown-epic-pm and breakdown-epic-arch 0.59, the Azure and
 * AWS well-architected reviews 0.93); at 0.4–0.5 they are neighbours of one domain that a
 * model can still tell apart (the Fedora and Debian triage skills, two MCP tools). Pure;
 * the scores come from an inverted index, so only pairs that share a term are compared.
 */
import type { CatalogPair } from '../../../../shared/api/agent-catalog';

export const CONFUSABLE_THRESHOLD = 0.5;
const MAX_SHARED_TERMS = 6;

const STOP = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each etc few for from further had has have having he her here hers ' +
    'him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours ' +
    'out over own same she should so some such than that the their them then there these they this those through to too ' +
    'under until up very was we were what when where which while who whom why will with would you your yours use used uses ' +
    'using user users skill skills e g eg ie via'
  ).split(' '),
);

/** A light English stem: enough that plural and -ing/-ed forms of a word meet. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('sses')) w = w.slice(0, -2);
  else if (
    w.length > 3 &&
    w.endsWith('s') &&
    !w.endsWith('ss') &&
    !w.endsWith('us') &&
    !w.endsWith('is')
  )
    w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0];
    if (w.length < 2 || STOP.has(w) || /^\d+$/.test(w)) continue;
    out.push(stem(w));
  }
  return out;
}

export interface SimilarityDoc {
  /** A key of one skill (its path, or its name for a client's own). */
  key: string;
  text: string;
}

export interface SimilarityIndex {
  /** Pairs of keys at or above the threshold, with score and shared terms. */
  pairs: { a: string; b: string; score: number; shared_terms: string[] }[];
}

/** Every pair of `docs` at or above `threshold`, highest score first. */
export function similarPairs(
  docs: readonly SimilarityDoc[],
  threshold = CONFUSABLE_THRESHOLD,
): SimilarityIndex['pairs'] {
  const n = docs.length;
  const termId = new Map<string, number>();
  const terms: string[] = [];
  const counts: Map<number, number>[] = docs.map((d) => {
    const m = new Map<number, number>();
    for (const t of tokens(d.text)) {
      let id = termId.get(t);
      if (id === undefined) {
        id = terms.length;
        terms.push(t);
        termId.set(t, id);
      }
      m.set(id, (m.get(id) ?? 0) + 1);
    }
    return m;
  });
  const df = new Uint32Array(terms.length);
  for (const m of counts) for (const id of m.keys()) df[id]++;
  const idf = Float64Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1);
  // Unit vectors per doc, and the postings of each term in one flat array (doc order).
  const start = new Uint32Array(terms.length + 1);
  for (let t = 0; t < terms.length; t++) start[t + 1] = start[t] + df[t];
  const postDoc = new Uint32Array(start[terms.length]);
  const postW = new Float64Array(start[terms.length]);
  const fill = start.slice(0, terms.length);
  const vecIds: Uint32Array[] = [];
  const vecWs: Float64Array[] = [];
  counts.forEach((m, doc) => {
    const ids = Uint32Array.from(m.keys());
    const ws = Float64Array.from(ids, (id) => (m.get(id) as number) * idf[id]);
    const norm = Math.sqrt(ws.reduce((a, w) => a + w * w, 0)) || 1;
    for (let k = 0; k < ids.length; k++) {
      ws[k] /= norm;
      const at = fill[ids[k]]++;
      postDoc[at] = doc;
      postW[at] = ws[k];
    }
    vecIds.push(ids);
    vecWs.push(ws);
  });
  const acc = new Float64Array(n);
  const touched = new Uint32Array(n);
  const out: SimilarityIndex['pairs'] = [];
  // Docs are visited in order and each term's postings are in doc order, so the postings
  // after doc i start one past a cursor that moves with i: no pair is looked at twice.
  const cursor = start.slice(0, terms.length);
  for (let i = 0; i < n; i++) {
    let nTouched = 0;
    const ids = vecIds[i];
    const ws = vecWs[i];
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k];
      const w = ws[k];
      const end = start[id + 1];
      for (let q = ++cursor[id]; q < end; q++) {
        const d = postDoc[q];
        if (acc[d] === 0) touched[nTouched++] = d;
        acc[d] += w * postW[q];
      }
    }
    for (let t = 0; t < nTouched; t++) {
      const j = touched[t];
      const score = acc[j];
      acc[j] = 0;
      if (score < threshold) continue;
      const wj = new Map<number, number>();
      vecIds[j].forEach((id, k) => wj.set(id, vecWs[j][k]));
      const shared = Array.from(ids, (id, k) => [id, ws[k] * (wj.get(id) ?? 0)] as const)
        .filter(([, w]) => w > 0)
        .sort((x, y) => y[1] - x[1])
        .slice(0, MAX_SHARED_TERMS)
        .map(([id]) => terms[id]);
      out.push({ a: docs[i].key, b: docs[j].key, score: Math.min(1, score), shared_terms: shared });
    }
  }
  return out.sort((x, y) => y.score - x.score);
}

/** The pairs among one client's listed skills, by their names. */
export function pairsAmong(
  all: SimilarityIndex['pairs'],
  names: ReadonlyMap<string, string>,
): CatalogPair[] {
  const out: CatalogPair[] = [];
  for (const p of all) {
    const a = names.get(p.a);
    const b = names.get(p.b);
    if (a === undefined || b === undefined || a === b) continue;
    out.push({ a, b, score: Math.round(p.score * 1000) / 1000, shared_terms: p.shared_terms });
  }
  return out;
}

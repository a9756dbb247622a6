/**
 * The catalog (docs/contracts.md, `skill-studio catalog`, the Portability tab's Catalog
 * view): for each agent client, the skills it would find from this project and the
 * user's folders, its skill listing exactly as it renders it, the listing's size against
 * the client's budget, which entries the budget or a length cap cuts or drops, and the
 * pairs of skills whose descriptions are so alike that a model may confuse them.
 */
import type { AgentClientId } from './agent-clients';

/**
 * How an entry shows in the listing: `whole` (its description in full), `cut` (its
 * description shortened) or `dropped` (its description is not there: listed by name
 * alone when `listed`, or not listed at all).
 */
export type CatalogShown = 'whole' | 'cut' | 'dropped';

/** Where an entry comes from: a project folder, a user folder, or the client itself. */
export type CatalogSource = 'project' | 'user' | 'client';

export interface CatalogEntry {
  name: string;
  source: CatalogSource;
  /** The folder it was found in as the client names it (`.claude/skills`, `~/.agents/skills`), or `built-in`. */
  folder: string;
  /** Its SKILL.md (absolute), or null for a skill the client carries itself. */
  path: string | null;
  shown: CatalogShown;
  /** False when the entry is not in the listing at all (shadowed, or dropped whole). */
  listed: boolean;
  /** Characters of its entry in the listing (0 when not listed). */
  chars: number;
  /** Characters of the description the client would list, before any cut. */
  description_chars: number;
  /** Characters of it that the listing shows. */
  shown_chars: number;
  /** Why it is cut or dropped, in words; null when whole. */
  reason: string | null;
}

export interface CatalogBudget {
  /** The most the client spends on the listing, or null when it sets no bound. */
  limit: number | null;
  /** Characters, or the client's own estimated tokens (Codex: 4 bytes of UTF-8 each). */
  unit: 'characters' | 'tokens';
  /** What the listing spends, counted the client's way (see `basis`). */
  used: number;
  /** How the client counts and where the figure comes from. */
  basis: string;
}

export interface CatalogPair {
  a: string;
  b: string;
  /** Cosine similarity of the two descriptions' TF-IDF vectors, 0..1. */
  score: number;
  /** The terms (stemmed) that weigh most in the score, highest first. */
  shared_terms: string[];
}

export interface CatalogClient {
  id: AgentClientId;
  name: string;
  /** The client version whose rendering the listing follows. */
  renders_version: string;
  budget: CatalogBudget;
  /** The listing text exactly as the client puts it in what it sends the model. */
  listing: string;
  entries: CatalogEntry[];
  confusable: CatalogPair[];
  /** SKILL.md files the client would not list (no description, unreadable), with why. */
  skipped: { path: string; reason: string }[];
}

export interface CatalogReport {
  clients: CatalogClient[];
  /** Pairs at or above this similarity are reported as confusable. */
  confusable_threshold: number;
}

export interface AgentCatalogMethods {
  /** The catalog of every agent client, or of one. */
  'catalog.get': [{ client?: AgentClientId }, CatalogReport];
}

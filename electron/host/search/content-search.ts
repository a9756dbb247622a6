/**
 * Find in files: every line of every text file of the given skills that matches a query
 * (plain text or a regular expression on RE2, so no pattern can take more than linear
 * time on a line). Files are listed by the one skill tree walker (fs/walk-tree.ts: its
 * link rules, a link leaving the skill is not followed) and read by the hardened reader
 * (fs/safe-read.ts: regular files inside the skill only, never blocking on a FIFO).
 * Binary files and files over the size cap are skipped. The search is bounded in matches
 * and in time, and says which bound stopped it.
 */
import type {
  ContentFileMatches,
  ContentMatch,
  ContentSearchResult,
} from '../../../shared/api/search';
import { compileLinearRegExp } from '../../../shared/json/json-schema';
import { errorMessage } from '../../../shared/errors';
import { InvalidRequestError } from '../fs/errors';
import { isText } from '../fs/file-kind';
import { readInsideSkill } from '../fs/safe-read';
import { walkSkillTree } from '../fs/walk-tree';

/** Files larger than this are not searched (the editor's own text cap is larger). */
export const SEARCH_FILE_MAX_BYTES = 1024 * 1024;
/** A shown line is cut to about this many characters around its match. */
const LINE_SHOWN_CHARS = 240;
/** The most matches kept of one line (a regex such as `.` matches every character). */
const MATCHES_PER_LINE = 20;

export interface SearchSkill {
  name: string;
  dir: string;
}

export interface SearchOptions {
  query: string;
  caseSensitive: boolean;
  regex: boolean;
  maxResults: number;
  /** Stop reading files after this long (ms). */
  timeBudgetMs: number;
  now?: () => number;
}

/** Finds the matches of one line: [start, end) pairs in UTF-16 code units. */
type LineMatcher = (line: string) => [number, number][];

/** JavaScript's syntax characters, escaped so a plain query is a literal in unicode mode. */
const escapeLiteral = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** The matcher for a query, or an InvalidRequestError naming what is wrong with it. */
export function lineMatcher(query: string, caseSensitive: boolean, regex: boolean): LineMatcher {
  if (query === '') throw new InvalidRequestError('search: type something to search for');
  if (!regex && caseSensitive) {
    return (line) => {
      const out: [number, number][] = [];
      for (let at = line.indexOf(query); at >= 0 && out.length < MATCHES_PER_LINE;) {
        out.push([at, at + query.length]);
        at = line.indexOf(query, at + query.length);
      }
      return out;
    };
  }
  let re: ReturnType<typeof compileLinearRegExp>;
  try {
    re = compileLinearRegExp(regex ? query : escapeLiteral(query), caseSensitive ? '' : 'i');
  } catch (err) {
    throw new InvalidRequestError(`search: the regular expression ${errorMessage(err)}`);
  }
  return (line) => {
    const out: [number, number][] = [];
    const m = re.matcher(line);
    while (out.length < MATCHES_PER_LINE && m.find()) {
      out.push([m.start(), m.end()]);
      // An empty match would be found again at the same place.
      if (m.end() === m.start() && m.end() >= line.length) break;
    }
    return out;
  };
}

/** The line as shown: cut around the match when long, with where the match now starts. */
function shownLine(line: string, start: number): { text: string; textStart: number } {
  if (line.length <= LINE_SHOWN_CHARS) return { text: line, textStart: start };
  const from = Math.max(0, start - 40);
  const to = Math.min(line.length, from + LINE_SHOWN_CHARS);
  const lead = from > 0 ? '…' : '';
  return {
    text: `${lead}${line.slice(from, to)}${to < line.length ? '…' : ''}`,
    textStart: start - from + lead.length,
  };
}

export async function searchContents(
  skills: readonly SearchSkill[],
  opts: SearchOptions,
): Promise<ContentSearchResult> {
  const match = lineMatcher(opts.query, opts.caseSensitive, opts.regex);
  const now = opts.now ?? Date.now;
  const deadline = now() + opts.timeBudgetMs;
  const result: ContentSearchResult = {
    files: [],
    total: 0,
    truncated: false,
    timedOut: false,
    searchedFiles: 0,
    skippedFiles: 0,
  };
  for (const skill of skills) {
    let entries;
    try {
      ({ entries } = await walkSkillTree(skill.dir, { stats: true }));
    } catch {
      continue; // the folder went away since it was listed
    }
    for (const entry of entries) {
      if (now() > deadline) {
        result.timedOut = true;
        return result;
      }
      if (entry.dir) continue;
      if (entry.bytes > SEARCH_FILE_MAX_BYTES) {
        result.skippedFiles++;
        continue;
      }
      let data: Buffer;
      try {
        ({ data } = await readInsideSkill(skill.dir, entry.path, {
          maxBytes: SEARCH_FILE_MAX_BYTES,
        }));
      } catch {
        result.skippedFiles++; // a link out of the skill, a FIFO, grown past the cap, gone
        continue;
      }
      if (!isText(data)) {
        result.skippedFiles++;
        continue;
      }
      result.searchedFiles++;
      const found = matchFile(data.toString('utf8'), match, opts.maxResults - result.total);
      if (found.matches.length > 0) {
        const file: ContentFileMatches = {
          skill: skill.name,
          dir: skill.dir,
          path: entry.path,
          matches: found.matches,
        };
        result.files.push(file);
        result.total += found.matches.length;
      }
      if (found.full) {
        result.truncated = true;
        return result;
      }
    }
  }
  return result;
}

/** The matches of one file, at most `room`; `full` when there was more than room for. */
function matchFile(
  text: string,
  match: LineMatcher,
  room: number,
): { matches: ContentMatch[]; full: boolean } {
  const matches: ContentMatch[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    for (const [start, end] of match(lines[i])) {
      if (matches.length >= room) return { matches, full: true };
      matches.push({
        line: i + 1,
        column: start + 1,
        length: end - start,
        ...shownLine(lines[i], start),
      });
    }
  }
  return { matches, full: false };
}

/**
 * Find in files (Ctrl/Cmd+Shift+F) and a file as committed at git HEAD (the diff view):
 * the Studio API methods that read across skills' files for the editor.
 */

/** The longest query `search.contents` takes (a regex longer than this is refused). */
export const SEARCH_QUERY_MAX_CHARS = 1000;
/** The most matches one search returns, whatever `maxResults` asks. */
export const SEARCH_MAX_RESULTS = 5000;

export interface ContentSearchParams {
  query: string;
  /** Default false: letters match in either case. */
  caseSensitive?: boolean;
  /** The query is a regular expression, run on RE2 (no backreferences or lookarounds). */
  regex?: boolean;
  /** Default 1000, at most SEARCH_MAX_RESULTS. */
  maxResults?: number;
}

export interface ContentMatch {
  /** 1-based line of the file. */
  line: number;
  /** 1-based column (UTF-16 code units, as the editor counts) where the match starts. */
  column: number;
  /** Length of the match in UTF-16 code units (0 for an empty match). */
  length: number;
  /** The line's text, cut around the match when it is long. */
  text: string;
  /** Where the match starts in `text` (0-based). */
  textStart: number;
}

export interface ContentFileMatches {
  /** The skill's name (for display) and folder (its identity, what a call names). */
  skill: string;
  dir: string;
  /** Posix path inside the skill. */
  path: string;
  matches: ContentMatch[];
}

export interface ContentSearchResult {
  files: ContentFileMatches[];
  /** Matches returned. */
  total: number;
  /** `maxResults` was reached: there may be more. */
  truncated: boolean;
  /** The time bound stopped the search before every file was read. */
  timedOut: boolean;
  /** Text files read. */
  searchedFiles: number;
  /** Files left out: binary, over the size cap, or unreadable. */
  skippedFiles: number;
}

/** `files.atHead`: the file as git HEAD has it. */
export type FileAtHead =
  | { status: 'committed'; text: string }
  /** The file is in a git work tree but not in HEAD (new since the last commit). */
  | { status: 'untracked'; message: string }
  /** The skill is in no git work tree (or git is not installed). */
  | { status: 'not_in_git'; message: string };

export interface SearchMethods {
  'search.contents': [ContentSearchParams, ContentSearchResult];
  'files.atHead': [{ skill: string; path: string }, FileAtHead];
}

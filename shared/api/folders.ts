/**
 * Browsing folders on the studio's machine, for "Open folder" in browser mode (a browser
 * cannot show the server's file system). Only inside the allowed roots: the user's home
 * folder and the open workspace's parent, under the same link rules as every other path
 * (a folder whose real path leaves the roots is neither listed nor opened).
 */

/** One child folder. */
export interface FolderEntry {
  name: string;
  /** Absolute path, to browse into or open. */
  path: string;
  /** Starts with a dot (hidden by default in the picker). */
  hidden: boolean;
}

/** `folders.browse`: the child folders of one folder (never files). */
export interface FolderListing {
  /** The folder listed (absolute; the root itself when no path was given). */
  path: string;
  /** Its parent, or null at a root (nothing above it may be listed). */
  parent: string | null;
  /** The roots, to start again from (home first). */
  roots: string[];
  folders: FolderEntry[];
  /** More child folders than the listing holds. */
  truncated: boolean;
}

export interface FolderMethods {
  /**
   * Child folders of `path` (absent: the first root). A path outside the roots, or whose real
   * path leaves them through a link, is refused (`forbidden_path`).
   */
  'folders.browse': [{ path?: string }, FolderListing];
}

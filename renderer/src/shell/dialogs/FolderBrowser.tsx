import { useEffect, useState } from 'react';
import type { FolderListing } from '../../../../shared/api/folders';
import { backend } from '../../backend/current';
import { errorMessage } from '../../backend/studio-error';
import { Icon } from '../../ui/Icon';
import '../../styles/room.css';

/**
 * The server's folders for "Open folder" in browser mode (`folders.browse`): the page cannot
 * see the studio's disk, so the host lists child folders under the home folder and the
 * workspace's parent. A click goes into a folder and puts its path in the field; Up and the
 * roots go back. Hidden folders show on request.
 */
export function FolderBrowser({
  start,
  onPick,
}: {
  /** Where to start (the current workspace); outside the roots, the first root. */
  start: string | null;
  /** A folder chosen (its path goes into the dialog's field). */
  onPick(path: string): void;
}) {
  const [listing, setListing] = useState<FolderListing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showHidden, setShowHidden] = useState(false);

  const browse = async (path?: string, fallback = false) => {
    try {
      const next = await backend().call('folders.browse', path ? { path } : {});
      setListing(next);
      setError(null);
      return true;
    } catch (err) {
      if (fallback) return browse(undefined, false);
      setError(errorMessage(err));
      return false;
    }
  };

  useEffect(() => {
    // The workspace's parent shows its siblings; outside the roots, start from home.
    const parent = start ? start.replace(/[\\/][^\\/]+[\\/]?$/, '') || start : undefined;
    void browse(parent, true);
    // Only on open: later moves are the user's.
  }, []);

  const go = async (path: string) => {
    if (await browse(path)) onPick(path);
  };

  const shown = listing?.folders.filter((f) => showHidden || !f.hidden) ?? [];
  return (
    <div className="folder-browser" data-testid="folder-browser">
      <div className="folder-browser-bar">
        <button
          type="button"
          className="button small"
          disabled={!listing?.parent}
          onClick={() => listing?.parent && void go(listing.parent)}
          data-testid="folder-up"
          title="Up one folder"
        >
          Up
        </button>
        <span className="folder-browser-path" title={listing?.path} data-testid="folder-current">
          {/* Ellipsized at the start (the end of a path says most), read left to right. */}
          <span dir="ltr">{listing?.path ?? '…'}</span>
        </span>
        <label className="folder-browser-hidden">
          <input
            type="checkbox"
            checked={showHidden}
            onChange={(e) => setShowHidden(e.target.checked)}
          />
          Hidden
        </label>
      </div>
      {listing && listing.roots.length > 1 && (
        <div className="folder-browser-roots">
          {listing.roots.map((r) => (
            <button
              key={r}
              type="button"
              className="link-button"
              onClick={() => void go(r)}
              title={r}
            >
              {r}
            </button>
          ))}
        </div>
      )}
      {error && (
        <div className="error-text" role="alert" data-testid="folder-error">
          {error}
        </div>
      )}
      <ul className="folder-browser-list" aria-label="Folders">
        {shown.map((f) => (
          <li key={f.path}>
            <button
              type="button"
              className="folder-browser-item"
              onClick={() => void go(f.path)}
              title={f.path}
              data-testid="folder-item"
            >
              <Icon name="folder" />
              <span>{f.name}</span>
            </button>
          </li>
        ))}
        {listing && shown.length === 0 && <li className="folder-browser-empty">No folders here</li>}
      </ul>
      {listing?.truncated && (
        <div className="folder-browser-empty">Only the first folders are listed.</div>
      )}
    </div>
  );
}

/**
 * Browser mode, when the server no longer knows this tab (`skill-studio serve` was
 * restarted): says so at once, instead of "Reconnecting…" forever, and signs the tab in
 * again from the new link in one step. Nothing is reloaded: open tabs and unsaved edits stay.
 */
import { useState, type FormEvent } from 'react';
import { useUi, notify } from '../stores/ui-store';
import { backend, connectionAware } from '../backend/current';
import { linkCodeFrom } from '../backend/session';

export function SignedOutBar() {
  const signedOut = useUi((s) => s.signedOut);
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!signedOut) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const code = linkCodeFrom(pasted);
    if (code === null) {
      setError('Paste the whole link the server printed (http://127.0.0.1:…/?token=…).');
      return;
    }
    setBusy(true);
    const ok = (await connectionAware(backend())?.signIn(code)) ?? false;
    setBusy(false);
    if (!ok) {
      setError('The server refused that link: each link works once. Use a new one.');
      return;
    }
    setPasted('');
    setError(null);
    notify('info', 'Signed in again.');
  };

  return (
    <form
      className="note-bar warning signed-out-bar"
      role="alert"
      data-testid="signed-out-bar"
      onSubmit={(e) => void submit(e)}
    >
      <span>
        This tab is signed out: the studio server was restarted, so it no longer knows this tab.
        Paste the new sign-in link that <code>skill-studio serve</code> printed (or run it again to
        get one). Open tabs and unsaved edits stay as they are.
      </span>
      <input
        className="pg-input"
        aria-label="New sign-in link"
        placeholder="http://127.0.0.1:…/?token=…"
        value={pasted}
        onChange={(e) => setPasted(e.target.value)}
        data-testid="signed-out-link"
      />
      <button
        type="submit"
        className="button small"
        disabled={busy}
        data-testid="signed-out-submit"
      >
        Sign in
      </button>
      {error && (
        <span className="signed-out-error" data-testid="signed-out-error">
          {error}
        </span>
      )}
    </form>
  );
}

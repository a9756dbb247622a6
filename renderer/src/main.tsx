/**
 * Entry point: choose the backend (desktop bridge or HTTP), render, then load the
 * workspace and skills. The one-time ?token= is dropped from the address bar:
 * the server has exchanged it for a session cookie.
 */
import { createRoot } from 'react-dom/client';
import './styles/theme.css';
import './styles/app.css';
import { pickBackend, setBackend } from './backend/current';
import { setNativeDialogs } from './backend/native';
import { App } from './components/App';
import { preloadEditor } from './components/editor/EditorArea';
import { boot } from './app/boot';
import { notify } from './stores/ui-store';
import { errorMessage } from './backend/studio-error';

const url = new URL(window.location.href);
if (url.searchParams.has('token')) {
  url.searchParams.delete('token');
  window.history.replaceState(null, '', url.toString());
}

setBackend(pickBackend({ studio: window.studio, location: window.location }));
setNativeDialogs(window.studio);

const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('index.html has no #root element');
createRoot(rootEl).render(<App />);

boot()
  .then(preloadEditor)
  .catch((err: unknown) => notify('error', `The studio could not start: ${errorMessage(err)}`));

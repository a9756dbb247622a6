/**
 * Entry point: choose the backend (desktop bridge or HTTP), render, then load the
 * workspace and skills. In browser mode the tab signs in first: the one-time
 * ?token= link code leaves the address bar and becomes the tab's session token.
 */
import { createRoot } from 'react-dom/client';
import './styles/theme.css';
import './styles/app.css';
import { pickBackend, setBackend } from './backend/current';
import { signInFromAddressBar } from './backend/session';
import { setNativeDialogs } from './backend/native';
import { App } from './shell/App';
import { preloadEditor } from './editor/area/EditorArea';
import { boot } from './shell/boot';
import { notify } from './stores/ui-store';
import { errorMessage } from './backend/studio-error';

setBackend(
  pickBackend({
    studio: window.studio,
    location: window.location,
    session: window.studio ? null : signInFromAddressBar(window),
  }),
);
setNativeDialogs(window.studio);

const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('index.html has no #root element');
createRoot(rootEl).render(<App />);

boot()
  .then(preloadEditor)
  .catch((err: unknown) => notify('error', `The studio could not start: ${errorMessage(err)}`));

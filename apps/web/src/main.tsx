import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// The shell index.html painted by itself goes once the application has rendered something (its CSS
// already hides it then, in the browsers that know :has()).
const shell = document.getElementById('app-shell');
if (shell) {
  const observer = new MutationObserver(() => {
    if (root.firstChild) {
      shell.remove();
      observer.disconnect();
    }
  });
  observer.observe(root, { childList: true });
}

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

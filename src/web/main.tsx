import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '#web/app.tsx';
import '#web/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

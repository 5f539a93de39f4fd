import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

// The page load benchmark's baseline: React 19 rendering one composer-like text area with the
// id the app's composer has, and nothing else.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    createElement('textarea', { id: 'composer-input', 'aria-label': 'Message', rows: 1 }),
  );
}

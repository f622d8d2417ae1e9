import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Defines <repkit-widget> (the pure 'repkit' entry defines nothing).
import 'repkit/embed';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

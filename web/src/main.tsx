import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The base styles first: each feature's stylesheet, imported by its component, comes
// after them and refines them.
import './styles.css';
import './layout.css';
import { App } from './App';
import { LabStore } from './state/store';
import { registerServiceWorker } from './offline/registerServiceWorker';

const store = new LabStore();
void store.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);

registerServiceWorker();

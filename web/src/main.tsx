import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { LabStore } from './state/store';
import './styles.css';
import { registerServiceWorker } from './offline/registerServiceWorker';

const store = new LabStore();
void store.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);

registerServiceWorker();

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createShopClient, loadConfig } from './api.ts';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
loadConfig()
  .then((config) => {
    if (config.storeName) document.title = config.storeName;
    root.render(
      <StrictMode>
        <App config={config} api={createShopClient(config)} />
      </StrictMode>,
    );
  })
  .catch((error: Error) => {
    root.render(
      <main>
        <h1>The shop is not set up</h1>
        <p>{error.message}</p>
      </main>,
    );
  });

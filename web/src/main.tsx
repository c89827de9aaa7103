// First: goober (notistack) reads the CSP nonce while its module is evaluated.
import './lib/goober-nonce.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { AppProvider } from './app/provider.tsx';
import { readInjectedBrand } from './lib/brand.ts';
import { activeLanguageLoaded, initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createStyleCache, readCspNonce } from './lib/style-cache.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

initI18n(navigator.languages);

const nonce = readCspNonce(document);

// The edge's boot markup inside #root is replaced by this render, once the language is there
// (a Japanese browser fetches its catalogue first; English comes with the page).
await activeLanguageLoaded();
createRoot(root).render(
  <StrictMode>
    <AppProvider
      brand={readInjectedBrand(document)}
      styleCache={createStyleCache(nonce)}
      queryClient={createQueryClient()}
    >
      <App />
    </AppProvider>
  </StrictMode>,
);

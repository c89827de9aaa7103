import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { readInjectedBrand } from '../shared/lib/brand.ts';
import { readCspNonce } from '../shared/lib/csp-nonce.ts';
import { createQueryClient } from '../shared/lib/query-client.ts';
import { createStyleCache } from '../shared/lib/style-cache.ts';
import { App } from './App.tsx';
import { AppProvider } from './provider.tsx';

/**
 * The first render, a transition: React renders the tree in slices and yields to the browser
 * between them. The edge's boot markup inside `root` is replaced when it commits.
 */
export function mount(root: HTMLElement, queryClient: QueryClient = createQueryClient()): void {
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider
          brand={readInjectedBrand(document)}
          styleCache={createStyleCache(readCspNonce(document))}
          queryClient={queryClient}
        >
          <App />
        </AppProvider>
      </StrictMode>,
    ),
  );
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { ApiError } from './api/errors.ts';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The browser's HTTP cache holds the cached read routes for their windows; a refetch within one is a cache hit.
      staleTime: 30_000,
      // Retry on our own only what a retry may fix (no answer, 5xx), twice; 4xx and 429 wait for the merchant.
      retry: (failures, error) => error instanceof ApiError && error.retryable && failures < 2,
    },
  },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );
}

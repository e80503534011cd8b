import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { Providers } from './app/providers';
import { reloadOnStaleChunks } from './app/chunk-reload';
import './styles/app.css';

reloadOnStaleChunks();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);

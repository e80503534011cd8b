import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { Providers } from './app/providers';
import { reloadOnStaleChunks } from './app/chunk-reload';
import { guessLanguage, showLanguage } from './i18n';
import './styles/app.css';

reloadOnStaleChunks();

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );

// English is bundled and drawn at once; another language's messages load first, so the page never flashes English.
const language = guessLanguage();
if (language === 'en') render();
else void showLanguage(language).finally(render);

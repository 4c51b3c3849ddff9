import '@blueprintjs/core/lib/css/blueprint.css';
import './cockpit.css';
import { BlueprintProvider } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, applyTheme } from './app.tsx';
import { LANGUAGES, type Language } from './i18n.tsx';
import { JournalFeed } from './io/journal-feed.ts';

/**
 * The QA cockpit (docs/mock-and-qa-tools.md#the-qa-cockpit): its own page, built apart from the console
 * (vite.cockpit.config.ts) and served by the mock under the control prefix in dev and test modes only.
 * `?lng=en` / `?theme=dark` choose the first language and theme (a link from the console passes its own).
 */
const params = new URLSearchParams(location.search);
const asked = params.get('lng') ?? localStorage.getItem('cockpit.language') ?? 'zh-CN';
const language: Language = asked in LANGUAGES ? (asked as Language) : 'zh-CN';
const dark = (params.get('theme') ?? localStorage.getItem('cockpit.theme')) === 'dark';
document.documentElement.lang = language;
applyTheme(dark);

const feed = new JournalFeed();
void feed.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BlueprintProvider>
      <App feed={feed} initialLanguage={language} initialDark={dark} />
    </BlueprintProvider>
  </StrictMode>,
);

import './lib/zod-jitless';
import './app/bootstrap.scss';
import './app/styles.css';
import { firstLanguage, setLanguage, t } from './lib/i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerAppWorker, registerShopWorker, worksOffline } from './lib/app-worker';

document.title = t('shop.name');
// A page opened in the back office (the till above all) or the rider's screen keeps working
// offline. Staff who sign in and reach one without a page load get it from RequireAdmin or the
// rider's screen.
if (worksOffline(window.location.pathname)) registerAppWorker();
else registerShopWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A person who chose Bangla (or whose browser prefers it) sees Bangla from the first frame: its
// catalogue comes before the first render. If it cannot come (offline, first visit), English does.
const first = firstLanguage();
if (first && first !== 'en')
  void setLanguage(first)
    .catch(() => undefined)
    .finally(render);
else render();

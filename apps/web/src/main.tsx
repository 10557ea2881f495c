import './lib/zod-jitless';
import './app/bootstrap.scss';
import './app/styles.css';
import { t } from './lib/i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { inBackOffice, registerAppWorker } from './lib/app-worker';

document.title = t('shop.name');
// A page opened in the back office (the till above all) keeps working offline. An admin who signs in
// and reaches it without a page load gets it from RequireAdmin.
if (inBackOffice(window.location.pathname)) registerAppWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

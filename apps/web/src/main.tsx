import 'bootstrap/dist/css/bootstrap.min.css';
import './app/styles.css';
import { t } from './lib/i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

document.title = t('shop.name');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AgeGate } from '@/features/age-gate';
import { installDomErrorSuppression } from '@/lib/dom-errors';
import { listenForInstallOffer, startServiceWorker } from '@/lib/pwa';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import './styles.css';

installDomErrorSuppression();
listenForInstallOffer();
startServiceWorker();

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AgeGate>
        <RouterProvider router={router} />
      </AgeGate>
    </AppProviders>
  </StrictMode>,
);

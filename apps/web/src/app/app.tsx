import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ToastHost } from '../components/toast-host';
import { firstLanguage } from '../lib/i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { FollowShopLanguage } from './follow-shop-language';
import { routes } from './router';

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();

const followShop = firstLanguage() === undefined;

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
      {followShop ? <FollowShopLanguage /> : null}
    </QueryClientProvider>
  );
}

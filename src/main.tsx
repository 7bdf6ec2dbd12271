import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { activateStartupLanguage, i18n } from '@/i18n/i18n';
import { createQueryClient } from '@/api/query-client';
import { sessionKey } from '@/api/session';
import { createAppRouter } from './router';
import { applyInitialTheme } from '@/features/shell/theme';
import '@/styles/index.css';

applyInitialTheme();

const queryClient = createQueryClient({
  onUnauthorized: ({ watched }) => {
    // A link preloaded on hover, with no navigation under way: stay on the page being read. The click asks again,
    // and then sign-in comes back to the page that was clicked rather than this one.
    if (!watched && router.state.status !== 'pending') return;
    const { pathname, href } = router.state.location;
    if (pathname === '/sign-in') return;
    // Forget the ended session first, or sign-in's beforeLoad would see it and send the operator straight back.
    queryClient.removeQueries({ queryKey: sessionKey });
    void router.navigate({ to: '/sign-in', search: { redirect: href }, replace: true });
  },
});
const router = createAppRouter(queryClient);

// The operator's language is active before the first render (another language's catalog is one small request).
void activateStartupLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  ),
);

import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LEGAL_PAGES } from '@/features/content';
import { AppLayout } from './layout/app-layout';
import * as P from './pages';
import { PageLoading } from './page-loading';
import { PageLoadError } from './route-error-boundary';

// The admin console has its own frame, outside the app shell; loaded only when visited.
const AdminLayout = lazy(() => import('@/features/admin/components/admin-layout').then((m) => ({ default: m.AdminLayout })));

/** /admin: moderators and administrators (not in the user navigation). */
export const adminRoutes: RouteObject[] = [
  { index: true, element: <P.AdminQueuePage /> },
  { path: 'items/:id', element: <P.AdminItemPage /> },
  { path: 'users', element: <P.AdminUsersPage /> },
  { path: 'users/:id', element: <P.AdminUserPage /> },
  { path: 'audit', element: <P.AdminAuditPage /> },
  { path: '*', element: <P.NotFoundPage /> },
];

/** product.md §2 route table. Any path not listed falls through to the not-found page. */
export const appRoutes: RouteObject[] = [
  { index: true, element: <P.HomePage /> },
  { path: 'ForYouPage', element: <P.HomePage /> },
  { path: 'following', element: <P.FollowingPage /> },
  { path: 'creators', element: <P.CreatorsPage /> },
  { path: 'creators/:id', element: <P.CreatorPage /> },
  { path: 'characters/:id', element: <P.CharacterProfilePage /> },
  { path: 'generate-images', element: <P.GenerateImagesPage /> },
  { path: 'character-gallery/:characterId', element: <P.CharacterGalleryPage /> },
  { path: 'chat', element: <P.RecentChatsPage /> },
  { path: 'recent-chats', element: <P.RecentChatsPage /> },
  { path: 'chat/:characterId', element: <P.ChatPage /> },
  { path: 'test-chat', element: <P.ChatPage /> },
  { path: 'group/:id', element: <P.GroupChatPage /> },
  { path: 'subscribe', element: <P.SubscribePage /> },
  { path: 'subscription/manage', element: <P.SubscriptionManagePage /> },
  { path: 'subscription/success', element: <P.SubscriptionSuccessPage /> },
  { path: 'subscription/cancel', element: <P.SubscriptionCancelPage /> },
  { path: 'coins', element: <P.CoinsPage /> },
  { path: 'age-check/done', element: <P.AgeCheckDonePage /> },
  { path: 'payment/success', element: <P.PaymentSuccessPage /> },
  { path: 'payment/cancel', element: <P.PaymentCancelPage /> },
  { path: 'settings', element: <P.SettingsPage /> },
  { path: 'showcase', element: <P.ShowcasePage /> },
  { path: 'gallery', element: <P.ShowcasePage /> },
  { path: 'user-gallery', element: <P.UserGalleryPage /> },
  { path: 'user-gallery/character/:characterId', element: <P.UserGalleryPage /> },
  { path: 'all-user-images', element: <P.AllUserImagesPage /> },
  { path: 'search', element: <P.SearchPage /> },
  { path: 'features', element: <P.FeaturesPage /> },
  { path: 'tags/:tagName', element: <P.TagPage /> },
  { path: 'favorites', element: <P.FavoritesPage /> },
  { path: 'not-found', element: <P.NotFoundPage /> },
  { path: 'user-profile', element: <P.UserProfilePage /> },
  { path: 'user-profile/:id', element: <P.UserProfilePage /> },
  { path: 'create-character', element: <P.CreateCharacterPage /> },
  { path: 'create-character-old', element: <P.CreateCharacterOldPage /> },
  { path: 'user-characters', element: <P.UserCharactersPage /> },
  { path: 'verify-email', element: <P.VerifyEmailPage /> },
  // The undo link mailed to the previous address after an e-mail or username change.
  { path: 'restore-account', element: <P.RestoreAccountPage /> },
  // The undo link mailed when an account is scheduled for deletion (and where the deletion dialog leads).
  { path: 'keep-account', element: <P.KeepAccountPage /> },
  { path: 'test', element: <P.TestPage /> },
  { path: 'auth-debug', element: <P.AuthDebugPage /> },
  { path: 'guides', element: <P.GuidesPage /> },
  { path: 'guides/:slug', element: <P.GuidePage /> },
  { path: 'support', element: <P.SupportPage /> },
  { path: 'support/:ticketId', element: <P.SupportTicketPage /> },
  { path: 'content-removal', element: <P.ContentRemovalPage /> },
  { path: 'legal', element: <P.LegalIndexPage /> },
  ...LEGAL_PAGES.map(({ slug }) => ({ path: `legal/${slug}`, element: <P.LegalPage slug={slug} /> })),
  { path: '*', element: <P.NotFoundPage /> },
];

export const routes: RouteObject[] = [
  // The sandbox processor's checkout stands alone like a card processor's page, outside the app shell.
  {
    path: '/sandbox/checkout/:sessionId',
    element: <P.SandboxCheckoutPage />,
    errorElement: <PageLoadError onRetry={() => window.location.reload()} />,
  },
  // The sandbox age check stands alone like a provider's page (TEST MODE).
  {
    path: '/age-check/sandbox/:checkId',
    element: <P.AgeCheckSandboxPage />,
    errorElement: <PageLoadError onRetry={() => window.location.reload()} />,
  },
  {
    path: '/admin',
    element: (
      <Suspense fallback={<PageLoading />}>
        <AdminLayout />
      </Suspense>
    ),
    errorElement: <PageLoadError onRetry={() => window.location.reload()} />,
    children: adminRoutes,
  },
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <PageLoadError onRetry={() => window.location.reload()} />,
    children: appRoutes,
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

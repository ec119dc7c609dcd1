// The signed-in layout and the Dashboard, one chunk apart from Login's (docs/operator-screen.md "Light first load").
export { AppLayout } from './layout/app-layout';
export { DashboardPage } from '../features/dashboard/components/dashboard-page';
export { openLiveFeedEarly } from '../live/feed/shared-live-feed';
export { holdLiveStoresForSignIn } from '../live/hooks/use-live-hold';

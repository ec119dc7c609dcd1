// Placeholder: the authenticated layout (sidebar, top bar, loading bar, live connection).
import { Outlet } from 'react-router';

export function AppLayout() {
  return <Outlet />;
}

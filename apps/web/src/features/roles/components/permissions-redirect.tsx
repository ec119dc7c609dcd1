// /settings/permissions#{roleId} (the spec's role-pill link) opens the Roles page on the same role.
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths';

export function PermissionsRedirect() {
  const { hash } = useLocation();
  return <Navigate to={{ pathname: paths.roles, hash }} replace />;
}

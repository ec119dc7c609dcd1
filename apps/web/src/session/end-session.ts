// Forgets everything this tab knows about the signed-in user (logout, and before a new sign-in).
import { clearPermissionNames } from './permission-store';

export function forgetSession(): void {
  sessionStorage.clear();
  clearPermissionNames();
}

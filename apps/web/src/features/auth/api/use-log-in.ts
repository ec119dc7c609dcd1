// POST /login (docs/api.md (Authentication)) as a mutation. Wrong credentials answer 401, which the form shows
// as "Invalid username or password.", so that 401 is an answer, not a lost session.
import type { LoginRequest } from '@bpm/protocol';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const logIn = (credentials: LoginRequest) => apiRequest<unknown>('/login', { method: 'POST', body: credentials });

export function useLogIn() {
  return useMutation({ mutationFn: logIn, meta: { isUnauthorizedAnAnswer: true } });
}

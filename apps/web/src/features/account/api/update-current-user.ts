// PUT /users/@me: a user changes their own first name, last name and email (design §4).
import { meSegment, type UpdateMe, type User } from '@bpm/protocol';
import { apiRequest } from '../../../lib/api-client';

export const updateCurrentUser = (changes: UpdateMe): Promise<User> =>
  apiRequest<User>(`/users/${meSegment}`, { method: 'PUT', body: changes });

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { userActionError } from './user-errors';

const conflict = new ApiError(409, 'Username already exists');
const network = new TypeError('Failed to fetch');

describe('user action errors (docs/api.md (Users errors))', () => {
  it('prefixes the server message, or uses the fixed sentence for network failures', () => {
    expect(userActionError('create', conflict)).toBe('Error creating user: Username already exists');
    expect(userActionError('create', network)).toBe('An unexpected error occurred while creating the user.');
    expect(userActionError('modify', conflict)).toBe('Error modifying user: Username already exists');
    expect(userActionError('modify', network)).toBe('An unexpected network error occurred while modifying the user.');
    expect(userActionError('delete', conflict)).toBe('Error deleting user: Username already exists');
    expect(userActionError('delete', network)).toBe('Error deleting the user. Please try again later.');
  });

  it('shows a password change failure as the server message or status, else the fixed sentence', () => {
    expect(userActionError('password', new ApiError(400, 'Password must be at least 8 characters'))).toBe(
      'Password must be at least 8 characters',
    );
    expect(userActionError('password', new ApiError(500, ''))).toBe('Status code: 500');
    expect(userActionError('password', network)).toBe('Failed to change password');
  });
});

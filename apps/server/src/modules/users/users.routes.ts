// /users (docs/api.md (Users) and the Users permission by level).
import {
  changePasswordSchema,
  createUserSchema,
  idParamSchema,
  meSegment,
  modifyUserSchema,
  updateMeSchema,
  userSchema,
} from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../plugins/access.js';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import {
  changeOwnPassword,
  changeUserPassword,
  createUser,
  deleteUser,
  getUser,
  getUsers,
  modifyUser,
  updateMe,
} from './users.service.js';
import { auditRequest, changesBetween } from '../audit/audit.service.js';
import { logLine } from '../../log-text.js';

const tags = ['Users'];
/** Your own account: any signed-in user. Everyone's accounts: the Users permission at the level the method needs. */
const own = { access: 'signedIn' } as const;
const users = { access: { permission: 'Users' } } as const;
const userFields = ['username', 'firstName', 'lastName', 'email', 'roleId'] as const;

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const hashLog2N = app.config.passwordHashLog2N;

  r.get(
    `/users/${meSegment}`,
    { schema: { tags, summary: 'The signed-in user', response: { 200: userSchema } }, config: own },
    (request) => getUser(db, callerOf(request).userId),
  );

  r.put(
    `/users/${meSegment}`,
    {
      schema: { tags, summary: 'Change your own name and email', body: updateMeSchema, response: { 200: userSchema } },
      config: own,
    },
    async (request) => {
      const before = await getUser(db, callerOf(request).userId);
      const user = await updateMe(db, callerOf(request).userId, request.body);
      await auditRequest(request, {
        action: 'user.update',
        target: { type: 'user', id: user.userId },
        changes: changesBetween(before, user, userFields),
      });
      return user;
    },
  );

  r.put(
    `/users/change-password/${meSegment}`,
    {
      schema: { tags, summary: 'Change your own password (401: current password incorrect)', body: changePasswordSchema },
      config: own,
    },
    async (request, reply) => {
      await changeOwnPassword(db, callerOf(request), request.body, hashLog2N);
      await app.liveSessions.credentialsChanged({ userId: callerOf(request).userId });
      await auditRequest(request, { action: 'user.password', target: { type: 'user', id: callerOf(request).userId } });
      request.log.info(logLine`User ${callerOf(request).username} changed their password`);
      return reply.code(204).send();
    },
  );

  r.get('/users', { schema: { tags, summary: 'Every user', response: { 200: z.array(userSchema) } }, config: users }, () =>
    getUsers(db),
  );

  r.post(
    '/users',
    {
      schema: { tags, summary: 'Create a user', body: createUserSchema, response: { 201: userSchema } },
      config: users,
    },
    async (request, reply) => {
      const user = await createUser(db, callerOf(request), request.body, hashLog2N);
      await auditRequest(request, {
        action: 'user.create',
        target: { type: 'user', id: user.userId },
        changes: changesBetween(null, user, userFields),
      });
      request.log.info(logLine`User ${callerOf(request).username} created user ${user.username}`);
      return reply.code(201).send(user);
    },
  );

  r.put(
    '/users/:id',
    {
      schema: { tags, summary: 'Modify a user', params: idParamSchema, body: modifyUserSchema, response: { 200: userSchema } },
      config: users,
    },
    async (request) => {
      const before = await getUser(db, request.params.id);
      const user = await modifyUser(db, callerOf(request), request.params.id, request.body);
      await app.liveSessions.credentialsChanged({ userId: user.userId });
      await auditRequest(request, {
        action: 'user.update',
        target: { type: 'user', id: user.userId },
        changes: changesBetween(before, user, userFields),
      });
      request.log.info(logLine`User ${callerOf(request).username} modified user ${user.username}`);
      return user;
    },
  );

  r.delete(
    '/users/:id',
    { schema: { tags, summary: 'Delete a user, their sessions and keys', params: idParamSchema }, config: users },
    async (request, reply) => {
      const before = await getUser(db, request.params.id);
      await deleteUser(db, callerOf(request), request.params.id);
      await app.liveSessions.credentialsChanged({ userId: request.params.id });
      await auditRequest(request, {
        action: 'user.delete',
        target: { type: 'user', id: before.userId },
        changes: changesBetween(before, null, userFields),
      });
      request.log.info(logLine`User ${callerOf(request).username} deleted user #${request.params.id}`);
      return reply.code(204).send();
    },
  );

  r.put(
    '/users/change-password/:id',
    {
      schema: { tags, summary: "Set another user's password", params: idParamSchema, body: changePasswordSchema },
      config: users,
    },
    async (request, reply) => {
      await changeUserPassword(db, callerOf(request), request.params.id, request.body, hashLog2N);
      await app.liveSessions.credentialsChanged({ userId: request.params.id });
      await auditRequest(request, { action: 'user.password', target: { type: 'user', id: request.params.id } });
      request.log.info(logLine`User ${callerOf(request).username} set the password of user #${request.params.id}`);
      return reply.code(204).send();
    },
  );
}

// A small OpenID provider for the single sign-on tests (docs/sso.md (Tests)): discovery, a JWKS with a key made
// for the run, a token endpoint that checks PKCE and answers with an ID token the test shapes (so each check
// of the relying party can be shown refusing a bad token), userinfo and end-session, over https with a
// certificate made for the run. The browser part of the flow is the test itself: it reads the
// authorization URL BPM redirects to and calls the callback the way the IdP would send the browser back.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { makeTestCertificate, type TestCertificate } from '../../testing/test-certificate.js';

export const testClientId = 'bpm-test-client';
export const testClientSecret = 'bpm-test-secret';

interface Grant {
  nonce: string;
  challenge: string;
  claims: Record<string, unknown>;
}

export type TokenShaper = (claims: Record<string, unknown>) => { claims: Record<string, unknown>; key?: KeyObject };

export class TestIdp {
  readonly certificate: TestCertificate = makeTestCertificate();
  private readonly key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly grants = new Map<string, Grant>();
  private server: Server | undefined;
  issuer = '';
  /** Changes what the next ID tokens say, or which key signs them. */
  shape: TokenShaper = (claims) => ({ claims });

  async start(port = 0): Promise<void> {
    this.server = createServer({ cert: this.certificate.cert, key: this.certificate.key }, (request, response) => {
      void this.answer(request.method ?? 'GET', new URL(request.url ?? '/', this.issuer), request).then(
        (body) => {
          response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(body ?? { error: 'not_found' }));
        },
        (error: Error) => {
          response.writeHead(400, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: 'invalid_grant', error_description: error.message }));
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.issuer = `https://localhost:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  get port(): number {
    return Number(new URL(this.issuer).port);
  }

  /** What the IdP's login would do: a code for the authorization `url` BPM sent the browser to, for a user with these claims. */
  authorize(url: string, claims: Record<string, unknown>): string {
    const request = new URL(url);
    const code = randomBytes(16).toString('base64url');
    this.grants.set(code, {
      nonce: request.searchParams.get('nonce') ?? '',
      challenge: request.searchParams.get('code_challenge') ?? '',
      claims,
    });
    return code;
  }

  private async answer(method: string, url: URL, request: NodeJS.ReadableStream): Promise<unknown> {
    if (url.pathname === '/.well-known/openid-configuration')
      return {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/auth`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
        userinfo_endpoint: `${this.issuer}/userinfo`,
        end_session_endpoint: `${this.issuer}/logout`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      };
    if (url.pathname === '/jwks')
      return { keys: [{ ...this.key.publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] };
    if (url.pathname === '/token' && method === 'POST') return this.token(request);
    return undefined;
  }

  private async token(request: NodeJS.ReadableStream): Promise<unknown> {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const form = new URLSearchParams(text);
    const grant = this.grants.get(form.get('code') ?? '');
    this.grants.delete(form.get('code') ?? '');
    if (!grant) throw new Error('unknown or used code');
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge)
      throw new Error('PKCE verifier does not match');
    const now = Math.floor(Date.now() / 1000);
    const shaped = this.shape({
      iss: this.issuer,
      aud: testClientId,
      iat: now,
      exp: now + 300,
      nonce: grant.nonce,
      ...grant.claims,
    });
    return {
      access_token: randomBytes(16).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 300,
      id_token: jwt(shaped.claims, shaped.key ?? this.key.privateKey),
    };
  }
}

function jwt(claims: Record<string, unknown>, key: KeyObject): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${part(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

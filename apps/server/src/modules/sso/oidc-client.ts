// The OpenID Connect relying party, through openid-client (docs/sso.md (How it works)): discovery, the
// authorization request with PKCE, state and nonce, and the code exchange in which the library checks the
// ID token (signature against the IdP's JWKS, issuer, audience, expiry with its default 30 s clock tolerance, nonce).
import * as client from 'openid-client';
import type { OidcConfig } from '../../config.js';
import type { PendingLogin } from './pending-logins.js';

/** The IdP did not answer discovery (down, unreachable, or not an OpenID provider). */
export class IdpUnavailableError extends Error {}

/** The claims BPM reads: from the checked ID token, completed from userinfo when it lacks them. */
export type SsoClaims = Record<string, unknown> & { sub: string };

/** A slow IdP must not hold the login button for openid-client's default 30 s. */
const idpTimeoutSeconds = 10;

export class OidcClient {
  private configuration: client.Configuration | undefined;

  constructor(
    private readonly settings: OidcConfig,
    /** {BPM_PUBLIC_URL}/api/auth/oidc/callback */
    readonly redirectUri: string,
  ) {}

  /** Discovery again at every sign-in: it checks the IdP is there before sending anyone to it, and picks up new keys. */
  async discover(): Promise<client.Configuration> {
    try {
      this.configuration = await client.discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        { client_secret: this.settings.clientSecret },
        client.ClientSecretBasic(this.settings.clientSecret),
        // The ID token's signature is checked too, against the IdP's JWKS: openid-client otherwise trusts the
        // token endpoint's TLS alone (which the core spec allows), and docs/security.md promises the check.
        { timeout: idpTimeoutSeconds, execute: [client.enableNonRepudiationChecks] },
      );
      return this.configuration;
    } catch (error) {
      throw new IdpUnavailableError(`Discovery at ${this.settings.issuer} failed: ${(error as Error).message}`, { cause: error });
    }
  }

  /** The configuration of the last discovery, or a new one (another instance may have sent the user). */
  private async current(): Promise<client.Configuration> {
    return this.configuration ?? this.discover();
  }

  /** A fresh state, nonce and PKCE verifier, and the IdP's authorization URL that carries them. */
  async startLogin(): Promise<{ url: URL; pending: PendingLogin }> {
    const configuration = await this.discover();
    const pending: PendingLogin = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid profile email',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, pending };
  }

  /**
   * Exchanges the code; throws unless the response's state and the ID token's signature, issuer, audience,
   * expiry and nonce all check out. `query` is the callback's query string.
   */
  async finishLogin(query: string, pending: PendingLogin, needed: readonly string[]): Promise<SsoClaims> {
    const configuration = await this.current();
    const callbackUrl = new URL(this.redirectUri);
    callbackUrl.search = query;
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The IdP answered without an ID token');
    // IdPs that follow the core spec strictly put profile and group claims in userinfo only.
    const missing = needed.some((name) => claims[name] === undefined);
    if (missing && configuration.serverMetadata().userinfo_endpoint && tokens.access_token) {
      const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      return { ...userInfo, ...claims };
    }
    return claims;
  }

  /** The IdP's end-session address that comes back to `returnTo`, or undefined when it publishes none. */
  async endSessionUrl(returnTo: string): Promise<string | undefined> {
    const configuration = this.configuration ?? (await this.discover().catch(() => undefined));
    if (!configuration?.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(configuration, { post_logout_redirect_uri: returnTo }).href;
  }
}

// A TLS certificate made for one test run (openssl in a temporary directory): for localhost and 127.0.0.1,
// self-signed, so a client trusts it by adding this one certificate (NODE_EXTRA_CA_CERTS for a child
// server, tls.setDefaultCACertificates in the test's own process). Used by the single sign-on tests' IdPs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificate {
  /** PEM: the certificate, which is its own CA. */
  cert: string;
  key: string;
  /** A file holding `cert`, for NODE_EXTRA_CA_CERTS. */
  certFile: string;
  remove(): void;
}

export function makeTestCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'bpm-cert-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return {
    cert: readFileSync(certFile, 'utf8'),
    key: readFileSync(keyFile, 'utf8'),
    certFile,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

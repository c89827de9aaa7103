import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
import * as x509 from '@peculiar/x509';

/**
 * A deployment's own certificates for MQTT over TLS, when the operator has none yet: a CA that
 * devices are given, and a broker certificate it signs for the names devices connect to.
 * ECDSA P-256, as an ACME client issues them. Replace both with the operator's own at any time.
 */
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

export interface Pem {
  certPem: string;
  keyPem: string;
}

async function keyPair(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
}

async function keyPem(keys: webcrypto.CryptoKeyPair): Promise<string> {
  return x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
}

/** A CA valid for `days` from yesterday (clocks differ). */
export async function makeCa(name: string, days: number): Promise<Pem> {
  const keys = await keyPair();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=${name}`,
    keys,
    signingAlgorithm: ALGORITHM,
    notBefore: new Date(Date.now() - DAY_MS),
    notAfter: new Date(Date.now() + days * DAY_MS),
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await keyPem(keys) };
}

/** A broker certificate the CA signs for these host names and addresses. */
export async function makeServerCertificate(ca: Pem, names: readonly string[], days: number): Promise<Pem> {
  if (names.length === 0) throw new Error('a broker certificate needs at least one name');
  const issuer = new x509.X509Certificate(ca.certPem);
  const signingKey = await webcrypto.subtle.importKey(
    'pkcs8',
    x509.PemConverter.decodeFirst(ca.keyPem),
    ALGORITHM,
    false,
    ['sign'],
  );
  const keys = await keyPair();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: webcrypto
      .getRandomValues(new Uint8Array(8))
      .reduce((hex, byte) => hex + byte.toString(16).padStart(2, '0'), '7f'),
    subject: `CN=${names[0]}`,
    issuer: issuer.subject,
    notBefore: new Date(Date.now() - DAY_MS),
    notAfter: new Date(Date.now() + days * DAY_MS),
    signingKey,
    publicKey: keys.publicKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(
        names.map((name) => (isIP(name) ? { type: 'ip', value: name } : { type: 'dns', value: name })),
      ),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await keyPem(keys) };
}

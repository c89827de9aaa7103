import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/**
 * Certificates made for a test, never kept: a CA, and a broker certificate it signs for
 * 127.0.0.1 and localhost (what a device checks over MQTT over TLS). ECDSA P-256, as an ACME
 * client issues them.
 */
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;

type KeyPair = webcrypto.CryptoKeyPair;

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

export interface TestCa {
  pem: string;
  name: string;
  keys: KeyPair;
}

export interface TestCertificate {
  certPem: string;
  keyPem: string;
  serial: string;
}

function keyPair(): Promise<KeyPair> {
  return webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
}

async function keyPem(keys: KeyPair): Promise<string> {
  return x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
}

export async function testCa(name = 'Fleetport test CA'): Promise<TestCa> {
  const keys = await keyPair();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=${name}`,
    keys,
    signingAlgorithm: ALGORITHM,
    notBefore: new Date(Date.now() - DAY_MS),
    notAfter: new Date(Date.now() + 30 * DAY_MS),
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  return { pem: cert.toString('pem'), name: `CN=${name}`, keys };
}

/** A broker certificate the CA signs; `validDays` below 0 makes one that has expired. */
export async function brokerCertificate(
  ca: TestCa,
  { validDays = 30, serial = '0a01' }: { validDays?: number; serial?: string } = {},
): Promise<TestCertificate> {
  const keys = await keyPair();
  const notAfter = new Date(Date.now() + validDays * DAY_MS);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial,
    subject: 'CN=localhost',
    issuer: ca.name,
    notBefore: new Date(Math.min(Date.now(), notAfter.getTime()) - 2 * DAY_MS),
    notAfter,
    signingKey: ca.keys.privateKey,
    publicKey: keys.publicKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ]),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await keyPem(keys), serial };
}

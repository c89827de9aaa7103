import { X509Certificate } from 'node:crypto';
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { createSecureContext, type Server as TlsServer } from 'node:tls';
import type { Logger } from 'pino';

/**
 * MQTT over TLS on the embedded broker (docs/device-protocol.md, "Transport security"): the
 * certificate chain and key an operator installed (MQTT_TLS_CERT, MQTT_TLS_KEY, PEM files, e.g.
 * from an ACME client), checked before a device meets them, and read again when they change, so a
 * renewed certificate takes over new connections without dropping the connected devices.
 */
export interface DeviceTlsFiles {
  certFile: string;
  keyFile: string;
}

export interface DeviceTlsMaterial {
  cert: Buffer;
  key: Buffer;
  /** When the certificate stops being valid. */
  validTo: Date;
}

/** The oldest protocol a device may speak: TLS 1.2 (1.3 preferred when both sides have it). */
export const DEVICE_TLS_MIN_VERSION = 'TLSv1.2' as const;

/** How often the files are looked at for a renewal. */
export const DEVICE_TLS_POLL_MS = 10_000;

function readNamed(file: string, setting: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : String(error);
    throw new Error(`${setting} (${file}) cannot be read: ${reason}.`);
  }
}

/**
 * Reads and checks the certificate and key: a key that is not the certificate's, a certificate
 * that has expired or is not yet valid, or a file that is not PEM, is refused in a sentence that
 * names the setting, before any device sees it.
 */
export function readDeviceTls(files: DeviceTlsFiles, now = new Date()): DeviceTlsMaterial {
  const cert = readNamed(files.certFile, 'MQTT_TLS_CERT');
  const key = readNamed(files.keyFile, 'MQTT_TLS_KEY');
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(cert);
  } catch {
    throw new Error(`MQTT_TLS_CERT (${files.certFile}) holds no PEM certificate.`);
  }
  try {
    createSecureContext({ cert, key, minVersion: DEVICE_TLS_MIN_VERSION });
  } catch (error) {
    const text = String(error);
    if (/key values mismatch|KEY_VALUES_MISMATCH/i.test(text)) {
      throw new Error(
        `MQTT_TLS_KEY (${files.keyFile}) is not the key of the certificate in MQTT_TLS_CERT (${files.certFile}).`,
      );
    }
    throw new Error(`MQTT_TLS_KEY (${files.keyFile}) holds no usable private key: ${text}`);
  }
  const validFrom = new Date(leaf.validFrom);
  const validTo = new Date(leaf.validTo);
  if (validTo.getTime() <= now.getTime()) {
    throw new Error(
      `The devices' TLS certificate (MQTT_TLS_CERT, ${files.certFile}) expired on ${validTo.toISOString()}: install a renewed one.`,
    );
  }
  if (validFrom.getTime() > now.getTime()) {
    throw new Error(
      `The devices' TLS certificate (MQTT_TLS_CERT, ${files.certFile}) is not valid before ${validFrom.toISOString()}.`,
    );
  }
  return { cert, key, validTo };
}

/**
 * Follows the files: a changed certificate or key is checked and, if good, used for every new
 * connection (connected devices keep theirs); a bad one is logged and the one in use stays.
 * Returns the function that stops following.
 */
export function followDeviceTls(
  server: TlsServer,
  files: DeviceTlsFiles,
  log: Logger,
  pollMs = DEVICE_TLS_POLL_MS,
): () => void {
  const reload = () => {
    try {
      const material = readDeviceTls(files);
      server.setSecureContext({ cert: material.cert, key: material.key, minVersion: DEVICE_TLS_MIN_VERSION });
      log.info({ valid_to: material.validTo.toISOString() }, 'devices TLS certificate reloaded');
    } catch (error) {
      log.error(
        { err: error },
        `devices TLS certificate not reloaded, the one in use stays: ${(error as Error).message}`,
      );
    }
  };
  const options = { interval: pollMs, persistent: false };
  watchFile(files.certFile, options, reload);
  watchFile(files.keyFile, options, reload);
  return () => {
    unwatchFile(files.certFile, reload);
    unwatchFile(files.keyFile, reload);
  };
}

/** Whether a listening address is this machine's own (plain MQTT's secrets never leave it). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Which listeners the embedded broker opens (MQTT_PLAIN, MQTT_HOST and the TLS files). */
export interface ListenerChoice {
  plain: boolean;
  tls: boolean;
}

/**
 * Plain MQTT only where an operator asks for it: by default on a loopback address (the demo, a
 * gateway on the same machine), never where a device's secret would cross a network in clear
 * text; MQTT over TLS whenever a certificate is configured. A choice that leaves devices nowhere
 * to connect, or plain MQTT on a public address by default, is refused in words.
 */
export function chooseListeners(settings: {
  plain: 'loopback' | 'on' | 'off';
  host: string;
  tls: boolean;
}): ListenerChoice {
  const { plain, host, tls } = settings;
  if (plain === 'on') return { plain: true, tls };
  if (plain === 'off') {
    if (!tls) {
      throw new Error(
        'MQTT_PLAIN=off and no certificate (MQTT_TLS_CERT, MQTT_TLS_KEY): devices would have nowhere to connect.',
      );
    }
    return { plain: false, tls };
  }
  if (isLoopback(host)) return { plain: true, tls };
  if (tls) return { plain: false, tls };
  throw new Error(
    `MQTT_HOST is ${host}, not this machine's own address: plain MQTT there would carry device secrets in clear text. ` +
      'Set MQTT_TLS_CERT and MQTT_TLS_KEY (MQTT over TLS on MQTT_TLS_PORT), or MQTT_PLAIN=on to allow plain MQTT anyway.',
  );
}

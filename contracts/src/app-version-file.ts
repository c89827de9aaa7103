import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type AppVersion, parseAppVersion, VERSION_FILE } from './app-version.ts';

/**
 * Reads a console build's version.json (Node only: the API announces it, the edge reloads the
 * build it serves when it changes); undefined while the file is missing, half written or invalid.
 */
export async function readVersionFile(webDist: string): Promise<AppVersion | undefined> {
  try {
    return parseAppVersion(JSON.parse(await readFile(path.join(webDist, VERSION_FILE), 'utf8')));
  } catch {
    return undefined;
  }
}

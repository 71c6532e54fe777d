/**
 * The ZIP form of an evidence bundle or a backup (fflate): entries written in the given order, the originals
 * stored as they are (level 0: an authority's tools read them without inflating), text documents deflated. Every
 * entry carries the bundle's moment as its modification time, so the same content gives the same ZIP.
 */
import { unzipSync, zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  path: string;
  bytes: Uint8Array;
  /** stored without compression (default: deflated) */
  stored?: boolean;
}

/** The ZIP of the entries, in their order, each dated `moment`. */
export function writeZip(entries: readonly ZipEntry[], moment: Date): Uint8Array {
  const files: Zippable = {};
  for (const entry of entries) {
    if (Object.hasOwn(files, entry.path)) throw new Error(`two ZIP entries named ${entry.path}`);
    files[entry.path] = [entry.bytes, { level: entry.stored ? 0 : 6, mtime: moment }];
  }
  return zipSync(files);
}

/** The entries of a ZIP by path (folders left out); a file that is not a ZIP is an error. */
export function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  const entries = unzipSync(bytes);
  return new Map(Object.entries(entries).filter(([path]) => !path.endsWith('/')));
}

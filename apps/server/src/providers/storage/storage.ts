import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ProviderHealth } from '../health.ts';

export interface PutOptions {
  /** Default: a year, immutable (keys are never reused: a new file gets a new random name). */
  cacheControl?: string;
}

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

/** A stored file read as a stream (large files: account exports), with its size in bytes. */
export interface StoredStream {
  stream: Readable;
  size: number;
}

/**
 * Media files (avatars, generated images): stored under a server-made key, served at a URL. Keys are
 * `segment/segment/name.ext` made of letters, digits, `.`, `_` and `-` (see `assertSafeKey`), never taken from a
 * client as they are: build them with `mediaKey`.
 */
export interface MediaStorage extends ProviderHealth {
  /** Stores bytes at a relative key (e.g. "avatars/users/<id>/<name>.webp") and returns its public URL. */
  put(key: string, bytes: Buffer, contentType: string, opts?: PutOptions): Promise<string>;
  /** The stored file, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Stores a file from local disk, read as a stream (never whole in memory); returns the key's URL. */
  putFile(key: string, file: string, contentType: string, opts?: PutOptions): Promise<string>;
  /** The stored file as a stream, or null when there is none. */
  getStream(key: string): Promise<StoredStream | null>;
  exists(key: string): Promise<boolean>;
  /** Removes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The URL put() returned for a key. */
  urlFor(key: string): string;
  /** The key behind a URL from put(), or undefined for any other URL. */
  keyFromUrl(url: string): string | undefined;
  /** Removes the file a URL from put() points at; other URLs are ignored. */
  removeByUrl(url: string | null | undefined): Promise<void>;
}

/** Public URL prefix of media served by this server. */
export const MEDIA_URL_PREFIX = '/media/';

export const DEFAULT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Throws unless the key is relative, made of safe segments (no `..`, no `.`, no empty or hidden segments). */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 512 || segments.length > 8 || !segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) {
    throw new Error(`unsafe media key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

/** A new key `<folders…>/<random>.<ext>`; folders are ids and fixed words, checked like any key segment. */
export function mediaKey(folders: string[], ext: string): string {
  const key = [...folders, `${randomBytes(12).toString('hex')}.${ext}`].join('/');
  assertSafeKey(key);
  return key;
}

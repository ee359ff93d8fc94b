// The one string schema for client input: bounded, and free of control characters (NUL, ESC, DEL, C1…), which
// no field of this app has a use for and which break logs, terminals and PostgreSQL text (NUL).
import { z } from 'zod';

/** No C0/C1 control characters at all. */
// eslint-disable-next-line no-control-regex -- naming the control characters is the point
export const NO_CONTROL_CHARS = /^[^\u0000-\u001F\u007F-\u009F]*$/u;
/** The same, but tab and line breaks are allowed (multi-line text such as a bio). */
// eslint-disable-next-line no-control-regex -- as above
export const NO_CONTROL_CHARS_MULTILINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/u;
export const CONTROL_CHARS_MESSAGE = 'Control characters are not allowed';
/**
 * A lone UTF-16 surrogate (half of a pair, such as "\ud800" in JSON) is not a character: PostgreSQL refuses it in
 * jsonb and it cannot be written as UTF-8. With the `u` flag a well-formed pair is one code point outside this range.
 */
export const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
export const LONE_SURROGATE_MESSAGE = 'The text contains a broken character (half of a UTF-16 pair); remove it and try again';

/** True when a string, or any string or key inside an object or array (a parsed JSON payload), has a lone surrogate. */
export function hasLoneSurrogate(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return true;
    } else if (Array.isArray(v)) {
      for (const inner of v) stack.push(inner);
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, inner] of Object.entries(v)) {
        if (LONE_SURROGATE.test(k)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

export interface TextOptions {
  max: number;
  min?: number;
  /** Allow tab, CR and LF. */
  multiline?: boolean;
  /** Trim surrounding whitespace first (default true; secrets are never trimmed). */
  trim?: boolean;
  tooLong?: string;
  tooShort?: string;
  /** Said when the field is missing altogether (or not a string). */
  required?: string;
}

/**
 * A text field: broken characters (lone surrogates) and control characters refused first (so the message names the
 * real problem), then the length.
 */
export function text(opts: TextOptions) {
  let s = opts.required ? z.string({ message: opts.required }) : z.string();
  if (opts.trim !== false) s = s.trim();
  s = s.refine((v) => !LONE_SURROGATE.test(v), LONE_SURROGATE_MESSAGE);
  s = s.regex(opts.multiline ? NO_CONTROL_CHARS_MULTILINE : NO_CONTROL_CHARS, CONTROL_CHARS_MESSAGE);
  if (opts.min !== undefined) s = s.min(opts.min, opts.tooShort);
  return s.max(opts.max, opts.tooLong ?? `Must be at most ${opts.max} characters`);
}

/** A secret (password): any printable character, spaces kept as typed, never trimmed. */
export function secret(opts: Omit<TextOptions, 'multiline' | 'trim'>) {
  return text({ ...opts, trim: false });
}

/** An opaque token from a link or a provider (base64url and friends). */
export function opaqueToken(max: number, min = 1) {
  return text({ max, min, tooShort: 'The link is incomplete', tooLong: 'The token is too long' });
}

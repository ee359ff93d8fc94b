// Reading a card's fields by their spec types: a value of the wrong type is converted when that is safe (and said)
// or dropped (and said), so the import report lists everything that did not come through as it was.
import type { JsonObject } from './types.ts';

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Collects what happened to each source key while mapping. */
export class Mapper {
  readonly dropped: string[] = [];
  readonly warnings: string[] = [];

  text(obj: JsonObject, key: string, path: string): string {
    const v = obj[key];
    if (v === undefined || v === null) return '';
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') {
      this.warnings.push(`${path} was a ${typeof v}; it was converted to text.`);
      return String(v);
    }
    this.drop(path, 'is not text');
    return '';
  }

  optionalText(obj: JsonObject, key: string, path: string): string | undefined {
    if (obj[key] === undefined || obj[key] === null) return undefined;
    if (typeof obj[key] === 'string') return obj[key];
    this.drop(path, 'is not text');
    return undefined;
  }

  texts(obj: JsonObject, key: string, path: string): string[] {
    const v = obj[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      this.drop(path, 'is not a list');
      return [];
    }
    const out: string[] = [];
    v.forEach((item, i) => {
      if (typeof item === 'string') out.push(item);
      else this.drop(`${path}[${i}]`, 'is not text');
    });
    return out;
  }

  optionalTexts(obj: JsonObject, key: string, path: string): string[] | undefined {
    return obj[key] === undefined || obj[key] === null ? undefined : this.texts(obj, key, path);
  }

  number(obj: JsonObject, key: string, path: string): number | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) {
      this.warnings.push(`${path} was text; it was read as a number.`);
      return Number(v);
    }
    this.drop(path, 'is not a number');
    return undefined;
  }

  /** A Unix time in seconds; a date written as text ("2024-03-14T09:26:53Z") is converted, and said. */
  date(obj: JsonObject, key: string, path: string): number | undefined {
    const v = obj[key];
    if (typeof v === 'string' && v.trim() !== '' && !Number.isFinite(Number(v))) {
      const ms = Date.parse(v.trim());
      if (/\d{4}-\d{2}-\d{2}/.test(v) && Number.isFinite(ms)) {
        this.warnings.push(`${path} was a date written as text (${v.trim()}); it was read as ${new Date(ms).toISOString()}.`);
        return Math.floor(ms / 1000);
      }
    }
    return this.number(obj, key, path);
  }

  bool(obj: JsonObject, key: string, path: string): boolean | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'boolean') return v;
    this.drop(path, 'is not true or false');
    return undefined;
  }

  object(obj: JsonObject, key: string, path: string): JsonObject {
    const v = obj[key];
    if (v === undefined || v === null) return {};
    if (isObject(v)) return v;
    this.drop(path, 'is not an object');
    return {};
  }

  drop(path: string, why: string) {
    this.dropped.push(path);
    this.warnings.push(`${path} ${why} and was dropped.`);
  }
}

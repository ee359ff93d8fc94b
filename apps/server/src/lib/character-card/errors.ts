export type CardErrorCode =
  | 'TOO_LARGE'
  | 'NOT_PNG'
  | 'BAD_PNG'
  | 'UNSUPPORTED_FORMAT'
  | 'NO_CARD_CHUNK'
  | 'BAD_BASE64'
  | 'BAD_JSON'
  | 'BAD_ARCHIVE'
  | 'RATING_REQUIRED'
  | 'UNKNOWN_SPEC'
  | 'INVALID_FIELDS';

export interface CardFieldIssue {
  field: string;
  message: string;
}

const STATUS: Record<CardErrorCode, number> = {
  TOO_LARGE: 413,
  NOT_PNG: 400,
  BAD_PNG: 400,
  UNSUPPORTED_FORMAT: 400,
  NO_CARD_CHUNK: 422,
  BAD_BASE64: 400,
  BAD_JSON: 400,
  BAD_ARCHIVE: 400,
  RATING_REQUIRED: 422,
  UNKNOWN_SPEC: 422,
  INVALID_FIELDS: 422,
};

/** A card that cannot be read or imported. `message` is written for the person who uploaded the file. */
export class CardError extends Error {
  constructor(
    readonly code: CardErrorCode,
    message: string,
    readonly issues: CardFieldIssue[] = [],
  ) {
    super(message);
    this.name = 'CardError';
  }

  /** The HTTP status a route should answer with. */
  get status(): number {
    return STATUS[this.code];
  }
}

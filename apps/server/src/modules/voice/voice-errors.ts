// Backend and audio failures as the answers a person reads.
import { AppError } from '../../lib/app-error.ts';
import { AudioCheckError } from '../../providers/speech/audio.ts';
import { SpeechBackendError } from '../../providers/speech/index.ts';

/** 503 for a speech or transcription backend that is off or failed (the caller says what was refunded). */
export function backendError(err: unknown, refunded: string): unknown {
  if (!(err instanceof SpeechBackendError)) return err;
  if (err.code === 'NOT_CONFIGURED') return new AppError(503, 'NOT_CONFIGURED', err.message);
  return new AppError(503, 'UNAVAILABLE', `${err.message} ${refunded}`);
}

/** 415 for what is not audio, 413 for a recording too long, 400 for an empty one. */
export function audioError(err: unknown): unknown {
  if (!(err instanceof AudioCheckError)) return err;
  if (err.reason === 'too-long') return new AppError(413, 'PAYLOAD_TOO_LARGE', err.message);
  if (err.reason === 'empty') return AppError.badRequest(err.message);
  return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', err.message);
}

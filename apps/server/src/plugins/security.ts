import type { FastifyInstance } from 'fastify';
import { registerCompression } from '../http/compress.ts';
import { registerStaticHelmet } from '../http/static-headers.ts'; // perf: helmet headers computed once

export async function registerSecurity(app: FastifyInstance) {
  await registerStaticHelmet(app, {
    // A CSP the SPA passes: own scripts only; images also from https (initials avatars, remote media) and data/blob URLs.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google Identity Services (the "Continue with Google" popup) loads its client from accounts.google.com.
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Replies read aloud are played from blob: URLs of the audio the voice module answers (#42).
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://accounts.google.com', 'https://oauth2.googleapis.com'],
        frameSrc: ["'self'", 'https://accounts.google.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Google's sign-in popup needs to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  registerCompression(app);
}

#!/usr/bin/env node
// Builds apps/web/dist if it is missing or older than its sources (used by `npm run test:e2e`).
import { ensureWebBuild } from './build-web.mjs';

process.exit((await ensureWebBuild()) ? 0 : 1);

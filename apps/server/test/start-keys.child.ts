// One server start's keys (secrets.test.ts starts several of these at the same moment on one DATA_DIR): waits for
// START_AT, loads the push keys as composeApp does, and prints them as JSON, or the error's message.
import { loadPushKeys } from '../src/modules/notifications/push-keys.ts';

const startAt = Number(process.env.START_AT);
while (Date.now() < startAt) {
  // Every process leaves at the same millisecond.
}
try {
  const keys = await loadPushKeys({ dataDir: process.env.DATA_DIR!, push: { vapid: undefined, subject: '' } as never });
  console.log(JSON.stringify({ publicKey: keys.publicKey, openedKey: Buffer.from(keys.openedKey).toString('hex') }));
} catch (err) {
  console.log(JSON.stringify({ error: (err as Error).message }));
}

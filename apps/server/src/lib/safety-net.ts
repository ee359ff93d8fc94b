// The process-level safety net. An error that escaped every handler (a library callback that throws, an 'error'
// event nobody listens to, a promise nobody awaits) would otherwise end the process, and with it every other user's
// chat, stream and upload. It is logged with its stack instead and the server keeps serving; the request it came
// from ends on its own (its stream closes, its client times out). Installed once the app is built, so a failure
// while starting still stops the start with its error.
export interface SafetyNetLog {
  error(obj: object, msg?: string): void;
}

export function installSafetyNet(log: SafetyNetLog): () => void {
  const onException = (err: Error, origin: string) => {
    log.error({ err, origin }, 'an uncaught error was caught by the safety net; the server keeps running');
  };
  const onRejection = (reason: unknown) => {
    log.error({ err: reason }, 'an unhandled promise rejection was caught by the safety net; the server keeps running');
  };
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}

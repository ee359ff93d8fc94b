// Short-lived tools (ffmpeg) started from a small helper process (tool-runner-child.mjs), not from the server:
// starting a process from Node copies the server's page tables while its event loop waits (measured on this 2-core
// machine: about 6 ms at 250 MB of memory, 35 ms at 700 MB; 50 calls decoding two utterances each spent seconds of
// their event loop there, bench/voice-calls.ts). The helper and the tools it starts run at a lower priority (nice 10):
// on a busy machine the event loop gets the CPU before a decoding does. The helper is started on first use, one per
// process; if it cannot start or dies, the next job starts it again, and a job that was waiting for it is refused
// with a sentence.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tool-runner-child.mjs');

export interface ToolJob {
  input?: Buffer;
  timeoutMs: number;
  /** More output than this kills the tool (`tooLarge`). */
  maxStdout: number;
}

export interface ToolResult {
  /** The tool could not be started (not installed, …): the reason. */
  error?: string;
  code?: number | null;
  signal?: string | null;
  stdout: Buffer;
  stderr: string;
  timedOut: boolean;
  tooLarge: boolean;
}

type Reply = Partial<Omit<ToolResult, 'stdout'>> & { id: number; stdout?: Uint8Array };

export class ToolRunner {
  private child: ChildProcess | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, { child: ChildProcess; resolve: (r: ToolResult) => void }>();

  run(cmd: string, args: string[], job: ToolJob): Promise<ToolResult> {
    const child = this.helper();
    const id = ++this.nextId;
    return new Promise((resolve) => {
      this.waiting.set(id, { child, resolve });
      child.channel?.ref();
      child.send({ id, cmd, args, input: job.input, timeoutMs: job.timeoutMs, maxStdout: job.maxStdout });
    });
  }

  /** Stops the helper (tests that count processes; it also ends by itself when this process does). */
  close(): void {
    this.child?.kill();
    this.child = undefined;
  }

  private helper(): ChildProcess {
    if (this.child?.connected) return this.child;
    const child = fork(CHILD, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.unref();
    child.channel?.unref();
    child.on('message', (m: Reply) => this.settle(m));
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
      for (const [id, w] of this.waiting) {
        if (w.child !== child) continue;
        this.waiting.delete(id);
        w.resolve({
          error: 'The audio tools stopped unexpectedly.',
          stdout: Buffer.alloc(0),
          stderr: '',
          timedOut: false,
          tooLarge: false,
        });
      }
    });
    this.child = child;
    return child;
  }

  private settle(m: Reply): void {
    const resolve = this.waiting.get(m.id)?.resolve;
    if (!resolve) return;
    this.waiting.delete(m.id);
    if (this.waiting.size === 0) this.child?.channel?.unref();
    const stdout = m.stdout ? Buffer.from(m.stdout.buffer, m.stdout.byteOffset, m.stdout.byteLength) : Buffer.alloc(0);
    resolve({ ...m, stdout, stderr: m.stderr ?? '', timedOut: !!m.timedOut, tooLarge: !!m.tooLarge });
  }
}

/** The process's runner (the tools are the machine's, like the temp folder). */
export const tools = new ToolRunner();

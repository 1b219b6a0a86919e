import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The production server as `npm start` runs it (the built apps/server/dist/main.js), in a process
 * of its own that tests can kill without warning and start again on the same port and data.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private output: string[] = [];
  starts = 0;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts and waits until health answers 200; throws with the server's output if it cannot. */
  async start(timeoutMs = 60_000) {
    this.output = [];
    const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        API_RATE_LIMIT_PER_IP: '0',
        AUTH_RATE_LIMIT_PER_IP: '1000000',
        LOGIN_MAX_FAILURES: '1000000',
        LOGIN_MAX_FAILURES_PER_IP: '1000000',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 200) this.output.shift();
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const early = await Promise.race([exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 100))]);
      if (early !== 'running') throw new Error(`The server exited (code ${early}) while starting:\n${this.output.join('')}`);
      try {
        const response = await fetch(`${this.url}/api/v1/health`);
        if (response.status === 200) {
          this.starts += 1;
          return;
        }
      } catch {
        // Not listening yet.
      }
    }
    child.kill('SIGKILL');
    throw new Error(`The server did not answer health within ${timeoutMs} ms:\n${this.output.join('')}`);
  }

  /** SIGKILL: no shutdown of any kind, as a crash or the OOM killer would. */
  async kill() {
    await this.signal('SIGKILL');
  }

  /** SIGTERM: the graceful shutdown. */
  async stop() {
    await this.signal('SIGTERM');
  }

  private async signal(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
    this.child = undefined;
  }
}

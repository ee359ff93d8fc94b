// nginx from Debian in front of the server processes, configured with the lines docs/deployment.md documents:
// X-Forwarded-For overwritten with the connecting address, X-Forwarded-Proto passed on, keep-alive to the
// upstreams, event streams unbuffered (the app sends X-Accel-Buffering: no), a dead upstream skipped.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const nginxPath = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].find((p): p is string => !!p && existsSync(p));

export interface ProxySite {
  /** The port nginx listens on (127.0.0.1). */
  port: number;
  /** Ports of the server processes behind it. */
  upstreams: number[];
}

export interface Nginx {
  /** Lines of the access log so far: `<upstream address> <status> <method> <uri>`. */
  accessLog(): Promise<string[]>;
  stop(): Promise<void>;
}

/** The `location` blocks docs/deployment.md shows, for an upstream named `name`. */
export function locationBlock(name: string): string {
  return `
    location ~ ^/api/chat/[^/]+/call$ {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 300s;
    }
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_read_timeout 120s;
    }`;
}

function config(dir: string, sites: ProxySite[]): string {
  const blocks = sites.map((site, i) => {
    const name = `reverie${i}`;
    const servers = site.upstreams.map((p) => `      server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
    return `
  upstream ${name} {
${servers}
      keepalive 32;
  }
  server {
    listen 127.0.0.1:${site.port};
    client_max_body_size 6m;${locationBlock(name)}
  }`;
  });
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  log_format upstreams '$upstream_addr $status $request_method $uri';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
${blocks.join('\n')}
}
`;
}

export async function startNginx(sites: ProxySite[]): Promise<Nginx> {
  if (!nginxPath) throw new Error('nginx not found: apt-get install -y nginx (or set NGINX_PATH)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reverie-nginx-'));
  // Workers run as an unprivileged user when nginx starts as root: they must reach the temp folders.
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, 'tmp'), { recursive: true, mode: 0o777 });
  await writeFile(path.join(dir, 'nginx.conf'), config(dir, sites));
  const child: ChildProcess = spawn(nginxPath, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');

  // Ready when every site answers (any HTTP status: the upstreams may not be up yet).
  const deadline = Date.now() + 15_000;
  for (const site of sites) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${await errorLog()}`);
      const up = await fetch(`http://127.0.0.1:${site.port}/`, { signal: AbortSignal.timeout(1000) }).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`nginx did not listen on ${site.port}: ${stderr}${await errorLog()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    accessLog: async () => (await readFile(path.join(dir, 'access.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

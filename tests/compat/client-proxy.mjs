// Serves the original Raingad web client's production build (CLIENT_DIST) on its own port and
// passes every other request, and the socket, to Parley's `wrangler dev`: to the browser the client
// and the API share one origin, as in a deployment that puts both behind one host. The upgrade's
// Host and Origin name Parley's server, whose socket accepts pages of its own origin only.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** The client's own file for `pathname`, or null (then the request is Parley's). */
function clientFile(dist, pathname) {
  const path = pathname === '/' ? '/index.html' : decodeURIComponent(pathname);
  const file = normalize(join(dist, path));
  if (!file.startsWith(dist)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

/** Starts the proxy; answers `{url, close()}`. */
export async function startClientProxy({ dist, target }) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://x');
    const file = req.method === 'GET' ? clientFile(dist, pathname) : null;
    if (file) {
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
      return;
    }
    const headers = { ...req.headers, host: upstream.host };
    if (headers.origin) headers.origin = upstream.origin;
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  // WebSocket upgrades: replay the handshake to Parley with its Host/Origin, then splice the sockets.
  server.on('upgrade', (req, socket, head) => {
    const line = `${req.method} ${req.url} HTTP/1.1\r\n`;
    const headers = { ...req.headers, host: upstream.host, origin: upstream.origin };
    const raw = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const back = connect(Number(upstream.port), upstream.hostname, () => {
      back.write(`${line}${raw}\r\n`);
      if (head.length) back.write(head);
      back.pipe(socket);
      socket.pipe(back);
    });
    back.on('error', () => socket.destroy());
    socket.on('error', () => back.destroy());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

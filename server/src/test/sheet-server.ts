import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A real HTTP server on 127.0.0.1 (a free port) standing in for a published spreadsheet,
 * so the sync is tested through the same fetch it uses in production. Closed after the
 * test file, including connections a test left hanging on purpose.
 */
export async function startSheetServer() {
  const handlers = new Map<string, Handler>();
  const server = createServer((request, response) => {
    const handler = handlers.get(request.url ?? '');
    if (handler) handler(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('no such sheet');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** Serves `body` at `path` with the given content type and status. */
    serve(path: string, body: string, contentType = 'text/csv; charset=utf-8', status = 200) {
      handlers.set(path, (_request, response) => {
        response.writeHead(status, { 'content-type': contentType }).end(body);
      });
    },
    handle(path: string, handler: Handler) {
      handlers.set(path, handler);
    },
  };
}

/** A closed port: connecting to it is refused at once. */
export async function unusedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/sheet.csv`;
}

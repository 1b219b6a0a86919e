import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAttachment, buildCategory, buildFeature, buildProject, buildSignedInUser, buildTask, buildTodo, buildWorkspace } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; bytes: Buffer };

/**
 * A GET whose body arrives exactly as the server sent it (fetch would decode it): what a client
 * that sends `accept-encoding` receives on the wire.
 */
function rawGet(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** A GET that keeps the answer open and resolves with its head and first bytes (for a stream). */
function rawFirstBytes(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${path}`, { headers }, (response) => {
      response.once('data', (chunk: Buffer) => {
        resolve({ status: response.statusCode!, headers: response.headers, bytes: chunk });
        request.destroy();
      });
      response.on('error', () => undefined);
    });
    request.on('error', reject);
  });
}

/** A user with enough todos that their list is well over the compression threshold. */
async function userWithTodos(count: number) {
  const { cookie } = await buildSignedInUser(server);
  const category = await buildCategory(server, cookie);
  for (let index = 0; index < count; index += 1) {
    await buildTodo(server, cookie, { title: `Todo number ${index}`, description: 'Buy milk, eggs and bread on the way home.', category: category._id });
  }
  return cookie;
}

describe('compressed JSON answers', () => {
  it('sends a large JSON answer gzipped to a client that accepts gzip, and it decodes to the same JSON', async () => {
    const cookie = await userWithTodos(12);
    const plain = await rawGet('/api/v1/todos', { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(2048);

    const gzipped = await rawGet('/api/v1/todos', { cookie, 'accept-encoding': 'gzip' });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/^application\/json/);
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(JSON.parse(zlib.gunzipSync(gzipped.bytes).toString('utf8'))).toEqual(JSON.parse(plain.bytes.toString('utf8')));
  });

  it('prefers Brotli when the client accepts it, as browsers do', async () => {
    const cookie = await userWithTodos(12);
    const plain = await rawGet('/api/v1/todos', { cookie });
    const brotli = await rawGet('/api/v1/todos', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.bytes).toString('utf8'))).toEqual(JSON.parse(plain.bytes.toString('utf8')));
  });

  it('sends a small answer as it is: compressing it would cost more than it saves', async () => {
    const { cookie } = await buildSignedInUser(server);
    const me = await rawGet('/api/v1/users/me', { cookie, 'accept-encoding': 'gzip, br' });
    expect(me.status).toBe(200);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(me.bytes.toString('utf8')).success).toBe(true);
  });

  it('compresses an error answer no differently: a small envelope stays plain JSON', async () => {
    const answer = await rawGet('/api/v1/todos', { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(401);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.bytes.toString('utf8'))).toMatchObject({ success: false, code: expect.any(String) });
  });
});

describe('answers that are never compressed', () => {
  it('sends the live event stream uncompressed, so each event arrives as it is written', async () => {
    const { cookie } = await buildSignedInUser(server);
    const stream = await rawFirstBytes('/api/v1/events', { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['content-encoding']).toBeUndefined();
    // Readable as it comes: plain text, not a compressor's header bytes.
    expect(stream.bytes.toString('utf8')).toMatch(/^(:|id:|event:|retry:)/m);
  });

  it('sends an attachment download as it was stored, whatever the client accepts', async () => {
    const { cookie } = await buildSignedInUser(server);
    const workspace = await buildWorkspace(server, cookie);
    const project = await buildProject(server, cookie, { workspaceId: workspace._id });
    const feature = await buildFeature(server, cookie, project._id);
    const task = await buildTask(server, cookie, feature._id);
    const content = 'A line of a long text file.\n'.repeat(200);
    const attachment = await buildAttachment(server, cookie, task._id, { name: 'notes.txt', content, contentType: 'text/plain' });
    const download = await rawGet(`/api/v1/tasks/${task._id}/attachments/${attachment._id}`, { cookie, 'accept-encoding': 'gzip, br' });
    expect(download.status).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.bytes.toString('utf8')).toBe(content);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CLIENT_ID } from '@/lib/api-client';
import { isAbortError, uploadAttachments } from './upload-attachments';

/**
 * A stand-in for the browser's XMLHttpRequest (Node has none): it records what is sent and lets
 * a test answer, report progress, fail or be aborted.
 */
class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  aborted = false;
  private listeners: Record<string, Array<(event: unknown) => void>> = {};
  private uploadListeners: Record<string, Array<(event: unknown) => void>> = {};
  upload = { addEventListener: (type: string, listener: (event: unknown) => void) => (this.uploadListeners[type] ??= []).push(listener) };

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  emit(type: string, event: unknown = {}) {
    for (const listener of this.listeners[type] ?? []) listener(event);
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners.progress ?? []) listener({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.emit('load');
  }
}

const attachment = {
  _id: 'a1',
  name: 'plan.pdf',
  size: 4,
  contentType: 'application/pdf',
  description: 'The plan',
  uploadedBy: null,
  createdAt: '2025-01-05T10:00:00.000Z',
};
const file = (name: string, content: string, type = 'text/plain') => new File([content], name, { type });

beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeRequest));
afterEach(() => vi.unstubAllGlobals());

describe('uploadAttachments', () => {
  it('posts the description and each file in `files` to the task, reports progress, and answers the attachments', async () => {
    const progress: number[] = [];
    const done = uploadAttachments('task 1', {
      files: [file('plan.pdf', '%PDF', 'application/pdf'), file('notes.txt', 'hi')],
      description: '  The plan  ',
      onProgress: (fraction) => progress.push(fraction),
    });
    const request = FakeRequest.last;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/tasks/task%201/attachments');
    // The same headers as every other call: this tab's id goes with the upload too.
    expect(request.headers).toEqual({ accept: 'application/json', 'x-client-id': CLIENT_ID });
    const parts = [...request.body!.entries()];
    expect(parts.map(([field]) => field)).toEqual(['description', 'files', 'files']);
    expect(parts[0]![1]).toBe('The plan');
    expect((parts[1]![1] as File).name).toBe('plan.pdf');
    expect(await (parts[2]![1] as File).text()).toBe('hi');

    request.progress(50, 200);
    request.progress(200, 200);
    request.answer(201, { success: true, message: 'Attachments added successfully', data: [attachment] });
    await expect(done).resolves.toEqual([attachment]);
    expect(progress).toEqual([0.25, 1]);
  });

  it('leaves a blank description out', () => {
    void uploadAttachments('t', { files: [file('a.txt', 'a')], description: '   ' });
    expect([...FakeRequest.last.body!.keys()]).toEqual(['files']);
  });

  it("rejects with the server's message, as every other call does", async () => {
    const done = uploadAttachments('t', { files: [file('a.txt', 'a')] });
    FakeRequest.last.answer(413, { success: false, code: 'PAYLOAD_TOO_LARGE', message: 'Too many files: at most 5 can be uploaded at once' });
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', serverMessage: 'Too many files: at most 5 can be uploaded at once' });
  });

  it("falls back to 'Unknown error' without a server message, and status 0 without an answer", async () => {
    const bare = uploadAttachments('t', { files: [file('a.txt', 'a')] });
    FakeRequest.last.answer(502, undefined);
    await expect(bare).rejects.toMatchObject({ status: 502, message: 'Unknown error', serverMessage: undefined });

    const offline = uploadAttachments('t', { files: [file('a.txt', 'a')] });
    FakeRequest.last.emit('error');
    await expect(offline).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: 'Unknown error' });
  });

  it('refuses an answer of another shape', async () => {
    const done = uploadAttachments('t', { files: [file('a.txt', 'a')] });
    FakeRequest.last.answer(201, { success: true, data: 'nope' });
    await expect(done).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('aborts the request when the signal fires, with an AbortError', async () => {
    const controller = new AbortController();
    const done = uploadAttachments('t', { files: [file('a.txt', 'a')], signal: controller.signal });
    controller.abort();
    const error = await done.catch((caught: unknown) => caught);
    expect(FakeRequest.last.aborted).toBe(true);
    expect(isAbortError(error)).toBe(true);
    expect(isAbortError(new ApiError({ status: 0, code: 'NETWORK_ERROR' }))).toBe(false);
  });
});

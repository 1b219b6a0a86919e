import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers of at least this many bytes are compressed; smaller ones go as they are. Below about
 * a kilobyte the bytes saved are fewer than a packet and the compressor's setup costs more CPU
 * than the whole request's serialization (docs/decisions/017-first-screen.md).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON answers compressed for clients that accept it (Brotli, else gzip), at levels that are
 * cheap on CPU: Brotli quality 4 and gzip level 4 give most of the size gain of the maximum
 * levels for a fraction of their time. The built web app's files are compressed once at build
 * time (scripts/build.mjs) and sent as they are; raw answers (attachment downloads, the event
 * stream) opt out per route (`route()`), and the event stream's type is never compressed anyway.
 * Request bodies are not decompressed: the API accepts plain JSON only, as before.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 4 },
  });
}

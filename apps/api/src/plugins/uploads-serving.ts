import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { StorageProvider } from '../storage';

// Uploaded files kept on local disk are served under /uploads/ as data: no directory listing, no dotfiles, and
// headers that keep a browser from running anything in them. Files in S3 are served by the bucket.

export async function serveUploads(app: FastifyInstance, storage: StorageProvider): Promise<void> {
  if (!storage.root) return;
  await mkdir(storage.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (res) => {
      res.header('X-Content-Type-Options', 'nosniff');
      // Stored files are data, never a page that runs: no scripts even if one slips through.
      res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
    },
  });
}

import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { english, render } from '@bazar/contracts/messages';
import type { Maintenance } from './backup.maintenance';
import { UnderMaintenance } from './backup.restores';

/** Answered as always while a restore runs: the process is alive, and the restore's own request. */
const PASS = new Set(['/api/health', '/metrics', '/api/backups/restore']);

/** The page a shopper's browser gets while the shop is restored, in both of the shop's languages. */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${UnderMaintenance.retryAfterSeconds}">
<title>Back in a minute</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:0 1rem;text-align:center;color:#222}p{font-size:1.15rem;line-height:1.5}</style>
</head><body>
<h1>Back in a minute</h1>
<p>${render(english, new UnderMaintenance().said)}</p>
<p lang="bn">দোকানটি একটি ব্যাকআপ থেকে ফিরিয়ে আনা হচ্ছে। এক মিনিটের মধ্যে আবার চালু হবে।</p>
</body></html>`;

/**
 * The onRequest hook of maintenance: while a backup is restored every request but PASS answers
 * 503, the API's with the usual error answer (`maintenance`, in the caller's language), a page with
 * a short page that reloads itself; the web app's files (a path with an extension) are served, so
 * an open screen and the till's offline work keep going.
 */
export function maintenanceHook(maintenance: Maintenance) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const url = req.url.split('?')[0] ?? '';
    if (PASS.has(url)) return undefined;
    const isApi = url.startsWith('/api/') || url === '/api';
    if (!isApi && path.extname(url)) return undefined;
    if (!(await maintenance.active())) return undefined;
    reply.header('retry-after', String(UnderMaintenance.retryAfterSeconds));
    reply.header('cache-control', 'no-store');
    if (isApi || req.method !== 'GET') throw new UnderMaintenance();
    return reply.code(503).type('text/html; charset=utf-8').send(PAGE);
  };
}

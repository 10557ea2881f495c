// A fake SMS gateway for the browser tests: the shop server's `http` driver (SMS_DRIVER=http)
// POSTs {to, message} as JSON to /sms, and any 2xx is a delivery. Every message is kept in memory,
// in the order it came, and served to the tests: GET /messages?to=01XXXXXXXXX (all without `to`).
// Usage: node e2e/support/sms-gateway.mjs PORT  (playwright.config.ts starts it with the server)
import http from 'node:http';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('[sms-gateway] usage: node e2e/support/sms-gateway.mjs PORT');
  process.exit(1);
}

/** @type {{ to: string; message: string; at: string }[]} */
const received = [];

const answer = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  if (req.method === 'GET' && url.pathname === '/health') return answer(res, 200, { ok: true });
  if (req.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to');
    return answer(res, 200, { data: to ? received.filter((sms) => sms.to === to) : received });
  }
  if (req.method === 'POST' && url.pathname === '/sms') {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        return answer(res, 400, { message: 'The body is not JSON.' });
      }
      if (typeof body?.to !== 'string' || typeof body?.message !== 'string') {
        return answer(res, 422, { message: 'Send {to, message} as strings.' });
      }
      received.push({ to: body.to, message: body.message, at: new Date().toISOString() });
      return answer(res, 200, { ok: true });
    });
    return;
  }
  return answer(res, 404, { message: 'Not found' });
});

server.listen(port, '127.0.0.1', () => console.log(`[sms-gateway] listening on 127.0.0.1:${port}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));

// The baseline: a bare node:http server answering the health endpoint's JSON. Run in its own
// process; prints its port when listening.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const server = http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

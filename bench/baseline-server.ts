import http from 'node:http';

/** The bare node:http baseline: answers the same JSON body the measured route answers. */
const body = process.env.BASELINE_BODY ?? '{"status":"ok"}';
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
// a clean exit, so that BENCH_PROFILE's --cpu-prof writes this process's profile
process.on('SIGTERM', () => process.exit(0));

// s3rver on 127.0.0.1:<port> with one bucket, files in <dir>; tells its parent when it listens.
// Usage (by stack.mjs): node s3rver-child.mjs <dir> <port> <bucket>
import S3rver from 's3rver';

const [dir, port, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory: dir,
  configureBuckets: [{ name: bucket, configs: [] }],
});
await server.run();
process.send?.('ready');
process.on('SIGTERM', () => {
  server.close().finally(() => process.exit(0));
});

/**
 * The worker thread that hosts PGlite (plain CommonJS, run with `new Worker(source, { eval: true })`).
 * Protocol: the parent sends { id, op: 'query', sql, params }, { id, op: 'dump' } or { id, op: 'close' }; the worker
 * answers { id, rows, affectedRows } (a dump adds `tarball`, the data folder as an uncompressed tar) or
 * { id, error: { message, code, ... } }. It announces { ready: true } once PGlite is up, or { ready: false, error } if
 * it cannot start. With workerData.loadDataDir (a tar file written from a dump) the data folder starts as that
 * tarball instead of a new cluster; workerData.wasm holds PGlite's WebAssembly already compiled, workerData.sharedBuffers a smaller buffer cache. Ordering and transactions are the parent's business.
 */
export const PGLITE_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { PGlite } = require(workerData.pglitePath);
const FIELDS = ['message', 'code', 'severity', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column',
  'dataType', 'constraint', 'routine'];
function describe(error) {
  const out = {};
  for (const field of FIELDS) if (error != null && error[field] !== undefined) out[field] = error[field];
  if (typeof out.message !== 'string') out.message = String(error);
  return out;
}
let db;
parentPort.on('message', async (message) => {
  try {
    if (message.op === 'query') {
      const result = await db.query(message.sql, message.params);
      parentPort.postMessage({ id: message.id, rows: result.rows, affectedRows: result.affectedRows ?? 0 });
    } else if (message.op === 'dump') {
      const tarball = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
      parentPort.postMessage({ id: message.id, rows: [], affectedRows: 0, tarball }, [tarball.buffer]);
    } else if (message.op === 'close') {
      if (!db.closed) await db.close();
      parentPort.postMessage({ id: message.id, rows: [], affectedRows: 0 });
    }
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: describe(error) });
  }
});
const loadDataDir = workerData.loadDataDir ? new Blob([readFileSync(workerData.loadDataDir)]) : undefined;
PGlite.create({
  dataDir: workerData.dataDir,
  loadDataDir,
  pgliteWasmModule: workerData.wasm?.pglite,
  initdbWasmModule: workerData.wasm?.initdb,
  startParams: workerData.sharedBuffers ? [...PGlite.defaultStartParams, '-c', 'shared_buffers=' + workerData.sharedBuffers] : undefined,
}).then(
  (created) => { db = created; parentPort.postMessage({ ready: true }); },
  (error) => parentPort.postMessage({ ready: false, error: describe(error) }),
);
`;

/**
 * The worker thread that hosts PGlite (plain CommonJS, run with `new Worker(source, { eval: true })`).
 * Protocol: the parent sends { id, op: 'query', sql, params } or { id, op: 'close' }; the worker answers
 * { id, rows, affectedRows } or { id, error: { message, code, ... } }. It announces { ready: true } once PGlite is up,
 * or { ready: false, error } if it cannot start. Ordering and transactions are the parent's business.
 */
export const PGLITE_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
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
    } else if (message.op === 'close') {
      if (!db.closed) await db.close();
      parentPort.postMessage({ id: message.id, rows: [], affectedRows: 0 });
    }
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: describe(error) });
  }
});
PGlite.create(workerData.dataDir).then(
  (created) => { db = created; parentPort.postMessage({ ready: true }); },
  (error) => parentPort.postMessage({ ready: false, error: describe(error) }),
);
`;

/**
 * More API end-to-end suites as one jest file, for the reason api-parts.e2e-spec.ts gives (jest loads each file's
 * modules afresh: about 1 CPU-s per file for Nest, Fastify, the store and the engine): staff, tokens, approvals and
 * the audit stream; hidden and sealed cards; /live. A second file rather than more parts of the first, so that the
 * two run side by side on a 2-core machine. Each part keeps its own databases and apps, as it had as a file.
 * One part alone: `npx jest api-parts-2 -t '<its describe>'`.
 */
import './approval-one-write.e2e-part';
import './audit-stream.e2e-part';
import './auth.e2e-part';
import './hidden-cards.e2e-part';
import './live.e2e-part';
import './login-throttle.e2e-part';
import './sealed-hole-cards.e2e-part';
import './token-keys.e2e-part';
import './token-revocation.e2e-part';
import './users-admin.e2e-part';
import './widening-approvals.e2e-part';

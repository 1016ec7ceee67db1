import type { RecordedEvent } from '@felt/event-store';
import type { ConsoleContext } from './console-context.js';
import { confirmFirst } from './confirm-dialog.js';
import { element, field, formValues, replaceChildren } from './elements.js';
import { FeedbackSlots } from './feedback-slots.js';
import { localTime } from './refusal-sentences.js';

/**
 * The floor's devices (docs/api.md "Devices": GET/POST /devices, DELETE /devices/:id) and the audit stream
 * (GET /regulator/audit), on the Staff screen. A device's credential is shown once, as the API answers it; retiring a
 * device asks first, naming it. The audit stream is read a page at a time, oldest first, times in local time.
 */

/**
 * What the devices list answers, as far as this panel reads it: the API's Device (apps/api/src/auth/devices.ts) lives
 * in an app the console may not import, and only these fields are shown.
 */
interface DeviceRow {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly tableId: string | null;
  readonly registeredAt: string;
  readonly retiredAt: string | null;
}

export function devicesPanel(ctx: ConsoleContext): HTMLElement {
  const feedback = new FeedbackSlots();
  const list = element('ul', { 'data-testid': 'devices' });
  const credential = element('p', { class: 'one-time', 'data-testid': 'device-credential', hidden: true, role: 'status' });
  const kind = element(
    'select',
    { name: 'kind', 'data-testid': 'input-device-kind' },
    element('option', { value: 'console' }, 'console (staff sign in on it)'),
    element('option', { value: 'reader' }, "card reader (one table's hole cards)"),
    element('option', { value: 'shuffler' }, "shuffler (one table's decks)"),
  );
  const register = element(
    'form',
    { 'data-testid': 'register-device', class: 'inline-form' },
    field(
      'Device name',
      element('input', { name: 'name', type: 'text', required: true, autocomplete: 'off', 'data-testid': 'input-device-name' }),
    ),
    field('Kind', kind),
    field(
      'Table (readers and shufflers)',
      element('input', { name: 'tableId', type: 'text', autocomplete: 'off', 'data-testid': 'input-device-table' }),
    ),
    element('button', { type: 'submit', 'data-testid': 'register-device-submit' }, 'Register device'),
    feedback.slot('register-device'),
  );
  const load = async () => {
    try {
      const answer = await ctx.api.get<{ devices: DeviceRow[] }>('/devices');
      replaceChildren(
        list,
        answer.devices.length === 0
          ? element('li', {}, 'No device is registered.')
          : answer.devices.map((d) => deviceRow(ctx, d, feedback, load)),
      );
    } catch (error) {
      feedback.refused('devices', error);
    }
  };
  register.addEventListener('submit', (event) => {
    event.preventDefault();
    const v = formValues(register);
    const body = { name: v.name, kind: v.kind, ...(v.tableId ? { tableId: v.tableId } : {}) };
    void ctx.api
      .post<{ credential: string }>('/devices', body)
      .then((answer) => {
        register.reset();
        credential.replaceChildren(
          `Credential of ${v.name}: `,
          element('code', { 'data-testid': 'device-credential-value' }, answer.credential),
          ' — set it on the device now; it is not shown again.',
        );
        credential.hidden = false;
        feedback.succeeded('register-device', `${v.name} is registered.`);
        return load();
      })
      .catch((error) => feedback.refused('register-device', error));
  });
  void load();
  return element(
    'section',
    { class: 'panel', 'aria-labelledby': 'devices-heading', 'data-testid': 'devices-panel' },
    element('h2', { id: 'devices-heading' }, 'Devices'),
    feedback.slot('devices'),
    register,
    credential,
    list,
  );
}

/** A device: what it is, and Retire (after a confirmation naming it) while it is in use. */
function deviceRow(ctx: ConsoleContext, d: DeviceRow, feedback: FeedbackSlots, load: () => Promise<void>): HTMLElement {
  const what = `${d.name} (${d.kind}${d.tableId ? `, table ${d.tableId}` : ''}), registered ${localTime(d.registeredAt)}`;
  if (d.retiredAt) return element('li', { 'data-testid': `device-${d.name}` }, `${what}; retired ${localTime(d.retiredAt)}`);
  const retire = element('button', { type: 'button', 'data-testid': `retire-${d.name}` }, `Retire ${d.name}`);
  retire.addEventListener('click', () =>
    confirmFirst(
      `Retire device ${d.name}?`,
      `Everyone signed in on ${d.name} is signed out at once and its credential stops working. This cannot be taken back: a new credential means registering it again.`,
      `Retire ${d.name}`,
      () =>
        void ctx.api
          .send('DELETE', `/devices/${encodeURIComponent(d.id)}`)
          .then(() => (feedback.succeeded('devices', `${d.name} is retired.`), load()))
          .catch((error) => feedback.refused('devices', error)),
    ),
  );
  return element('li', { 'data-testid': `device-${d.name}` }, `${what} `, retire);
}

/** The audit stream, oldest first, a page of 50 at a time ("More" reads the next page). */
export function auditPanel(ctx: ConsoleContext): HTMLElement {
  const feedback = new FeedbackSlots();
  const list = element('ol', { 'data-testid': 'audit-events' });
  const more = element('button', { type: 'button', 'data-testid': 'audit-more' }, 'Read the audit stream');
  let after: string | null = null;
  more.addEventListener('click', async () => {
    try {
      const page = await ctx.api.get<{ events: Omit<RecordedEvent, 'globalPosition' | 'txId'>[]; nextAfter: string | null }>(
        `/regulator/audit?limit=50${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      );
      for (const e of page.events) {
        const role = e.metadata.actorRole;
        const what = JSON.stringify(e.data);
        list.append(
          element(
            'li',
            { 'data-testid': 'audit-event' },
            `${localTime(e.recordedAt)} ${e.type}${role ? ` (by a ${role})` : ''}: ${what.length > 120 ? `${what.slice(0, 117)}...` : what}`,
          ),
        );
        after = `${e.streamId}:${e.streamVersion}`;
      }
      more.textContent = page.nextAfter ? 'More' : 'Read again for newer events';
    } catch (error) {
      feedback.refused('audit', error);
    }
  });
  return element(
    'section',
    { class: 'panel', 'aria-labelledby': 'audit-heading', 'data-testid': 'audit-panel' },
    element('h2', { id: 'audit-heading' }, 'Audit stream'),
    feedback.slot('audit'),
    list,
    more,
  );
}

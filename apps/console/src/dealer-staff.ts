import type { User } from '@felt/staff';
import type { ApiClient } from './api-client.js';
import { element, field } from './elements.js';
import { FeedbackSlots } from './feedback-slots.js';
import { redraw } from './form-drafts.js';

interface Assignment {
  readonly userId: string;
  readonly name: string;
}

/**
 * Who deals a table (floor only): the dealers assigned, each with a Release button; assign another dealer; rotate
 * (the chosen dealer is assigned and every other one released, as at a dealer push). The choice lists the enabled
 * dealers from GET /users. Built once per table screen and reloaded after each of its own changes.
 */
export function dealerStaff(api: ApiClient, tableId: string): { node: HTMLElement; load(): Promise<void> } {
  const feedback = new FeedbackSlots();
  const line = element('p', { 'data-testid': 'dealers' });
  const body = element('div', { class: 'staff-controls' });
  const node = element(
    'section',
    { class: 'panel', 'aria-labelledby': 'staff-heading', 'data-testid': 'dealer-staff' },
    element('h2', { id: 'staff-heading' }, 'Dealers'),
    line,
    body,
    feedback.slot('dealers'),
  );
  const path = (userId: string) => `/tables/${encodeURIComponent(tableId)}/dealers/${encodeURIComponent(userId)}`;

  const change = async (steps: (() => Promise<unknown>)[], done: string) => {
    try {
      let waiting = false;
      // A table whose dealer sees hole cards: the assignment waits for a second floor supervisor (Staff screen).
      for (const step of steps) waiting = ((await step()) as { code?: string } | undefined)?.code === 'APPROVAL_REQUIRED' || waiting;
      feedback.succeeded(
        'dealers',
        waiting
          ? `Not yet: this table shows its dealer hole cards, so another floor supervisor must approve the assignment on the Staff screen within the hour.`
          : done,
      );
    } catch (error) {
      feedback.refused('dealers', error);
    }
    await load();
  };

  async function load(): Promise<void> {
    let assigned: Assignment[] = [];
    let dealers: User[] = [];
    try {
      assigned = (await api.get<{ dealers: Assignment[] }>(`/tables/${encodeURIComponent(tableId)}/dealers`)).dealers;
      dealers = (await api.get<{ users: User[] }>('/users')).users.filter((u) => u.role === 'dealer' && !u.disabled);
    } catch (error) {
      feedback.refused('dealers', error);
    }
    line.textContent = `Dealers: ${assigned.map((d) => d.name).join(', ') || 'none assigned'}`;
    const releases = assigned.map((d) => {
      const b = element('button', { type: 'button', 'data-testid': `release-${d.name}` }, `Release ${d.name}`);
      b.addEventListener('click', () => void change([() => api.send('DELETE', path(d.userId))], `${d.name} released from ${tableId}.`));
      return b;
    });
    const choice = (name: string) =>
      element(
        'select',
        { name, 'data-testid': `input-${name}` },
        dealers.map((d) => element('option', { value: d.name }, d.name)),
      );
    const assignSelect = choice('dealer');
    const assign = element(
      'form',
      { class: 'inline-form', 'data-testid': 'assign-dealer' },
      field('Dealer', assignSelect),
      element('button', { type: 'submit', 'data-testid': 'assign-dealer-submit', disabled: dealers.length === 0 }, 'Assign'),
    );
    assign.addEventListener('submit', (event) => {
      event.preventDefault();
      void change([() => api.put(path(assignSelect.value))], `Dealer ${assignSelect.value} assigned to ${tableId}.`);
    });
    const rotateSelect = choice('rotateTo');
    const rotate = element(
      'form',
      { class: 'inline-form', 'data-testid': 'rotate-dealer' },
      field('Rotate to', rotateSelect),
      element(
        'button',
        { type: 'submit', 'data-testid': 'rotate-dealer-submit', disabled: dealers.length === 0 },
        'Rotate (release the others)',
      ),
    );
    rotate.addEventListener('submit', (event) => {
      event.preventDefault();
      const incoming = rotateSelect.value;
      const outgoing = assigned.filter((d) => d.name !== incoming);
      void change(
        [() => api.put(path(incoming)), ...outgoing.map((d) => () => api.send('DELETE', path(d.userId)))],
        `${incoming} now deals ${tableId}${outgoing.length ? `; ${outgoing.map((d) => d.name).join(', ')} released` : ''}.`,
      );
    });
    redraw(body, element('div', { class: 'row-controls' }, releases), assign, rotate);
  }
  return { node, load };
}

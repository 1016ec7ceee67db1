import { SUITS, suitSymbol, type Suit } from './card-face.js';
import { element } from './elements.js';

const RANKS = 'AKQJT98765432';

const drafts = new Map<string, { picked: string[]; open: boolean }>();

/**
 * Live-cards tables: the dealer taps the cards as dealt on a 52-card grid (a row per suit, big targets for one
 * hand on a tablet). Cards already seen in the hand are greyed out and cannot be picked; the confirm button names
 * the cards and is enabled only when the right number is picked. The engine still checks every card.
 */
export function cardPicker(
  testId: string,
  label: string,
  count: number,
  seen: ReadonlySet<string>,
  send: (cards: string[]) => void,
  handNumber = 0,
): HTMLElement {
  // The picks so far survive the bar's redraws (another console's command, a new version): kept per hand and picker
  // until sent; a card seen meanwhile (dealt, shown) drops out of them.
  const key = `${handNumber}|${testId}|${label}|${count}`;
  for (const k of drafts.keys()) if (!k.startsWith(`${handNumber}|`)) drafts.delete(k);
  const draft = drafts.get(key) ?? { picked: [], open: false };
  draft.picked = draft.picked.filter((card) => !seen.has(card)).slice(0, count);
  drafts.set(key, draft);
  const picked = draft.picked;
  const confirm = element('button', { type: 'button', class: 'primary', 'data-testid': `${testId}-confirm`, disabled: true }, label);
  const open = element(
    'button',
    { type: 'button', 'data-testid': testId, 'aria-expanded': String(draft.open) },
    `${label} — pick ${count} card${count === 1 ? '' : 's'}`,
  );
  const grid = element('div', { class: 'card-grid', role: 'group', 'aria-label': `${label}: pick ${count}` });
  const panel = element(
    'div',
    { class: 'card-picker', 'data-testid': `${testId}-picker`, hidden: !draft.open },
    grid,
    element('div', { class: 'picker-foot' }, confirm),
  );
  const refresh = () => {
    confirm.disabled = picked.length !== count;
    confirm.textContent = picked.length ? `${label}: ${picked.join(' ')}` : `${label} (pick ${count})`;
  };
  for (const suit of Object.keys(SUITS) as Suit[]) {
    const { name } = SUITS[suit];
    // One row per suit, on the phone too (console.css): the picker never mixes suits within a row.
    const row = element('div', { class: 'card-row', role: 'group', 'aria-label': name });
    grid.append(row);
    for (const rank of RANKS) {
      const code = `${rank}${suit}`;
      const taken = seen.has(code);
      const card = element(
        'button',
        {
          type: 'button',
          class: `pick suit-${suit}`,
          'data-testid': `pick-${code}`,
          'aria-pressed': String(picked.includes(code)),
          disabled: taken,
          'aria-label': `${rank === 'T' ? '10' : rank} of ${name}${taken ? ' (already seen)' : ''}`,
        },
        `${rank === 'T' ? '10' : rank}`,
        suitSymbol(suit),
        element('span', { class: 'suit-letter' }, suit),
      );
      card.addEventListener('click', () => {
        const at = picked.indexOf(code);
        if (at >= 0) picked.splice(at, 1);
        else if (picked.length < count) picked.push(code);
        card.setAttribute('aria-pressed', String(picked.includes(code)));
        refresh();
      });
      row.append(card);
    }
  }
  open.addEventListener('click', () => {
    panel.hidden = !panel.hidden;
    draft.open = !panel.hidden;
    open.setAttribute('aria-expanded', String(!panel.hidden));
  });
  confirm.addEventListener('click', () => {
    if (picked.length !== count) return;
    drafts.delete(key);
    send([...picked]);
  });
  refresh();
  return element('div', { class: 'card-action' }, open, panel);
}

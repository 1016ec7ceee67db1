import { element, field } from './elements.js';
import type { Rules } from './table-types.js';

/**
 * Every setting of a table's rules as form fields, for the open-table form and the floor's rules change between hands
 * (ChangeRules): stakes and structure, seats and buy-in, antes, the button, the missed-blind policy, the rake, the
 * shot clock and the house options. `rulesFromValues` checks them all and returns every problem at once, in the
 * engine's words (libs/engine table/rules.ts and the options' schemas), so the floor fixes them in one go.
 */

type Option = [value: string, label: string];

const num = (name: string, value: number | string, extra: Record<string, string | number> = {}) =>
  element('input', {
    name,
    type: 'number',
    min: 0,
    step: 1,
    value,
    inputmode: 'numeric',
    'data-testid': `input-${name}`,
    ...extra,
  });
const tick = (name: string, checked: boolean) =>
  element('input', { name, type: 'checkbox', value: 'on', checked, 'data-testid': `input-${name}` });
const choice = (name: string, options: Option[], chosen: string) =>
  element(
    'select',
    { name, 'data-testid': `input-${name}` },
    options.map(([value, label]) => element('option', { value, selected: value === chosen }, label)),
  );

const TICKED_OPTIONS = ['straddle', 'chop', 'bombPot', 'runItTwice'] as const;
const TICK_LABELS: Record<(typeof TICKED_OPTIONS)[number], string> = {
  straddle: 'Straddle',
  chop: 'Chop',
  bombPot: 'Bomb pots (called by the floor)',
  runItTwice: 'Run it twice',
};

/** The fields, filled from `current` (a table's rules) or with the defaults of a new table. */
export function rulesControls(current: Rules | null): Node[] {
  const { structure, limitOnly, bigBetOnly } = structureControls(current);
  return [
    field('Structure', structure),
    field('Small blind', num('smallBlind', current?.smallBlind ?? 1)),
    field('Big blind', num('bigBlind', current?.bigBlind ?? 2)),
    limitOnly,
    ...tableControls(current),
    bigBetOnly,
    ...optionControls(current),
  ];
}

/** The structure, with the fields only fixed limit has (its bets, a kill game) and those only the big-bet games have (a kill pot). */
function structureControls(current: Rules | null) {
  const house = current?.houseOptions;
  const structureKind = current?.structure.kind ?? 'no-limit';
  const fixed = current?.structure.kind === 'fixed-limit' ? current.structure : null;
  const structure = choice(
    'structure',
    [
      ['no-limit', 'No limit'],
      ['pot-limit', 'Pot limit'],
      ['fixed-limit', 'Fixed limit'],
    ],
    structureKind,
  );
  const limitOnly = element(
    'span',
    { class: 'limit-only', hidden: structureKind !== 'fixed-limit' },
    field('Small bet', num('smallBet', fixed?.smallBet ?? 2)),
    field('Big bet', num('bigBet', fixed?.bigBet ?? 4)),
    field(
      'Kill game',
      choice(
        'killGame',
        [
          ['', 'off'],
          ['full', 'full kill (limits ×2)'],
          ['half', 'half kill (limits ×1.5)'],
        ],
        house?.killGame?.mode ?? '',
      ),
    ),
  );
  const bigBetOnly = element(
    'span',
    { class: 'big-bet-only', hidden: structureKind === 'fixed-limit' },
    field(
      'Kill pot',
      choice(
        'killPot',
        [
          ['', 'off'],
          ['double', 'double'],
          ['up-to-half-stack', 'up to half the stack'],
        ],
        house?.killPot?.size ?? '',
      ),
    ),
  );
  structure.addEventListener('change', () => {
    limitOnly.hidden = structure.value !== 'fixed-limit';
    bigBetOnly.hidden = structure.value === 'fixed-limit';
  });
  return { structure, limitOnly, bigBetOnly };
}

/** Seats, buy-in, antes, the button and the missed-blind policy. */
function tableControls(current: Rules | null): Node[] {
  const missed = current?.missedBlinds;
  return [
    field('Seats', num('maxSeats', current?.maxSeats ?? 9, { min: 2, max: 10 })),
    field('Minimum buy-in', num('buyInMin', current ? (current.buyIn?.min ?? '') : 40)),
    field('Maximum buy-in', num('buyInMax', current ? (current.buyIn?.max ?? '') : 200)),
    field(
      'Ante',
      choice(
        'anteKind',
        [
          ['none', 'none'],
          ['everyone', 'everyone'],
          ['big-blind', 'BB ante (paid by the BB)'],
          ['button', 'button ante'],
        ],
        current?.ante.kind ?? 'none',
      ),
    ),
    field('Ante amount', num('anteAmount', current?.ante.amount ?? 0)),
    field(
      'Button',
      choice(
        'buttonMode',
        [
          ['dead', 'dead button'],
          ['moving', 'moving button'],
        ],
        current?.buttonMode ?? 'dead',
      ),
    ),
    field(
      'Missed blinds, the small only',
      choice(
        'missedSmallOnly',
        [
          ['small-blind-dead', 'posts it dead'],
          ['big-blind-live', 'posts a live BB'],
          ['wait-for-big-blind', 'waits for the BB'],
        ],
        missed?.missedSmallOnly ?? 'small-blind-dead',
      ),
    ),
    field(
      'Entry between the blinds and the button',
      tick('allowEntryBetweenBlindsAndButton', missed?.allowEntryBetweenBlindsAndButton ?? false),
    ),
  ];
}

/** The house options: the ticked ones, the rake, the shot clock, the card source. */
function optionControls(current: Rules | null): Node[] {
  const house = current?.houseOptions;
  const rake = house?.rake ?? null;
  const clock = house?.shotClock ?? null;
  return [
    ...TICKED_OPTIONS.map((name) => field(TICK_LABELS[name], tick(name, Boolean(house?.[name])))),
    field('Rake', tick('rake', rake !== null)),
    field('Rake percent', num('rakePercent', rake?.percent ?? 5, { step: 0.01, inputmode: 'decimal' })),
    field('Rake cap (empty: none)', num('rakeCap', rake?.cap ?? '')),
    field('Shot clock', tick('shotClock', clock !== null)),
    field('Seconds a decision', num('clockSeconds', clock?.seconds ?? 30, { min: 5, max: 600 })),
    field(
      'When the time runs out',
      choice(
        'clockOnExpiry',
        [
          ['fold', 'the hand is dead'],
          ['check-else-fold', 'check where one is legal'],
        ],
        clock?.onExpiry ?? 'fold',
      ),
    ),
    // Physical cards: the board and shown hands are entered as dealt (docs/table-scripts.md "Live cards").
    field('Live cards', tick('liveCards', current?.cardSource === 'live')),
    // Only where the cards are read electronically and the dealer's console must show them (docs/security.md).
    field("Dealer's console shows hole cards", tick('dealerSeesHoleCards', current?.dealerSeesHoleCards === true)),
  ];
}

/**
 * The rules the form's values make (keeping the current options' own parameters where the form only ticks them),
 * or every problem found, each a sentence.
 */
export function rulesFromValues(
  v: Record<string, string>,
  current: Rules | null,
): { rules: Record<string, unknown> } | { problems: string[] } {
  const problems: string[] = [];
  const whole = (name: string, label: string, blankAllowed = false): number => {
    if (blankAllowed && (v[name] ?? '') === '') return NaN;
    const n = Number(v[name]);
    if (v[name] === '' || v[name] === undefined || !Number.isSafeInteger(n) || n < 0)
      problems.push(`${label} must be a whole number of chips.`);
    return n;
  };
  const fixed = v.structure === 'fixed-limit';
  const smallBlind = whole('smallBlind', 'Small blind');
  const bigBlind = whole('bigBlind', 'Big blind');
  if (bigBlind === 0) problems.push('The big blind must be above zero.');
  if (smallBlind > bigBlind) problems.push('The small blind must be at most the big blind.');
  const maxSeats = Number(v.maxSeats);
  if (!Number.isInteger(maxSeats) || maxSeats < 2 || maxSeats > 10) problems.push('A table has 2 to 10 seats.');
  const buyInMin = whole('buyInMin', 'Minimum buy-in');
  const buyInMax = whole('buyInMax', 'Maximum buy-in');
  if (buyInMin === 0 || buyInMax === 0 || buyInMin > buyInMax)
    problems.push('The buy-in range needs a minimum and a maximum above zero, the minimum first.');
  const smallBet = fixed ? whole('smallBet', 'Small bet') : 0;
  const bigBet = fixed ? whole('bigBet', 'Big bet') : 0;
  if (fixed && (smallBet === 0 || bigBet < smallBet))
    problems.push('The big bet must be at least the small bet, and the small bet above zero.');
  const anteAmount = whole('anteAmount', 'The ante');
  if (v.anteKind !== 'none' && anteAmount === 0) problems.push('An ante must be a whole number of chips above zero (or choose no ante).');
  const house: Record<string, unknown> = {};
  const before = current?.houseOptions as Record<string, unknown> | undefined;
  // A ticked option keeps its current parameters (a straddle's limits, say); a newly ticked one takes the defaults.
  for (const name of TICKED_OPTIONS) if (v[name] === 'on') house[name] = before?.[name] ?? true;
  if (fixed && v.killGame) house.killGame = { mode: v.killGame };
  // In no limit and pot limit there are no limits for a kill to double: it can only be an overblind.
  if (!fixed && v.killPot) house.killPot = { size: v.killPot, overblindOnly: true };
  if (v.rake === 'on') {
    const percent = Number(v.rakePercent);
    if (v.rakePercent === '' || !(percent >= 0 && percent <= 100) || Math.round(percent * 100) !== percent * 100)
      problems.push('The rake is a percentage from 0 to 100, in hundredths at most.');
    const cap = whole('rakeCap', 'The rake cap', true);
    house.rake = { ...(current?.houseOptions.rake ?? {}), percent, cap: Number.isNaN(cap) ? null : cap };
  }
  if (v.shotClock === 'on') {
    const seconds = Number(v.clockSeconds);
    if (!Number.isInteger(seconds) || seconds < 5 || seconds > 600)
      problems.push('A decision gets a whole number of seconds from 5 to 600.');
    house.shotClock = { ...(current?.houseOptions.shotClock ?? {}), seconds, onExpiry: v.clockOnExpiry };
  }
  if (problems.length > 0) return { problems };
  return {
    rules: {
      structure: fixed ? { kind: 'fixed-limit', smallBet, bigBet } : { kind: v.structure || 'no-limit' },
      smallBlind,
      bigBlind,
      maxSeats,
      buyIn: { min: buyInMin, max: buyInMax },
      ante: { kind: v.anteKind, amount: v.anteKind === 'none' ? 0 : anteAmount },
      buttonMode: v.buttonMode,
      missedBlinds: { missedSmallOnly: v.missedSmallOnly, allowEntryBetweenBlindsAndButton: v.allowEntryBetweenBlindsAndButton === 'on' },
      houseOptions: house,
      ...(v.liveCards === 'on' ? { cardSource: 'live' } : {}),
      ...(v.dealerSeesHoleCards === 'on' ? { dealerSeesHoleCards: true } : {}),
    },
  };
}

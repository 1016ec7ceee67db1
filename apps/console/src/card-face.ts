import { element } from './elements.js';

const SVG = 'http://www.w3.org/2000/svg';

/** Each suit's name and its symbol as shapes in a 16×16 box: drawn, so no font needs to have ♠♥♦♣. */
export const SUITS = {
  s: { name: 'spades', shapes: [['path', { d: 'M8 1 L2.2 8.2 A3 3 0 0 0 7 11.3 L6 15 H10 L9 11.3 A3 3 0 0 0 13.8 8.2 Z' }]] },
  h: { name: 'hearts', shapes: [['path', { d: 'M8 14.5 L2 8.2 A3.2 3.2 0 0 1 8 4.2 A3.2 3.2 0 0 1 14 8.2 Z' }]] },
  d: { name: 'diamonds', shapes: [['path', { d: 'M8 1 L13.5 8 L8 15 L2.5 8 Z' }]] },
  c: {
    name: 'clubs',
    shapes: [
      ['circle', { cx: '8', cy: '4.6', r: '3' }],
      ['circle', { cx: '4.4', cy: '9.4', r: '3' }],
      ['circle', { cx: '11.6', cy: '9.4', r: '3' }],
      ['path', { d: 'M7 8 H9 L10 15 H6 Z' }],
    ],
  },
} as const satisfies Record<string, { name: string; shapes: readonly (readonly [string, Record<string, string>])[] }>;

export type Suit = keyof typeof SUITS;

/** The suit's symbol, for the eye only (the card's letters are what is read out and what tests read). */
export function suitSymbol(suit: string): SVGSVGElement | null {
  const known = SUITS[suit as Suit];
  if (!known) return null;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('class', 'suit-symbol');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  for (const [tag, attributes] of known.shapes) {
    const shape = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) shape.setAttribute(name, value);
    svg.append(shape);
  }
  return svg;
}

/**
 * A card as the console shows it: its letters ("Qh": rank and suit, what is read out and copied) and the suit's
 * drawn symbol, in the four-colour deck's colour (console.css: spades black, hearts red, diamonds blue, clubs green),
 * so hearts and diamonds are told apart at a glance and by letter.
 */
export function cardFace(code: string): HTMLElement {
  return element('span', { class: `card suit-${code[1]}` }, code, suitSymbol(code[1] ?? ''));
}

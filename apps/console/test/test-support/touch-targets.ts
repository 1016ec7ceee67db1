import type { ConsoleUser } from './console-browser';

/** The two screens the floor's targets are checked on: a tablet at a table, a supervisor's phone. */
export const TABLET = { width: 1024, height: 768 };
export const PHONE = { width: 390, height: 844 };

/**
 * Every visible control of the screen smaller than 44×44 px, as "screen: what (w×h)". A checkbox's target is its
 * label; the card picker's keys on the phone are exempt from the width (thirteen a row, one suit a row).
 */
export async function smallTargets(person: ConsoleUser, screen: string): Promise<string[]> {
  // Run in the page (a string: this file is compiled without the DOM's types).
  const found = (await person.page.evaluate(`(() => {
    const out = [];
    for (const node of document.querySelectorAll('button, a[href], select, input, summary')) {
      if (node.type === 'hidden') continue;
      const target = node.type === 'checkbox' || node.type === 'radio' ? (node.closest('label') ?? node) : node;
      if (target.closest('[hidden], dialog:not([open])') || target.getClientRects().length === 0) continue;
      const box = target.getBoundingClientRect();
      const narrowKey = target.classList.contains('pick') && window.innerWidth < 700;
      if (box.height < 43.5 || (!narrowKey && box.width < 43.5))
        out.push(target.tagName.toLowerCase() + ' "' + ((target.textContent ?? '').trim().slice(0, 30) || target.getAttribute('name') || '') + '" (' + Math.round(box.width) + 'x' + Math.round(box.height) + ')');
    }
    return out;
  })()`)) as string[];
  return found.map((f) => `${screen}: ${f}`);
}

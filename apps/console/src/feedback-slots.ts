import { element } from './elements.js';
import { refusalCode, refusalSentence } from './refusal-sentences.js';

/**
 * Messages shown next to the control that caused them (the action bar, one form, one seat's controls), in red for
 * a refusal. The table screen redraws its controls on every change, so a message lives here by the control's name
 * and is put back into the redrawn slot; the next success anywhere on the screen clears them all (an old refusal
 * must not stay up hands later).
 */
export class FeedbackSlots {
  private readonly messages = new Map<string, { text: string; kind: 'error' | 'done'; code: string }>();
  private readonly mounted = new Map<string, HTMLElement>();

  /** The element that shows `name`'s message; put it beside the control. */
  slot(name: string): HTMLElement {
    const node = element('p', { class: 'feedback', role: 'alert', 'data-testid': `feedback-${name}` });
    this.mounted.set(name, node);
    // Not on screen yet: painted as it is, never swapped for the slot it replaces (shown()).
    this.paint(name, node);
    return node;
  }

  /** `before`: what was done before the refusal (part of a tap that sends several commands). */
  refused(name: string, error: unknown, before?: string): void {
    const sentence = refusalSentence(error);
    this.messages.set(name, { text: before ? `${before} ${sentence}` : sentence, kind: 'error', code: refusalCode(error) });
    this.paint(name);
  }

  /** A refusal decided in the page (an amount out of bounds): nothing was sent. */
  refusedHere(name: string, sentence: string): void {
    this.messages.set(name, { text: sentence, kind: 'error', code: 'PAGE' });
    this.paint(name);
  }

  /** Something worked: every old refusal goes, and `name` may say what was done. */
  succeeded(name?: string, text?: string): void {
    const names = [...this.messages.keys()];
    this.messages.clear();
    if (name && text) this.messages.set(name, { text, kind: 'done', code: '' });
    for (const other of new Set([...names, ...(name ? [name] : [])])) this.paint(other);
  }

  private paint(name: string, node = this.shown(name)): void {
    if (!node) return;
    const message = this.messages.get(name);
    node.textContent = message?.text ?? '';
    node.hidden = !message;
    if (message) {
      node.dataset.kind = message.kind;
      node.dataset.code = message.code;
    }
  }

  /**
   * `name`'s slot on screen. A form in use survives a redraw as itself (form-drafts.ts) with the slot it was drawn
   * with, while the redraw made (and mounted here) a new one that never reached the screen: the one on screen wins.
   */
  private shown(name: string): HTMLElement | undefined {
    const node = this.mounted.get(name);
    if (!node || node.isConnected) return node;
    const onScreen = document.querySelector<HTMLElement>(`[data-testid="feedback-${CSS.escape(name)}"]`);
    if (onScreen) this.mounted.set(name, onScreen);
    return onScreen ?? node;
  }
}

import { refusalSentence } from './refusal-sentences.js';

/**
 * The page's message line under the header (role="alert"), for what belongs to no control: sign in, the session
 * ending. Refusals are shown in words (refusal-sentences.ts); the table screens show theirs next to the control.
 */
export class Notice {
  constructor(private readonly node: HTMLElement) {}

  /** `aliases`: the players the screen knows by alias (refusal-sentences.ts). */
  error(error: unknown, aliases?: ReadonlyMap<string, string>): void {
    this.show(refusalSentence(error, aliases), 'error');
  }

  info(text: string): void {
    this.show(text, 'info');
  }

  clear(): void {
    this.node.textContent = '';
    this.node.hidden = true;
  }

  private show(text: string, kind: 'error' | 'info'): void {
    this.node.textContent = text;
    this.node.dataset.kind = kind;
    this.node.hidden = false;
  }
}

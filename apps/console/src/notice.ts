import { ApiError } from './api-client.js';

/**
 * The page's one message line (role="alert"): a refusal shows the API's sentence (problem+json `detail`) with its
 * status and code, so the floor sees exactly why, e.g. "403 FORBIDDEN_ROLE: ...".
 */
export class Notice {
  constructor(private readonly node: HTMLElement) {}

  error(error: unknown): void {
    const text =
      error instanceof ApiError
        ? `${error.status ? `${error.status} ` : ''}${error.code}: ${error.detail}`
        : error instanceof Error
          ? error.message
          : String(error);
    this.show(text, 'error');
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
